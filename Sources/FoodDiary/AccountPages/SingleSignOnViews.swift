import FoodDiaryBase
import Foundation

/// The account page's part on the household's provider: linked or not, and how to change that.
struct SingleSignOnPart: Sendable {
    let provider: String
    let isLinked: Bool
    /// "Linked as robin@home since 28 Nov 2026 · last used 28 Nov 2026"
    let linkText: String?
    let linkButton: String
    /// Unlinking needs the password again, and someone without one would be locked out.
    let canUnlink: Bool

    init(provider: String, link: SingleSignOnLink?, hasPassword: Bool, timeZone: TimeZone) {
        self.provider = provider
        isLinked = link != nil
        linkText = link.map { link in
            let since = LocalDateTime(link.linkedAt, in: timeZone).date.dayMonthYearText
            return link.lastUsedAt.map {
                tr("Linked as \(link.shownAs) since \(since) · last used \(LocalDateTime($0, in: timeZone).date.dayMonthYearText)")
            }
                ?? tr("Linked as \(link.shownAs) since \(since) · not used yet")
        }
        linkButton = tr("Link your \(provider) account")
        canUnlink = hasPassword
    }
}

/// The moment between this server and the provider. The page leaves by its `Refresh` header, not
/// a redirect of the form's post: `form-action 'self'` (the pages' policy) would stop a post
/// redirected to another site, and a provider's address does not belong in every page's policy.
struct SingleSignOnOnTheWayView: Sendable {
    let title = tr("Signing in")
    let provider: String
    let address: String
}

import FoodDiaryBase
/// What a change made from the account page came to, shown in the part of the page it was made
/// from: a refused passkey or token is answered beside its form, not above the fold of a long page.
enum AccountNotice: String, Sendable {
    case changePassword = "change_password"
    case passwordChanged = "password_changed"
    case passwordChangedTokensRevoked = "password_changed_tokens_revoked"
    case passwordChangedTokensKept = "password_changed_tokens_kept"
    case tokenRevoked = "token_revoked"
    case secondStepOff = "second_step_off"
    case secondStepUnlocked = "second_step_unlocked"
    case passwordWrong = "password_wrong"
    case passwordThrottled = "password_throttled"
    case signInAgain = "sign_in_again"
    case singleSignOnOnlyWay = "sso_only_way"
    case passkeyAdded = "passkey_added"
    case passkeyRemoved = "passkey_removed"
    case singleSignOnLinked = "sso_linked"
    case singleSignOnLinkedElsewhere = "sso_linked_elsewhere"
    case singleSignOnFailed = "sso_failed"
    case singleSignOnUnlinked = "sso_unlinked"
    case reportLinkStopped = "report_link_stopped"

    /// The account page's parts a notice can be shown in; each is the id of its section.
    enum Section: String, Sendable {
        case passkeys
        case singleSignOn = "sso"
        case secondStep = "second-step"
        case tokens
        case reportLinks = "report-links"
    }

    var text: String {
        switch self {
        case .changePassword: tr("Choose a password of your own to go on: the one you signed in with was set by somebody else.")
        case .passwordChanged: tr("Password changed. Every other device you were signed in on has been signed out.")
        case .passwordChangedTokensRevoked:
            tr("Password changed. Every other device you were signed in on has been signed out, and your access tokens were revoked.")
        case .passwordChangedTokensKept:
            tr(
                "Password changed. Every other device you were signed in on has been signed out. Your access tokens below still work: revoke any that someone else may know."
            )
        case .tokenRevoked: tr("Token revoked. Scripts using it can no longer reach the diary.")
        case .secondStepOff: tr("Your second step is off: your password alone signs you in.")
        case .secondStepUnlocked: tr("The lock is lifted: codes from your app sign you in again.")
        case .passwordWrong: tr("That password is not right, so nothing changed.")
        case .passwordThrottled: tr("Too many wrong passwords. Try again in a while.")
        case .signInAgain:
            tr(
                "You signed in more than \(RecentSignIn.windowText) ago, so nothing changed. Sign in again, then do it within \(RecentSignIn.windowText)."
            )
        case .singleSignOnOnlyWay: tr("It stays linked: without a password here, it is how you sign in.")
        case .passkeyAdded: tr("Passkey added. Sign in with it from this device: no name or password needed.")
        case .passkeyRemoved: tr("Passkey removed. It no longer signs you in.")
        case .singleSignOnLinked: tr("Linked. Sign in with it from now on.")
        case .singleSignOnLinkedElsewhere: tr("That account is linked to somebody else here already, so nothing changed.")
        case .singleSignOnFailed: tr("Linking did not finish, so nothing changed. Try again.")
        case .singleSignOnUnlinked: tr("Unlinked. It no longer signs you in here.")
        case .reportLinkStopped: tr("The link was stopped: the report no longer opens with it.")
        }
    }

    /// Whether it says nothing changed (shown as a problem, read out at once).
    var isRefusal: Bool {
        switch self {
        case .passwordWrong, .passwordThrottled, .signInAgain, .singleSignOnOnlyWay, .singleSignOnLinkedElsewhere, .singleSignOnFailed: true
        default: false
        }
    }

    /// Where a notice about one part is shown; nil for the top of the page.
    var section: Section? {
        switch self {
        case .tokenRevoked: .tokens
        case .secondStepOff, .secondStepUnlocked: .secondStep
        case .singleSignOnOnlyWay, .singleSignOnLinked, .singleSignOnLinkedElsewhere, .singleSignOnFailed, .singleSignOnUnlinked:
            .singleSignOn
        case .passkeyAdded, .passkeyRemoved: .passkeys
        case .reportLinkStopped: .reportLinks
        default: nil
        }
    }

    /// The account page showing this notice, scrolled to its part.
    var address: String { "/account?notice=\(rawValue)" + (section.map { "#\($0.rawValue)" } ?? "") }

    /// The account page showing this notice in `section` (a refusal belongs to the form it refused).
    func address(at section: Section) -> String { "/account?notice=\(rawValue)&at=\(section.rawValue)#\(section.rawValue)" }

    /// The notice an account page's address asks for, and the part it belongs in.
    static func shown(notice: String?, at: String?) -> (notice: AccountNotice, section: Section?)? {
        guard let notice = notice.flatMap(AccountNotice.init(rawValue:)) else { return nil }
        return (notice, at.flatMap(Section.init(rawValue:)) ?? notice.section)
    }
}

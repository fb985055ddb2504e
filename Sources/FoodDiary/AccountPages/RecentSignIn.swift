import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import Hummingbird

/// What changes how a person signs in needs a recent sign-in: adding a way in (a passkey, a
/// provider link, a second step, an access token) as much as removing one (turning off the second
/// step, new recovery codes, removing a passkey, unlinking the provider). A browser left signed in
/// is not enough to plant a way in that outlives a password change. Someone with a password types it again, throttled as at sign-in; someone without one
/// (they joined through the household's provider) must have signed in to this browser within
/// `window`, with the provider or a passkey.
struct RecentSignIn: Sendable {
    let accounts: AccountsDatabase
    let authentication: Authentication
    let throttle: SignInThrottle
    let now: @Sendable () -> Date

    /// Long enough to sign in again and tap *Remove*; short enough that a browser found open is
    /// not a way in.
    static let window: TimeInterval = 600
    static var windowText: String { "\(Int(window / 60)) minutes" }

    /// Nil when the person proved it is them; else why not (`passwordWrong`, `passwordThrottled`
    /// or `signInAgain`), to show beside the form that asked.
    func refusal(_ request: Request, context: AppRequestContext, person: SignedIn) async throws -> AccountNotice? {
        let keys = SignInThrottle.keys(
            name: person.account.name, client: authentication.client(request, context: context), device: "account-\(person.account.id)")
        if throttle.wait(for: keys, now: now()) != nil { return .passwordThrottled }
        guard let hash = try await accounts.passwordHash(accountID: person.account.id) else {
            return try await isRecent(person) ? nil : .signInAgain
        }
        guard try await Passwords.verify(context.formFields["current_password"] ?? "", against: hash) else {
            throttle.recordFailure(for: keys, now: now())
            return .passwordWrong
        }
        return nil
    }

    /// The status a refused form is answered with.
    static func status(of refusal: AccountNotice) -> HTTPResponse.Status {
        refusal == .passwordThrottled ? .tooManyRequests : .forbidden
    }

    /// Whether this browser's sign-in began within `window`; a proxy's header or a token never counts.
    func isRecent(_ person: SignedIn) async throws -> Bool {
        guard case .session(let id) = person.credential, let began = try await accounts.sessionStartedAt(idSHA256: id) else { return false }
        return now().timeIntervalSince(began) < Self.window
    }

    /// Changed from a browser the person signed in to, never with an access token.
    static func browser(_ context: AppRequestContext) throws -> SignedIn {
        let person = try context.person()
        if case .token = person.credential {
            throw HTTPError(
                .forbidden, message: tr("Access tokens cannot change how you sign in. Sign in in a browser and use your account page."))
        }
        return person
    }
}

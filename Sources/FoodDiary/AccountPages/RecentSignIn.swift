import FoodDiaryWeb
import Foundation
import Hummingbird

/// What changes how a person signs in (turning off the second step, new recovery codes, removing a
/// passkey, unlinking the provider) needs a recent sign-in: a browser left signed in is not
/// enough. Someone with a password types it again, throttled as at sign-in; someone without one
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

    /// Nil when the person proved it is them; else the account page's notice saying why not.
    func refusal(_ request: Request, context: AppRequestContext, person: SignedIn) async throws -> String? {
        let keys = SignInThrottle.keys(name: person.account.name, client: authentication.client(request, context: context), device: "account-\(person.account.id)")
        if throttle.wait(for: keys, now: now()) != nil { return "password_throttled" }
        guard let hash = try await accounts.passwordHash(accountID: person.account.id) else {
            return try await isRecent(person) ? nil : "sign_in_again"
        }
        guard try await Passwords.verify(context.formFields["current_password"] ?? "", against: hash) else {
            throttle.recordFailure(for: keys, now: now())
            return "password_wrong"
        }
        return nil
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
            throw HTTPError(.forbidden, message: "Access tokens cannot change how you sign in. Sign in in a browser and use your account page.")
        }
        return person
    }
}

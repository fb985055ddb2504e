import FoodDiaryWeb
import Foundation
import Hummingbird

/// What changes how a person signs in (turning off the second step, new recovery codes, removing a
/// passkey) asks for their password again, throttled as at sign-in: a browser left signed in is
/// not enough.
struct PasswordAgain: Sendable {
    let accounts: AccountsDatabase
    let authentication: Authentication
    let throttle: SignInThrottle
    let now: @Sendable () -> Date

    /// Nil when `current_password` is the person's; else the account page's notice saying why not.
    func refusal(_ request: Request, context: AppRequestContext, person: SignedIn) async throws -> String? {
        let keys = SignInThrottle.keys(name: person.account.name, client: authentication.client(request, context: context), device: "account-\(person.account.id)")
        if throttle.wait(for: keys, now: now()) != nil { return "password_throttled" }
        let hash = try await accounts.passwordHash(accountID: person.account.id)
        guard try await Passwords.verify(context.formFields["current_password"] ?? "", against: hash ?? Passwords.standIn), hash != nil else {
            throttle.recordFailure(for: keys, now: now())
            return "password_wrong"
        }
        return nil
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

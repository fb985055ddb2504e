import FoodDiaryBase
import Foundation

/// The ways in this server offers on its sign-in and invitation pages, besides passkeys.
struct SignInMethods: Sendable {
    /// A name and password: `--no-password-sign-in` turns it off once single sign-on works.
    var password = true
    /// The household's provider on "Sign in with …"; nil without single sign-on.
    var singleSignOn: String?

    var passwordsOff: String {
        tr("Passwords are turned off on this server. Sign in with \(singleSignOn ?? "your household’s provider") or a passkey.")
    }
}

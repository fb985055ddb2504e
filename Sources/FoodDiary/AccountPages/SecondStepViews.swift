import FoodDiaryBase
import Foundation

/// After a right password, with a second step on: the code from the app, or a recovery code.
struct SignInCodeView: Sendable {
    let title = tr("Your code")
    let csrfToken: String
    let problem: String?
}

/// Setting up: the QR code to scan (or the key to type) and the first code the app shows.
struct SecondStepSetupView: Sendable {
    let title = tr("Turn on a second step")
    let csrfToken: String
    /// The key in groups of four, for typing into an app by hand.
    let keyText: String
    let codeError: String?
    /// Why it was not turned on when the password was wrong (a way in is added only with it).
    let passwordError: String?
    /// The person's name, for a password manager filling the password field.
    let name: String

    init(secret: Data, name: String, csrfToken: String, codeError: String? = nil, passwordError: String? = nil) {
        self.csrfToken = csrfToken
        self.name = name
        self.passwordError = passwordError
        let key = Array(Base32.encode(secret))
        keyText = stride(from: 0, to: key.count, by: 4).map { String(key[$0..<min($0 + 4, key.count)]) }.joined(separator: " ")
        self.codeError = codeError
    }
}

/// Recovery codes, shown this once.
struct RecoveryCodesView: Sendable {
    let title = tr("Your recovery codes")
    let codes: [String]
    let isNew: Bool
}

extension AccountView {
    /// The account page's part on the second step.
    struct SecondStepPart: Sendable {
        let isOn: Bool
        let text: String
        let isLocked: Bool
        /// Wrong codes beyond a person's own slips: someone else may have the password.
        let warning: String?

        init(_ state: SecondStepState?, timeZone: TimeZone) {
            isOn = state?.isOn == true
            isLocked = state?.isLocked == true
            warning =
                if let state, state.isOn, state.wrongCodes > SecondStepLock.forgivenSlips {
                    tr("\(state.wrongCodes) wrong codes were typed after your password")
                        + (state.isLocked
                            ? tr(", so codes are not checked until you lift the lock.")
                            : tr(" (at \(SecondStepLock.limit) codes stop being checked)."))
                        + tr(" Someone may know your password: change it.")
                } else {
                    nil
                }
            text =
                if let state, let since = state.confirmedAt {
                    tr(
                        "On since \(LocalDateTime(since, in: timeZone).date.longText). \(state.recoveryCodesLeft) of \(RecoveryCodes.count) recovery codes left."
                    )
                } else {
                    tr(
                        "Off. With it on, signing in with your password also asks for a code from an authenticator app on your phone, so a password someone learns is not enough."
                    )
                }
        }
    }
}

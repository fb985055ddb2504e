import Crypto
import Foundation
import Hummingbird

/// Sign-ins sent to the provider and not yet back: each found by its `state`, which works once,
/// only in the browser holding the cookie it was started with, within ten minutes (time to type a
/// password and a code at the provider). Each keeps its PKCE verifier and nonce.
final class OpenIDLogins: Sendable {
    enum Purpose: Sendable, Equatable {
        case signIn(next: String)
        /// Linking the provider's account to the signed-in person's, from their account page.
        case link(accountID: Int64, session: Data)
        /// Taking up an invitation with the provider's account instead of a new password.
        case invitation(String)
    }

    struct Pending: Sendable {
        let purpose: Purpose
        let browser: Data
        let verifier: String
        let nonce: String
        let redirectURI: String
    }

    static let lifetime: TimeInterval = 600
    static let cookieName = "fooddiary_sso"
    static let callbackPath = "/signin/sso/callback"

    private let pending = ExpiringEntries<Pending>(lifetime: lifetime)

    /// A new sign-in's state (the key), the browser's cookie and what to send the provider.
    func begin(_ purpose: Purpose, redirectURI: String, client: String, now: Date) -> (
        state: String, browser: BearerSecret, pending: Pending
    ) {
        let state = BearerSecret.make(), browser = BearerSecret.make()
        // RFC 7636: 32 random bytes, base64url, 43 characters.
        let started = Pending(
            purpose: purpose, browser: browser.sha256, verifier: BearerSecret.make().text, nonce: BearerSecret.make().text,
            redirectURI: redirectURI)
        pending.insert(started, at: state.sha256, holder: ExpiringEntries<Pending>.holder(of: client), now: now)
        return (state.text, browser, started)
    }

    /// The sign-in `state` names, if this browser started it and it is fresh: once.
    func take(state: String, browser: String?, now: Date) -> Pending? {
        guard let browser else { return nil }
        let holder = BearerSecret.sha256(of: browser)
        return pending.take(at: BearerSecret.sha256(of: state), now: now, if: { $0.browser == holder })
    }

    /// S256: the verifier's SHA-256, base64url.
    static func codeChallenge(for verifier: String) -> String {
        Base64URL.encode(Data(SHA256.hash(data: Data(verifier.utf8))))
    }

    /// Lax, not Strict: the provider's redirect back is a navigation from another site, which a
    /// Strict cookie would not come with. For the callback only; nil `browser` expires it.
    static func cookie(_ browser: BearerSecret?, secure: Bool) -> Cookie {
        Cookie(
            name: cookieName, value: browser?.text ?? "", maxAge: browser == nil ? 0 : Int(lifetime), path: callbackPath,
            secure: secure, httpOnly: true, sameSite: .lax)
    }
}

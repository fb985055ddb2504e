import Foundation
import Hummingbird

/// WebAuthn challenges made here, each used once within five minutes and only by whom it was made
/// for: a registration by the signed-in person's session, a sign-in by the browser holding its
/// cookie. Found by the challenge the client data carries back.
final class PasskeyChallenges: Sendable {
    enum Purpose: Sendable, Equatable {
        case register(accountID: Int64, session: Data)
        /// `browser` is the SHA-256 of the cookie the sign-in page was given with it.
        case signIn(browser: Data)
    }

    static let lifetime: TimeInterval = 300
    static let cookieName = "fooddiary_passkey"

    private let challenges = ExpiringEntries<Purpose>(lifetime: lifetime)

    /// The sign-in's cookie, for `/signin` only; nil `browser` expires it.
    static func cookie(_ browser: BearerSecret?, secure: Bool) -> Cookie {
        Cookie(
            name: cookieName, value: browser?.text ?? "", maxAge: browser == nil ? 0 : Int(lifetime), path: "/signin",
            secure: secure, httpOnly: true, sameSite: .strict)
    }

    /// 32 random bytes for `purpose`.
    func begin(_ purpose: Purpose, client: String, now: Date) -> Data {
        var generator = SystemRandomNumberGenerator()
        let challenge = Data((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        challenges.insert(purpose, at: challenge, holder: ExpiringEntries<Purpose>.holder(of: client), now: now)
        return challenge
    }

    /// Takes the challenge the client data names, if it was made for `purpose` and is fresh: once.
    func take(fromClientData json: Data, for purpose: Purpose, now: Date) -> Data? {
        guard let client = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any],
            let challenge = (client["challenge"] as? String).flatMap(Base64URL.decode)
        else { return nil }
        return challenges.take(at: challenge, now: now, if: { $0 == purpose }).map { _ in challenge }
    }
}

import Foundation
import Hummingbird
import NIOConcurrencyHelpers

/// WebAuthn challenges made here, each used once within five minutes and only by whom it was made
/// for: a registration by the signed-in person's session, a sign-in by the browser holding its
/// cookie. Found by the challenge the client data carries back.
final class PasskeyChallenges: Sendable {
    enum Purpose: Sendable, Equatable {
        case register(accountID: Int64, session: Data)
        /// `browser` is the SHA-256 of the cookie the sign-in page was given with it.
        case signIn(browser: Data)
    }

    struct Challenge: Sendable {
        let purpose: Purpose
        let expires: Date
    }

    static let lifetime: TimeInterval = 300
    static let maxEntries = 10_000
    static let cookieName = "fooddiary_passkey"

    private let challenges = NIOLockedValueBox<[Data: Challenge]>([:])

    /// The sign-in's cookie, for `/signin` only; nil `browser` expires it.
    static func cookie(_ browser: BearerSecret?, secure: Bool) -> Cookie {
        Cookie(name: cookieName, value: browser?.text ?? "", maxAge: browser == nil ? 0 : Int(lifetime), path: "/signin",
               secure: secure, httpOnly: true, sameSite: .strict)
    }

    /// 32 random bytes for `purpose`.
    func begin(_ purpose: Purpose, now: Date) -> Data {
        var generator = SystemRandomNumberGenerator()
        let challenge = Data((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        challenges.withLockedValue { challenges in
            challenges = challenges.filter { $0.value.expires > now }
            if challenges.count >= Self.maxEntries, let oldest = challenges.min(by: { $0.value.expires < $1.value.expires })?.key {
                challenges[oldest] = nil
            }
            challenges[challenge] = Challenge(purpose: purpose, expires: now.addingTimeInterval(Self.lifetime))
        }
        return challenge
    }

    /// Takes the challenge the client data names, if it was made for `purpose` and is fresh: once.
    func take(fromClientData json: Data, for purpose: Purpose, now: Date) -> Data? {
        guard let client = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any],
              let challenge = (client["challenge"] as? String).flatMap(Base64URL.decode) else { return nil }
        return challenges.withLockedValue { challenges in
            guard let found = challenges[challenge], found.purpose == purpose, found.expires > now else { return nil }
            challenges[challenge] = nil
            return challenge
        }
    }
}

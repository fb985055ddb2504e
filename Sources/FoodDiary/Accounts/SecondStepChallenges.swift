import Foundation
import Hummingbird
import NIOConcurrencyHelpers

/// Sign-ins whose password was right, waiting for the second step: a browser holds the challenge's
/// random token in a cookie for five minutes and five wrong codes. In memory: a restart asks for
/// the password again.
final class SecondStepChallenges: Sendable {
    struct Challenge: Sendable {
        let accountID: Int64
        let name: String
        let next: String
        let expires: Date
        var failures = 0
    }

    static let lifetime: TimeInterval = 300
    static let maxFailures = 5
    /// Past this the oldest go, so signing in with known passwords cannot fill memory.
    static let maxEntries = 10_000
    static let cookieName = "fooddiary_second_step"

    private let challenges = NIOLockedValueBox<[Data: Challenge]>([:])

    func begin(accountID: Int64, name: String, next: String, now: Date) -> BearerSecret {
        let token = BearerSecret.make()
        challenges.withLockedValue { challenges in
            challenges = challenges.filter { $0.value.expires > now }
            if challenges.count >= Self.maxEntries, let oldest = challenges.min(by: { $0.value.expires < $1.value.expires })?.key {
                challenges[oldest] = nil
            }
            challenges[token.sha256] = Challenge(accountID: accountID, name: name, next: next, expires: now.addingTimeInterval(Self.lifetime))
        }
        return token
    }

    func challenge(_ token: String?, now: Date) -> Challenge? {
        guard let token else { return nil }
        return challenges.withLockedValue { $0[BearerSecret.sha256(of: token)] }.flatMap { $0.expires > now ? $0 : nil }
    }

    /// Counts a wrong code; false once the challenge is used up and gone.
    func fail(_ token: String) -> Bool {
        challenges.withLockedValue { challenges in
            let key = BearerSecret.sha256(of: token)
            guard var challenge = challenges[key] else { return false }
            challenge.failures += 1
            challenges[key] = challenge.failures >= Self.maxFailures ? nil : challenge
            return challenge.failures < Self.maxFailures
        }
    }

    /// The challenge's cookie, for `/signin` only; nil `token` expires it.
    static func cookie(_ token: BearerSecret?, secure: Bool) -> Cookie {
        Cookie(name: cookieName, value: token?.text ?? "", maxAge: token == nil ? 0 : Int(lifetime), path: "/signin",
               secure: secure, httpOnly: true, sameSite: .strict)
    }

    func end(_ token: String) { _ = challenges.withLockedValue { $0.removeValue(forKey: BearerSecret.sha256(of: token)) } }
}

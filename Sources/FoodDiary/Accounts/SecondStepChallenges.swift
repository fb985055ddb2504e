import Foundation
import Hummingbird

/// Sign-ins whose password was right, waiting for the second step: a browser holds the challenge's
/// random token in a cookie for five minutes and five wrong codes. In memory: a restart asks for
/// the password again.
final class SecondStepChallenges: Sendable {
    struct Challenge: Sendable {
        let accountID: Int64
        let name: String
        let next: String
        var failures = 0
    }

    static let lifetime: TimeInterval = 300
    static let maxFailures = 5
    static let cookieName = "fooddiary_second_step"

    private let challenges = ExpiringEntries<Challenge>(lifetime: lifetime)

    func begin(accountID: Int64, name: String, next: String, client: String, now: Date) -> BearerSecret {
        let token = BearerSecret.make()
        challenges.insert(
            Challenge(accountID: accountID, name: name, next: next), at: token.sha256,
            holder: ExpiringEntries<Challenge>.holder(of: client), now: now)
        return token
    }

    func challenge(_ token: String?, now: Date) -> Challenge? {
        token.flatMap { challenges.value(at: BearerSecret.sha256(of: $0), now: now) }
    }

    /// Counts a wrong code; false once the challenge is used up and gone.
    func fail(_ token: String) -> Bool {
        challenges.update(at: BearerSecret.sha256(of: token)) { challenge in
            challenge.failures += 1
            return challenge.failures < Self.maxFailures
        }
    }

    /// The challenge's cookie, for `/signin` only; nil `token` expires it.
    static func cookie(_ token: BearerSecret?, secure: Bool) -> Cookie {
        Cookie(
            name: cookieName, value: token?.text ?? "", maxAge: token == nil ? 0 : Int(lifetime), path: "/signin",
            secure: secure, httpOnly: true, sameSite: .strict)
    }

    func end(_ token: String) { challenges.remove(at: BearerSecret.sha256(of: token)) }
}

import Foundation
import NIOConcurrencyHelpers

/// Slows down password guessing without letting a guesser lock anyone out, after OWASP's guidance
/// on authentication and on device cookies:
/// - a name tried from one client gets five free failures, then waits a minute, doubling to an hour;
/// - a client gets twenty free failures across every name it tries, so spraying names is slowed
///   too, and guesses at names nobody has spend only the guesser's allowance;
/// - a browser that signed in as that name before (its device cookie) has an allowance of its own
///   and ignores the client's: a guesser sharing an address (behind a proxy that names no
///   client) cannot keep a household member out.
/// The right password from a client that has not been failing always goes through. Kept in memory:
/// a restart forgives, but nobody guessing can restart the server.
final class SignInThrottle: Sendable {
    struct Key: Hashable, Sendable {
        let id: String
        let freeFailures: Int
        /// Whether signing in clears it: not a client's count, or one's own account would reset it.
        let clearedBySuccess: Bool
    }

    static let firstWait: TimeInterval = 60
    static let longestWait: TimeInterval = 3_600
    static let freeFailuresPerName = 5
    static let freeFailuresPerClient = 20
    /// Enough for any household; past it the oldest entries go, so guessing names cannot fill memory.
    static let maxEntries = 10_000

    /// What an attempt to sign in as `name` from `client` is counted against; `device` is the id
    /// of a device cookie that signed in as this very name before.
    static func keys(name: String, client: String, device: String?) -> [Key] {
        if let device { return [Key(id: "device:\(device)", freeFailures: freeFailuresPerName, clearedBySuccess: true)] }
        return [
            Key(id: "name:\(name.lowercased())\u{0}client:\(client)", freeFailures: freeFailuresPerName, clearedBySuccess: true),
            Key(id: "client:\(client)", freeFailures: freeFailuresPerClient, clearedBySuccess: false)
        ]
    }

    private struct Failures {
        var count: Int
        var lockedUntil: Date?
        var last: Date
    }

    private let failures = NIOLockedValueBox<[String: Failures]>([:])

    /// Seconds until another try is allowed for any of the keys, or nil if one may try now.
    func wait(for keys: [Key], now: Date) -> TimeInterval? {
        failures.withLockedValue { failures in
            keys.compactMap { failures[$0.id]?.lockedUntil?.timeIntervalSince(now) }.filter { $0 > 0 }.max()
        }
    }

    func recordFailure(for keys: [Key], now: Date) {
        failures.withLockedValue { failures in
            if failures.count >= Self.maxEntries, let oldest = failures.min(by: { $0.value.last < $1.value.last })?.key {
                failures[oldest] = nil
            }
            for key in keys {
                var entry = failures[key.id] ?? Failures(count: 0, lockedUntil: nil, last: now)
                entry.count += 1
                entry.last = now
                if entry.count >= key.freeFailures {
                    let doublings = Double(min(entry.count - key.freeFailures, 12))
                    entry.lockedUntil = now.addingTimeInterval(min(Self.firstWait * pow(2, doublings), Self.longestWait))
                }
                failures[key.id] = entry
            }
        }
    }

    func recordSuccess(for keys: [Key]) {
        failures.withLockedValue { failures in
            for key in keys where key.clearedBySuccess { failures[key.id] = nil }
        }
    }
}

import Foundation
import NIOConcurrencyHelpers

/// Slows down guessing: after five failed sign-ins for a name, or from an address, each further
/// failure locks that name or address for a minute, doubling up to an hour. A success clears both.
/// Kept in memory: a restart forgives, but nobody guessing can restart the server.
final class SignInThrottle: Sendable {
    static let freeFailures = 5
    static let firstWait: TimeInterval = 60
    static let longestWait: TimeInterval = 3_600
    /// Enough for any household; past it the oldest entries go, so guessing names cannot fill memory.
    static let maxEntries = 10_000

    private struct Failures {
        var count: Int
        var lockedUntil: Date?
        var last: Date
    }

    private let failures = NIOLockedValueBox<[String: Failures]>([:])

    static func keys(name: String, address: String) -> [String] {
        ["name:" + name.lowercased(), "address:" + address]
    }

    /// Seconds until another try is allowed for any of the keys, or nil if one may try now.
    func wait(for keys: [String], now: Date) -> TimeInterval? {
        failures.withLockedValue { failures in
            let waits = keys.compactMap { failures[$0]?.lockedUntil?.timeIntervalSince(now) }.filter { $0 > 0 }
            return waits.max()
        }
    }

    func recordFailure(for keys: [String], now: Date) {
        failures.withLockedValue { failures in
            if failures.count >= Self.maxEntries, let oldest = failures.min(by: { $0.value.last < $1.value.last })?.key {
                failures[oldest] = nil
            }
            for key in keys {
                var entry = failures[key] ?? Failures(count: 0, lockedUntil: nil, last: now)
                entry.count += 1
                entry.last = now
                if entry.count >= Self.freeFailures {
                    let doublings = Double(min(entry.count - Self.freeFailures, 12))
                    entry.lockedUntil = now.addingTimeInterval(min(Self.firstWait * pow(2, doublings), Self.longestWait))
                }
                failures[key] = entry
            }
        }
    }

    func recordSuccess(for keys: [String]) {
        failures.withLockedValue { failures in
            for key in keys { failures[key] = nil }
        }
    }
}

import Foundation
import Synchronization

/// Lets at most `limit` pieces of one kind of work run at once and refuses the rest at once with
/// `Overloaded`: under a crowd, a queue only makes every answer late, and a refused search is
/// sent again a second later by the page that asked.
public final class InFlightLimit: Sendable {
    package let limit: Int
    private let running = Mutex(0)

    package init(limit: Int) {
        precondition(limit > 0)
        self.limit = limit
    }

    package func run<T: Sendable>(_ work: () async throws -> T) async throws -> T {
        let admitted = running.withLock { running in
            guard running < limit else { return false }
            running += 1
            return true
        }
        guard admitted else { throw Overloaded() }
        defer { running.withLock { $0 -= 1 } }
        return try await work()
    }

    /// Two at a time for each core: one running while the other waits on its disk read.
    public static let defaultLimit = 2 * ProcessInfo.processInfo.activeProcessorCount
}

/// Work refused because as much as the machine can do at once is already running.
package struct Overloaded: Error {
    /// Seconds after which sending it again is likely to be let in.
    package let retryAfterSeconds = 1

    package init() {}
}

/// As `InFlightLimit`, but counted per key (a person) as well as overall: one person sending
/// more than their share is refused alone, and everyone else's work still gets in.
package final class KeyedInFlightLimit<Key: Hashable & Sendable>: Sendable {
    package let perKey: Int
    package let overall: Int
    private let running = Mutex([Key: Int]())

    package init(perKey: Int, overall: Int) {
        precondition(perKey > 0 && overall >= perKey)
        self.perKey = perKey
        self.overall = overall
    }

    package func run<T: Sendable>(for key: Key, _ work: () async throws -> T) async throws -> T {
        let admitted = running.withLock { running in
            guard running[key, default: 0] < perKey, running.values.reduce(0, +) < overall else { return false }
            running[key, default: 0] += 1
            return true
        }
        guard admitted else { throw Overloaded() }
        defer {
            running.withLock { running in
                running[key, default: 1] -= 1
                if running[key] == 0 { running[key] = nil }
            }
        }
        return try await work()
    }
}

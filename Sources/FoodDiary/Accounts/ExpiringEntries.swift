import Foundation
import NIOConcurrencyHelpers

/// Sign-in steps waiting for the browser's next request (a passkey's challenge, a second step, a
/// provider's answer), each found by a random key and gone after `lifetime`. In memory: a restart
/// only asks the person to start again. Expired entries go as new ones come, and past `maxEntries`
/// the soonest to expire go too, so starting sign-ins cannot fill memory.
final class ExpiringEntries<Value: Sendable>: Sendable {
    private struct Entry: Sendable {
        var value: Value
        let expires: Date
    }

    let lifetime: TimeInterval
    let maxEntries: Int
    private let entries = NIOLockedValueBox<[Data: Entry]>([:])

    init(lifetime: TimeInterval, maxEntries: Int = 10_000) {
        self.lifetime = lifetime
        self.maxEntries = maxEntries
    }

    func insert(_ value: Value, at key: Data, now: Date) {
        entries.withLockedValue { entries in
            entries = entries.filter { $0.value.expires > now }
            if entries.count >= maxEntries, let soonest = entries.min(by: { $0.value.expires < $1.value.expires })?.key {
                entries[soonest] = nil
            }
            entries[key] = Entry(value: value, expires: now.addingTimeInterval(lifetime))
        }
    }

    func value(at key: Data, now: Date) -> Value? {
        entries.withLockedValue { $0[key] }.flatMap { $0.expires > now ? $0.value : nil }
    }

    /// The entry, removed, if it is fresh and `accepts` it: once, however many requests ask at once.
    func take(at key: Data, now: Date, if accepts: (Value) -> Bool = { _ in true }) -> Value? {
        entries.withLockedValue { entries in
            guard let found = entries[key], found.expires > now, accepts(found.value) else { return nil }
            entries[key] = nil
            return found.value
        }
    }

    /// Changes the entry; `change` says whether it stays. False when there was none or it went.
    func update(at key: Data, _ change: (inout Value) -> Bool) -> Bool {
        entries.withLockedValue { entries in
            guard var found = entries[key] else { return false }
            let stays = change(&found.value)
            entries[key] = stays ? found : nil
            return stays
        }
    }

    func remove(at key: Data) { _ = entries.withLockedValue { $0.removeValue(forKey: key) } }
}

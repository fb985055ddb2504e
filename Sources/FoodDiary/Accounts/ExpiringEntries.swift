import FoodDiaryWeb
import Foundation
import NIOConcurrencyHelpers

/// Sign-in steps waiting for the browser's next request (a passkey's challenge, a second step, a
/// provider's answer), each found by a random key and gone after `lifetime`. In memory: a restart
/// only asks the person to start again. Expired entries go as new ones come, so starting sign-ins
/// cannot fill memory, and each is held by the client that started it: a client past
/// `maxPerHolder` loses its own oldest, and when `maxEntries` are waiting the client holding the
/// most gives one up. A flood from one address (or one IPv6 network) never evicts another
/// client's sign-in; only as many flooding networks as there are entries could.
final class ExpiringEntries<Value: Sendable>: Sendable {
    private struct Entry: Sendable {
        var value: Value
        let expires: Date
        let holder: String
    }

    let lifetime: TimeInterval
    let maxEntries: Int
    let maxPerHolder: Int
    private let entries = NIOLockedValueBox<[Data: Entry]>([:])

    init(lifetime: TimeInterval, maxEntries: Int = 10_000, maxPerHolder: Int = 20) {
        self.lifetime = lifetime
        self.maxEntries = maxEntries
        self.maxPerHolder = maxPerHolder
    }

    /// `holder`: who started it, `ExpiringEntries.holder(of:)` of the client's address.
    func insert(_ value: Value, at key: Data, holder: String, now: Date) {
        entries.withLockedValue { entries in
            entries = entries.filter { $0.value.expires > now }
            let held = entries.filter { $0.value.holder == holder }
            if held.count >= maxPerHolder, let oldest = held.min(by: { $0.value.expires < $1.value.expires })?.key {
                entries[oldest] = nil
            } else if entries.count >= maxEntries {
                let counts = Dictionary(grouping: entries.values, by: \.holder).mapValues(\.count)
                if let greediest = counts.max(by: { $0.value < $1.value })?.key,
                    let oldest = entries.filter({ $0.value.holder == greediest }).min(by: { $0.value.expires < $1.value.expires })?.key
                {
                    entries[oldest] = nil
                }
            }
            entries[key] = Entry(value: value, expires: now.addingTimeInterval(lifetime), holder: holder)
        }
    }

    /// The client an address stands for: an IPv6 address by its /64, the network one home is
    /// given, so a flood from its many addresses counts as one client.
    static func holder(of client: String) -> String {
        guard let bytes = TrustedProxies.addressBytes(client), bytes.count == 16 else { return client }
        return bytes[0..<8].map { String(format: "%02x", $0) }.joined() + "::/64"
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

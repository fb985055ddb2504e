import FoodDiaryBase
import GRDB
import NIOConcurrencyHelpers

/// Counts a database's writes through this server, so a value read from it can be kept until the next write.
package final class WriteVersion: Sendable {
    private let count = NIOLockedValueBox(0)

    package init() {}

    package var current: Int { count.withLockedValue { $0 } }

    package func advance() { count.withLockedValue { $0 += 1 } }
}

/// One value read from the diary, kept while the diary is unchanged and the key (such as today's
/// date) and the request's conventions (a value may be worded in kJ) are the same. A value computed from a read that a write overtook is stored under the
/// version seen before the read, so it is never taken for the newer one.
package final class DiaryReadCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Entry: Sendable {
        let key: Key
        let version: Int
        let conventions: RequestConventions
        let value: Value
    }

    private let entry = NIOLockedValueBox<Entry?>(nil)
    private let reads = SharedReads<Read, Value>()

    package init() {}

    private struct Read: Hashable, Sendable {
        let key: Key
        let version: Int
        let conventions: RequestConventions
    }

    package func value(for key: Key, in database: AppDatabase, read: @Sendable @escaping (Database) throws -> Value) async throws -> Value {
        let version = database.version.current, conventions = RequestConventions.current
        if let cached = entry.withLockedValue({ $0 }), cached.key == key, cached.version == version, cached.conventions == conventions {
            return cached.value
        }
        let value = try await reads.value(for: Read(key: key, version: version, conventions: conventions)) { try await database.read(read) }
        entry.withLockedValue { $0 = Entry(key: key, version: version, conventions: conventions, value: value) }
        return value
    }
}

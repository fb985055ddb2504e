import NIOConcurrencyHelpers

/// Requests that need the same value at the same moment share one read of it. When a kept value
/// goes stale under a crowd, every request would otherwise miss at once and queue its own read:
/// 256 connections on the list page waited up to 1.5 s each time a session's five seconds ran out.
/// Keys carry the write version seen before reading, so a read a write overtook is never shared
/// with a request that came after the write.
package final class SharedReads<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let running = NIOLockedValueBox<[Key: Task<Value, any Error>]>([:])

    package init() {}

    package func value(for key: Key, read: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let task = running.withLockedValue { running in
            if let task = running[key] { return task }
            let task = Task { try await read() }
            running[key] = task
            return task
        }
        defer { running.withLockedValue { if $0[key] == task { $0[key] = nil } } }
        return try await task.value
    }
}

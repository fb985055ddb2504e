import GRDB

extension DatabaseReader {
    /// `body` on a reader connection, in a read transaction, on GRDB's own queues. GRDB's async
    /// `read` reaches a connection through four thread switches (to its pool's waiting queue, back
    /// to the caller's pool, to the connection's queue, back again), and each wakes a sleeping
    /// thread: on a 2-core machine that was a quarter of a millisecond before a search's first
    /// statement. This makes two: the waiting queue hands over to the connection's, which resumes
    /// the caller. As with GRDB's, a task already cancelled is refused before reading.
    package func queuedRead<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        try Task.checkCancellation()
        return try await withCheckedThrowingContinuation { continuation in
            asyncRead { database in continuation.resume(with: Result { try body(database.get()) }) }
        }
    }

    /// The same outside a transaction, for a single statement, which reads one snapshot anyway.
    package func queuedUnsafeRead<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        try Task.checkCancellation()
        return try await withCheckedThrowingContinuation { continuation in
            asyncUnsafeRead { database in continuation.resume(with: Result { try body(database.get()) }) }
        }
    }
}

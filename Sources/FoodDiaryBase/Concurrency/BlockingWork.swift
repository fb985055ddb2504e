import Foundation

/// Runs seconds of blocking file work (a backup, an export, reading an import) on a Dispatch
/// queue: it must not hold one of the few threads that run requests.
package func offTheCooperativePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global(qos: .utility).async { continuation.resume(with: Result { try body() }) }
    }
}

/// Runs an actor's jobs on a Dispatch queue of its own instead of the cooperative threads, for an
/// actor whose every method blocks (libmagic reads the file it is asked about).
package final class DispatchQueueExecutor: SerialExecutor {
    private let queue: DispatchQueue

    package init(label: String) {
        queue = DispatchQueue(label: label)
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    package func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }
}

/// The other way round: from a thread of our own (a Dispatch queue's, never a Swift-concurrency
/// thread) waits for async work, such as GRDB's async write, so a reader that runs synchronously
/// (a ZIP inflating through a callback) can hand over its batches as it goes.
package func awaitOnOwnThread<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let outcome = AwaitedOutcome<T>(), done = DispatchSemaphore(value: 0)
    Task {
        do { outcome.result = .success(try await body()) } catch { outcome.result = .failure(error) }
        done.signal()
    }
    done.wait()
    return try outcome.result!.get()
}

/// What `awaitOnOwnThread`'s task gave: written before its semaphore is signalled, read after it is
/// waited for, so the semaphore orders the two.
private final class AwaitedOutcome<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}

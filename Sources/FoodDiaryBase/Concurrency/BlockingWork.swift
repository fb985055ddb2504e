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

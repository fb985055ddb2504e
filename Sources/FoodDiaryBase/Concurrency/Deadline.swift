import Foundation

/// Runs work with a time limit and returns at the limit even if the work ignores cancellation: a
/// hung connection must not hold a page.
package enum Deadline {
    package static func run<T: Sendable>(within limit: Duration, _ work: @escaping @Sendable () async -> T) async -> T? {
        let race = Race<T>()
        return await withCheckedContinuation { continuation in
            race.start(continuation)
            let worker = Task { race.finish(await work()) }
            Task {
                try? await Task.sleep(for: limit)
                if race.finish(nil) { worker.cancel() }
            }
        }
    }

    /// Whichever finishes first resumes the caller; the continuation is set before either starts.
    private final class Race<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<T?, Never>?

        func start(_ continuation: CheckedContinuation<T?, Never>) {
            lock.withLock { self.continuation = continuation }
        }

        /// True when this call decided the outcome.
        @discardableResult
        func finish(_ value: T?) -> Bool {
            let continuation = lock.withLock { () -> CheckedContinuation<T?, Never>? in
                defer { self.continuation = nil }
                return self.continuation
            }
            continuation?.resume(returning: value)
            return continuation != nil
        }
    }
}

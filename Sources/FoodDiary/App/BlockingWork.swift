import Foundation

/// Runs seconds of blocking file work (a backup, an export, reading an import) on a Dispatch
/// queue: it must not hold one of the few threads that run requests.
func offTheCooperativePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global(qos: .utility).async { continuation.resume(with: Result { try body() }) }
    }
}

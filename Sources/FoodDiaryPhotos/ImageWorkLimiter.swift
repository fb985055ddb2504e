import FoodDiaryBase
import Foundation
import CPhotoShim

/// Lets only a few photos be decoded at once. Uploads still stream to disk side by side, but
/// libvips' buffers exist for at most `limit` images, which bounds memory when a phone syncs
/// a burst of photos; with one image per core the CPU is already busy, so nothing is slower.
package actor ImageWorkLimiter {
    package static let shared = ImageWorkLimiter(limit: max(1, ProcessInfo.processInfo.activeProcessorCount))

    private let limit: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    package init(limit: Int) {
        self.limit = limit
    }

    /// Runs `work` once a slot is free, on a thread of its own (decoding takes a photo's hundreds
    /// of milliseconds), so `limit` images proceed in parallel and pages keep being served.
    package nonisolated func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        await acquire()
        do {
            let result = try await offTheCooperativePool {
                // libvips' buffers for one image are tens of megabytes; glibc keeps what is freed in
                // its arena for later, so without this the next images add to the peak (docs/BENCHMARKS.md).
                defer { fd_photo_release_memory() }
                return try work()
            }
            await release()
            return result
        } catch {
            await release()
            throw error
        }
    }

    private func acquire() async {
        if running < limit {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Hands the slot straight to the next waiter, so `running` never drops below what is in use.
    private func release() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}

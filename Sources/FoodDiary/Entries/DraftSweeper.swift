import Foundation
import Logging
import ServiceLifecycle

/// Removes meals left as drafts by a tab closed midway: at start-up, then every hour while serving.
struct DraftSweeper: Service {
    /// A draft nobody has touched for this long is abandoned.
    static let abandonedAfter: TimeInterval = 24 * 60 * 60

    let database: AppDatabase
    let now: @Sendable () -> Date
    let logger: Logger

    func sweepOnce() async {
        do {
            let removed = try await database.sweepAbandonedDrafts(untouchedSince: now().addingTimeInterval(-Self.abandonedAfter))
            if removed > 0 { logger.info("Removed \(removed) abandoned draft meal\(removed == 1 ? "" : "s")") }
        } catch {
            logger.error("Sweeping abandoned draft meals failed: \(error)")
        }
    }

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(3600))
                if Task.isCancelled { break }
                await sweepOnce()
            }
        }
    }
}

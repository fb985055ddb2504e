import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import Logging
import ServiceLifecycle

/// `--backup-every 24h --backup-keep 7`: a backup whenever the newest archive in the backup folder
/// is older than `every` (so a restart does not reset the clock), then all but the newest `keep`
/// archives FoodDiary made there (the owner page's too) are removed; other files are never touched.
public struct BackupSchedule: Service {
    public struct Plan: Sendable, Equatable {
        public let every: Duration
        public let keep: Int

        public init(every: Duration, keep: Int) {
            self.every = every
            self.keep = keep
        }

        /// `90s`, `30m`, `24h`, `7d`.
        public static func parseInterval(_ text: String) -> Duration? {
            let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
            guard let unit = text.last.flatMap({ units[$0] }), let count = Int64(text.dropLast()), count > 0, count <= 366 * 86400 / unit
            else { return nil }
            return .seconds(count * unit)
        }
    }

    let plan: Plan
    let maker: BackupMaker
    let folder: ArchiveFolder
    let logger: Logger
    let now: @Sendable () -> Date

    public init(plan: Plan, dataDirectory: String, backupDirectory: String, logger: Logger, now: @escaping @Sendable () -> Date) {
        self.plan = plan
        maker = BackupMaker(dataDirectory: dataDirectory, now: now)
        folder = .backups(backupDirectory)
        self.logger = logger
        self.now = now
    }

    func secondsUntilDue() -> Double {
        guard let newest = folder.archives().last else { return 0 }
        let every = Double(plan.every.components.seconds)
        return max(0, min(every, newest.madeAt.timeIntervalSince(now()) + every))
    }

    /// False when it failed; the error is logged, for the owner to find.
    func runOnce() async -> Bool {
        do {
            let summary = try await maker.makeOffTheCooperativePool(to: folder.directory)
            logger.info("Backed up \(summary.meals) meals and \(summary.photos) photos to \(summary.archive)")
            for remark in summary.remarks { logger.notice("\(remark)") }
            try folder.prune(keeping: plan.keep)
            return true
        } catch {
            logger.error("The scheduled backup failed: \(error)")
            return false
        }
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(secondsUntilDue()))
                if Task.isCancelled { break }
                // A failed backup is tried again within the hour rather than at once, or a period later.
                if await !runOnce() { try? await Task.sleep(for: .seconds(min(3600, Double(plan.every.components.seconds)))) }
            }
        }
    }
}

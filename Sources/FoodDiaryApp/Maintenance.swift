import FoodDiary
import Foundation
import Logging
import ServiceLifecycle

/// Tidies what interrupted work leaves behind, at start-up and then every hour while serving: photo
/// rows no meal, food or recipe uses, and photo files no row names. It never deletes anything a
/// person entered: a meal stays until someone deletes it.
struct Maintenance: Service {
    /// Files younger than this may belong to an upload still in progress.
    static let uploadGrace: TimeInterval = 60 * 60

    /// The diaries open at the moment; one not open has had nothing uploaded since it was last tidied.
    let diaries: @Sendable () -> [Diary]
    let now: @Sendable () -> Date
    let logger: Logger

    /// `atStartUp`: no upload can be in flight, so every temporary and unnamed file goes, but an
    /// import waiting for its preview still waits its hour.
    func runOnce(_ diary: Diary, atStartUp: Bool) async {
        do {
            _ = try await diary.database.deleteUnusedPhotoRows()
            let kept = Set(try await diary.database.storedPhotoNames())
            let hourAgo = now().addingTimeInterval(-Self.uploadGrace)
            let files = await diary.photos.sweep(
                keeping: kept, untouchedSince: atStartUp ? .distantFuture : hourAgo, waitingUntouchedSince: hourAgo)
            if files > 0 { logger.info("Removed \(files) photo file\(files == 1 ? "" : "s") nothing refers to from diary \(diary.id)") }
        } catch {
            logger.error("Maintenance of diary \(diary.id) failed: \(error)")
        }
    }

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(3600))
                if Task.isCancelled { break }
                for diary in diaries() { await runOnce(diary, atStartUp: false) }
            }
        }
    }
}

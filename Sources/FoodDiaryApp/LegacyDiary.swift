import FoodDiary
import Foundation
import Logging

/// A diary kept at `<data-dir>/diary.sqlite` by a version before diaries were folders moves into
/// `diaries/<id>/`, nobody's until the first owner opens a page; then it is theirs.
func adoptLegacyDiaryIfPresent(
    config: AppConfig, accounts: AccountsDatabase, files: DiaryFiles, logger: Logger,
    now: @Sendable () -> Date
) async throws {
    let manager = FileManager.default
    guard manager.fileExists(atPath: config.legacyDiaryPath) || manager.fileExists(atPath: config.legacyPhotosDirectory) else { return }
    let id = try await accounts.upgradedDiary(isMoved: { manager.fileExists(atPath: files.databasePath($0)) }, now: now())
    try files.adoptLegacyDiary(at: config.legacyDiaryPath, photos: config.legacyPhotosDirectory, as: id)
    logger.notice("Moved the diary at \(config.legacyDiaryPath) to \(files.folder(id)); it is the owner's first diary")
}

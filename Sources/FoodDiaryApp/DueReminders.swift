import FoodDiary
import FoodDiaryBase
import Foundation
import Logging

/// Sends the reminders due now, as the running server would this minute: for trying reminders
/// out, and for a server that was stopped when one was due.
public func sendDueReminders(config: AppConfig, logger: Logger, now: @escaping @Sendable () -> Date = { Date() }) async throws -> [String] {
    let languages =
        FileManager.default.fileExists(atPath: config.languagesDirectory)
        ? try Languages(directory: config.languagesDirectory) : Languages([])
    return try await sendDueReminders(
        settings: config.featureSettings, accountsPath: config.accountsPath, diariesDirectory: config.diariesDirectory,
        maxPhotoPixels: config.maxPhotoPixels, languages: languages, logger: logger, now: now)
}

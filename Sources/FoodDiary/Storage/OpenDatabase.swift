import Foundation
import GRDB

/// Opens (creating if needed) a SQLite file the way every FoodDiary database is opened: WAL,
/// foreign keys on, a busy timeout, and its migrations applied.
func openDatabasePool(path: String, migrator: DatabaseMigrator) throws -> DatabasePool {
    try FileManager.default.createDirectory(
        at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
    var configuration = Configuration()
    configuration.foreignKeysEnabled = true
    // Requests run concurrently; a writer waiting briefly beats failing with SQLITE_BUSY.
    configuration.busyMode = .timeout(5)
    configuration.journalMode = .wal
    let pool = try DatabasePool(path: path, configuration: configuration)
    try migrator.migrate(pool)
    return pool
}

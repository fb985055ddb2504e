import Foundation
import GRDB

/// Opens (creating if needed) a SQLite file the way every FoodDiary database is opened: WAL,
/// foreign keys on, a busy timeout, and its migrations applied, after `SchemaUpgrade` has refused a
/// file from a newer version and, with `copyBeforeUpgrade`, kept a copy of one about to change.
/// Reference data rebuilt from the fetched files (catalog, place names) needs no copy. `readers`:
/// connections read at once, GRDB's default unless a database is read by a crowd. `mappedBytes`:
/// how much of the file readers map into memory, for one read far more than written: each page
/// is then read where the kernel keeps it, not copied by a system call into every connection's cache.
/// `prepare`: what each connection needs before its first statement, such as SQL functions.
package func openDatabasePool(
    path: String, migrator: DatabaseMigrator, copyBeforeUpgrade: Bool = true, readers: Int? = nil,
    mappedBytes: Int = 0, prepare: (@Sendable (Database) throws -> Void)? = nil
) throws -> DatabasePool {
    try FileManager.default.createDirectory(
        at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
    var configuration = Configuration()
    configuration.foreignKeysEnabled = true
    // Requests run concurrently; a writer waiting briefly beats failing with SQLITE_BUSY.
    configuration.busyMode = .timeout(5)
    configuration.journalMode = .wal
    if let readers { configuration.maximumReaderCount = readers }
    configuration.prepareDatabase { db in
        if mappedBytes > 0 { try db.execute(sql: "PRAGMA mmap_size = \(mappedBytes)") }
        try prepare?(db)
    }
    try SchemaUpgrade.prepare(path: path, migrator: migrator, keepCopy: copyBeforeUpgrade)
    let pool = try DatabasePool(path: path, configuration: configuration)
    try migrator.migrate(pool) // sync: start-up only
    return pool
}

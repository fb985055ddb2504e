import Foundation
import GRDB

/// Owns the diary database: opens it, migrates it, and is the only way in.
public struct AppDatabase: Sendable {
    let writer: any DatabaseWriter
    /// Advanced by every write, for caches of what was read.
    let version = WriteVersion()

    /// Opens (creating if needed) the diary at `path` in WAL mode and brings its schema up to date.
    public static func open(path: String) throws -> AppDatabase {
        AppDatabase(writer: try openDatabasePool(path: path, migrator: DiaryMigrations.migrator))
    }

    /// Runs on the calling thread. A diary's reads take well under a millisecond of CPU; sending
    /// each to GRDB's reader queue and back cost a page more than the read (list page 875 → 1,115
    /// req/s under wrk when the hop went). Writes still queue, since they may wait for one another.
    public func read<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        try readHere(body)
    }

    private func readHere<T>(_ body: (Database) throws -> T) throws -> T {
        try writer.read(body)
    }

    public func write<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        defer { version.advance() }
        return try await writer.write(body)
    }

    /// Folds the write-ahead log into the file and closes it, so the file alone holds the diary.
    static func checkpointAndClose(path: String) throws {
        let pool = try openDatabasePool(path: path, migrator: DiaryMigrations.migrator)
        try pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        try pool.close()
    }

    /// Names of the migrations applied so far, oldest first.
    public func appliedMigrations() throws -> [String] {
        try writer.read { db in try DiaryMigrations.migrator.appliedMigrations(db) }
    }
}

import FoodDiaryBase
import Foundation
import GRDB

/// Owns the diary database: opens it, migrates it, and is the only way in.
public struct AppDatabase: Sendable {
    package let writer: any DatabaseWriter
    /// Advanced by every write, for caches of what was read.
    package let version = WriteVersion()

    /// Opens (creating if needed) the diary at `path` in WAL mode and brings its schema up to date.
    public static func open(path: String) throws -> AppDatabase {
        AppDatabase(writer: try openDatabasePool(path: path, migrator: DiaryMigrations.migrator))
    }

    /// On GRDB's reader queue, never the calling thread: a read waiting there for a free connection
    /// held one of the few threads that run every request, and a crowd of them froze the server.
    /// The request's conventions go along, so what `body` words is in the person's units.
    public func read<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        let conventions = RequestConventions.current
        return try await writer.queuedRead { db in try conventions.bound { try body(db) } }
    }

    public func write<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        defer { version.advance() }
        let conventions = RequestConventions.current
        return try await writer.write { db in try conventions.bound { try body(db) } }
    }

    /// Folds the write-ahead log into the file and closes it, so the file alone holds the diary.
    package static func checkpointAndClose(path: String) throws {
        let pool = try openDatabasePool(path: path, migrator: DiaryMigrations.migrator)
        try pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) } // sync: start-up only
        try pool.close()
    }

    /// Names of the migrations applied so far, oldest first.
    public func appliedMigrations() async throws -> [String] {
        try await writer.read { db in try DiaryMigrations.migrator.appliedMigrations(db) }
    }
}

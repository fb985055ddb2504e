import Foundation
import GRDB

/// Owns the diary database: opens it, migrates it, and is the only way in.
public struct AppDatabase: Sendable {
    let writer: any DatabaseWriter

    /// Opens (creating if needed) the diary at `path` in WAL mode and brings its schema up to date.
    public static func open(path: String) throws -> AppDatabase {
        AppDatabase(writer: try openDatabasePool(path: path, migrator: DiaryMigrations.migrator))
    }

    public func read<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        try await writer.read(body)
    }

    public func write<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        try await writer.write(body)
    }

    /// Names of the migrations applied so far, oldest first.
    public func appliedMigrations() throws -> [String] {
        try writer.read { db in try DiaryMigrations.migrator.appliedMigrations(db) }
    }
}

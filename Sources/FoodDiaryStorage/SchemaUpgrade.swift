import Foundation
import GRDB

/// What happens to a database file before its schema changes: a file a newer FoodDiary wrote is
/// refused untouched (this version would not know what its tables mean), and a file about to be
/// migrated is first copied beside itself, so an upgrade that goes wrong loses nothing.
package enum SchemaUpgrade {
    package struct NewerDatabase: Error, CustomStringConvertible {
        let path: String
        let unknown: [String]

        package var description: String {
            "\(path) was written by a newer version of FoodDiary: it has changes this version does not know (\(unknown.joined(separator: ", "))). "
                + "It was not opened or changed. Run the newer version, or restore a backup made by this one."
        }
    }

    /// Where the copy made before `migration` is kept: `diary.sqlite.before-createMealShare`.
    package static func copyPath(of path: String, before migration: String) -> String { "\(path).before-\(migration)" }

    /// Checks an existing file on a read-only connection before anything else opens it, and with
    /// `keepCopy` makes the copy (`VACUUM INTO`: one consistent file, its log folded in) when
    /// migrations are pending. A copy left by an upgrade that stopped half-way is kept as it is:
    /// it holds the older state.
    static func prepare(path: String, migrator: DatabaseMigrator, keepCopy: Bool) throws {
        guard FileManager.default.fileExists(atPath: path) else { return }
        try inReadOnly(path) { db in
            try refuseNewer(db, path: path, migrator: migrator)
            let applied = try migrator.appliedIdentifiers(db)
            guard keepCopy, !applied.isEmpty, let next = migrator.migrations.first(where: { !applied.contains($0) }) else { return }
            let copy = copyPath(of: path, before: next)
            guard !FileManager.default.fileExists(atPath: copy) else { return }
            try db.execute(sql: "VACUUM INTO ?", arguments: [copy])
        }
    }

    /// A file opened only to be read: checked, copied or backed up, never migrated. Called while
    /// opening a database and by backups and restores, which run on a thread of their own
    /// (`offTheCooperativePool`) or in a command; `VACUUM INTO` needs a connection outside a transaction.
    package static func inReadOnly<T>(_ path: String, busyTimeout: TimeInterval = 5, _ body: (Database) throws -> T) throws -> T {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(busyTimeout)
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.inDatabase(body) // sync: own thread
    }

    /// Throws `NewerDatabase` when the file has migrations this version does not know.
    package static func refuseNewer(_ db: Database, path: String, migrator: DatabaseMigrator) throws {
        let unknown = try migrator.appliedIdentifiers(db).subtracting(migrator.migrations)
        guard unknown.isEmpty else { throw NewerDatabase(path: path, unknown: unknown.sorted()) }
    }
}

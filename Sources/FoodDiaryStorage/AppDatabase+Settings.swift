import Foundation
import GRDB

/// The diary's settings table: one text value per key, a nil value being no row, so a feature's
/// default holds until its person chooses.
extension AppDatabase {
    package func setting(_ key: String) async throws -> String? {
        try await read { db in try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key]) }
    }

    package func setSetting(_ key: String, to value: String?) async throws {
        try await write { db in try Self.storeSetting(db, key, value) }
    }

    package static func storeSetting(_ db: Database, _ key: String, _ value: String?) throws {
        if let value {
            try db.execute(
                sql: "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                arguments: [key, value])
        } else {
            try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [key])
        }
    }
}

import GRDB

/// The diary's own settings: a key and a value each.
extension AppDatabase {
    static let foodDataCentralKeySetting = "fdc_api_key"

    public func foodDataCentralKey() async throws -> String? {
        try await read { db in try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [Self.foodDataCentralKeySetting]) }
    }

    /// Nil removes it.
    public func setFoodDataCentralKey(_ key: String?) async throws {
        try await write { db in
            if let key {
                try db.execute(sql: "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                               arguments: [Self.foodDataCentralKeySetting, key])
            } else {
                try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [Self.foodDataCentralKeySetting])
            }
        }
    }
}

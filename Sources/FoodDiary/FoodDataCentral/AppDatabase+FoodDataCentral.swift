import FoodDiaryStorage
import Foundation
import GRDB

/// The diary's part in FoodData Central online: its key, and the foods its person picked, as fetched.
extension AppDatabase {
    static let foodDataCentralKeySetting = "fdc_api_key"

    public func foodDataCentralKey() async throws -> String? {
        try await setting(Self.foodDataCentralKeySetting)
    }

    /// Nil removes it.
    public func setFoodDataCentralKey(_ key: String?) async throws {
        try await setSetting(Self.foodDataCentralKeySetting, to: key)
    }

    /// A food picked online, as FoodData Central described it; the newest fetch wins.
    func keepFetchedFood(fdcId: Int64, details: Data, fetchedAt: Date) async throws {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO fetched_food (fdc_id, details_json, fetched_at) VALUES (?, ?, ?)
                    ON CONFLICT (fdc_id) DO UPDATE SET details_json = excluded.details_json, fetched_at = excluded.fetched_at
                    """, arguments: [fdcId, String(decoding: details, as: UTF8.self), fetchedAt.formatted(.iso8601)])
        }
    }

    /// What `CatalogDatabase.restoreKeptFoods` puts back into a catalog that lacks them.
    public func fetchedFoods() async throws -> [(fdcId: Int64, details: String, fetchedAt: String)] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT fdc_id, details_json, fetched_at FROM fetched_food ORDER BY fdc_id").map {
                ($0[0], $0[1], $0[2])
            }
        }
    }
}

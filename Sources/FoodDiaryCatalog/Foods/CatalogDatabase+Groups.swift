import FoodDiaryStorage
import Foundation
import GRDB

extension CatalogDatabase {
    /// Each of these foods' group (SR28's) or category (a branded food's), for where a shop
    /// keeps it; a food with neither is left out.
    package func foodGroups(ids: [Int64]) async throws -> [Int64: String] {
        try await read { db in
            var groups: [Int64: String] = [:]
            try db.forEachCachedRow(
                """
                SELECT f.id, ifnull(g.name, f.food_category) FROM food f LEFT JOIN food_group g ON g.code = f.food_group_code
                WHERE f.id IN (SELECT value FROM json_each(?))
                """, [JSONList.ids(ids)]
            ) { row in
                if let group = row[1] as String? { groups[row[0]] = group }
            }
            return groups
        }
    }
}

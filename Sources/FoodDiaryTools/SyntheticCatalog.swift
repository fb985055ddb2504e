import FoodDiary
import Foundation
import GRDB

/// Grows an imported catalog to the size of FoodData Central with branded variants of real foods,
/// so search can be timed at that scale. Only for the benchmark: these foods carry no nutrients.
public enum SyntheticCatalog {
    /// What branded products add to a generic description, as FoodData Central's branded foods do.
    static let variants = [
        "original", "organic", "family size", "lightly salted", "reduced fat", "low sodium", "with sea salt",
        "classic", "homestyle", "extra crispy", "unsweetened", "value pack", "gluten free", "spicy", "honey",
        "garlic and herb", "smoked", "sliced", "whole grain", "vanilla", "chocolate", "strawberry", "lemon",
        "frozen", "ready to eat", "microwavable", "single serve", "mini", "jumbo", "traditional",
    ]
    static let brandSyllables = ["ka", "lo", "mi", "ran", "tos", "vel", "qua", "dor", "fin", "ber", "sun", "gro", "ne", "pa", "lux"]

    /// Adds foods until the catalog holds `total`, deterministically for a given seed.
    /// Returns how many were added.
    @discardableResult
    public static func grow(_ catalog: CatalogDatabase, to total: Int, seed: UInt64 = 42) throws -> Int {
        try catalog.writer.write { db in
            let sources = try Row.fetchAll(db, sql: "SELECT description, food_group_code, energy_kcal_per_100g FROM food WHERE data_type = 'sr_legacy' ORDER BY id")
            let existing = try Int.fetchOne(db, sql: "SELECT count(*) FROM food") ?? 0
            guard !sources.isEmpty, total > existing else { return 0 }
            let brands = brandNames()
            var random = SplitMix64(seed: seed)
            let insertFood = try db.makeStatement(sql: """
                INSERT INTO food (id, ndb_number, description, short_description, common_name, manufacturer,
                                  food_group_code, energy_kcal_per_100g, search_prior, core_terms)
                VALUES (?, ?, ?, ?, NULL, ?, ?, ?, ?, ?)
                """)
            let insertSearch = try db.makeStatement(sql: """
                INSERT INTO food_search (rowid, head, rest, common_name, manufacturer) VALUES (?, ?, ?, NULL, ?)
                """)
            for index in 0..<(total - existing) {
                let source = sources[Int(random.next() % UInt64(sources.count))]
                let base: String = source["description"]
                let description = base + ", " + variants[Int(random.next() % UInt64(variants.count))]
                let brand = brands[Int(random.next() % UInt64(brands.count))]
                let group: String = source["food_group_code"]
                // Synthetic ids sit above every NDB number; their 5-character codes start with "S".
                let id = 100_000 + index
                let prior = SearchRanking.prior(description: description, manufacturer: brand, groupCode: group,
                                                inSurvey: false, portionCount: 0)
                try insertFood.execute(arguments: [
                    id, "S" + base36(index, width: 4), description, String(description.prefix(60)), brand, group,
                    source["energy_kcal_per_100g"] as Double?, prior,
                    SearchRanking.coreTerms(description: description).joined(separator: " "),
                ])
                let parts = description.split(separator: ",", maxSplits: 1)
                try insertSearch.execute(arguments: [id, String(parts[0]), String(parts[1]), brand])
            }
            return total - existing
        }
    }

    package static func brandNames() -> [String] {
        brandSyllables.flatMap { first in
            brandSyllables.map { second in (first + second).capitalized + " Foods" }
        }
    }

    package static func base36(_ value: Int, width: Int) -> String {
        let digits = String(value, radix: 36, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

/// A small deterministic generator, so every benchmark run builds the same catalog.
package struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    package init(seed: UInt64) { state = seed }
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

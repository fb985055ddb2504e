import FoodDiary
import FoodDiaryCatalog
import FoodDiaryStorage
import Foundation
import GRDB

/// Grows an imported catalog to a given size with branded variants of real foods, so search can be
/// timed beyond FoodData Central's size. They join the branded tier as real branded foods do: names
/// in capitals with the brand folded in, places in prior order after the real ones. Only for the
/// benchmark: these foods carry no nutrients.
public enum SyntheticCatalog {
    /// What branded products add to a generic description, as FoodData Central's branded foods do.
    static let variants = [
        "original", "organic", "family size", "lightly salted", "reduced fat", "low sodium", "with sea salt",
        "classic", "homestyle", "extra crispy", "unsweetened", "value pack", "gluten free", "spicy", "honey",
        "garlic and herb", "smoked", "sliced", "whole grain", "vanilla", "chocolate", "strawberry", "lemon",
        "frozen", "ready to eat", "microwavable", "single serve", "mini", "jumbo", "traditional"
    ]
    static let brandSyllables = ["ka", "lo", "mi", "ran", "tos", "vel", "qua", "dor", "fin", "ber", "sun", "gro", "ne", "pa", "lux"]
    /// Synthetic ids sit above every real food's.
    static let firstID: Int64 = 2_000_000_000

    /// Adds foods until the catalog holds `total`, deterministically for a given seed.
    /// Returns how many were added.
    @discardableResult
    public static func grow(_ catalog: CatalogDatabase, to total: Int, seed: UInt64 = 42) throws -> Int {
        try catalog.writeBeforeServing { db in
            let sources = try Row.fetchAll(
                db,
                sql: """
                    SELECT f.description, g.name AS category, f.energy_kcal_per_100g FROM food f
                        JOIN food_group g ON g.code = f.food_group_code
                    WHERE f.data_type = 'sr_legacy' ORDER BY f.id
                    """)
            let existing = try Int.fetchOne(db, sql: "SELECT count(*) FROM food") ?? 0
            guard !sources.isEmpty, total > existing else { return 0 }
            let brands = brandNames()
            var random = SplitMix64(seed: seed)
            var foods: [(id: Int64, description: String, category: String, energy: Double?, prior: Double)] = []
            for index in 0..<(total - existing) {
                let source = sources[Int(random.next() % UInt64(sources.count))]
                let variant = variants[Int(random.next() % UInt64(variants.count))]
                let brand = brands[Int(random.next() % UInt64(brands.count))]
                let description = (brand + ", " + (source["description"] as String) + ", " + variant).uppercased()
                let category: String = source["category"]
                foods.append(
                    (
                        firstID + Int64(index), description, category, source["energy_kcal_per_100g"],
                        SearchRanking.brandedPrior(description: description, category: category)
                    ))
            }
            let rows = try BrandedSearchRows(db)
            var position = try Int.fetchOne(db, sql: "SELECT ifnull(max(search_position), 0) FROM food") ?? 0
            for food in foods.sorted(by: { ($0.prior, $0.id) < ($1.prior, $1.id) }) {
                position += 1
                try rows.insert(
                    id: food.id, description: food.description, category: food.category, energyKcalPer100g: food.energy,
                    prior: food.prior, position: position)
            }
            return foods.count
        }
    }

    package static func brandNames() -> [String] {
        brandSyllables.flatMap { first in
            brandSyllables.map { second in (first + second).capitalized + " Foods" }
        }
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

import Foundation
import GRDB

/// Read-only questions about a meal's foods and the saved foods.
public enum EntryQueries {
    /// A meal with its foods in the order they were added, and their sums.
    public struct MealFoods: Sendable, Equatable {
        public let meal: Meal
        public let entries: [FoodEntry]
        public var totals: NutrientValues { NutrientValues.sum(entries.map(\.nutrients)) }
        /// Nutrients some foods report and others do not: their totals are a lower bound.
        public var partiallyKnown: Set<NutrientKind> {
            Set(NutrientKind.allCases.filter { kind in
                entries.contains { $0.nutrients[kind] != nil } && entries.contains { $0.nutrients[kind] == nil }
            })
        }
    }

    public static func mealFoods(_ db: Database, mealID: Int64) throws -> MealFoods? {
        guard let meal = try MealQueries.meal(db, id: mealID) else { return nil }
        return try mealFoods(db, meals: [meal]).first
    }

    /// Each meal with its foods, all read in one query.
    static func mealFoods(_ db: Database, meals: [Meal]) throws -> [MealFoods] {
        guard !meals.isEmpty else { return [] }
        var entries: [Int64: [FoodEntry]] = [:]
        try db.forEachCachedRow(
            "SELECT \(FoodEntry.selectedColumns) FROM food_entry WHERE meal_id IN (SELECT value FROM json_each(?)) ORDER BY meal_id, id",
            [JSONList.ids(meals.map(\.id))]
        ) { row in
            let entry = try FoodEntry(row: row)
            entries[entry.mealID, default: []].append(entry)
        }
        return meals.map { MealFoods(meal: $0, entries: entries[$0.id] ?? []) }
    }

    public static func entry(_ db: Database, mealID: Int64, entryID: Int64) throws -> FoodEntry? {
        try Row.fetchOne(db, sql: "SELECT \(FoodEntry.selectedColumns) FROM food_entry WHERE id = ? AND meal_id = ?", arguments: [entryID, mealID])
            .map(FoodEntry.init(row:))
    }

    public static func savedFood(_ db: Database, id: Int64) throws -> SavedFood? {
        try Row.fetchOne(db, sql: "SELECT \(SavedFood.selectedColumns) FROM saved_food WHERE id = ?", arguments: [id]).map(SavedFood.init(row:))
    }

    /// Saved foods whose name or brand contains every word typed (all of them when nothing is typed),
    /// alphabetically. The list is a person's own handful, so a scan is instant.
    public static func savedFoods(_ db: Database, matching query: String = "") throws -> [SavedFood] {
        let query = WordQuery(query)
        let all = try Row.fetchAll(db, sql: "SELECT \(SavedFood.selectedColumns) FROM saved_food ORDER BY description COLLATE NOCASE, id").map(SavedFood.init(row:))
        return query.isEmpty ? all : all.filter { query.matches($0.food.description + " " + ($0.food.brandOwner ?? "")) }
    }

    /// Whether this food is already among the saved foods (a catalog food once; a typed one by name and serving).
    public static func isSaved(_ db: Database, _ food: FoodSnapshot) throws -> Bool {
        if let catalogID = food.catalogFoodID {
            return try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM saved_food WHERE catalog_food_id = ?)", arguments: [catalogID]) ?? false
        }
        return try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM saved_food WHERE catalog_food_id IS NULL AND description = ?
                           AND ifnull(brand_owner, '') = ? AND basis_grams = ?)
            """, arguments: [food.description, food.brandOwner ?? "", food.basisGrams]) ?? false
    }

    /// Which catalog foods are saved, to mark them in search results.
    public static func savedCatalogIDs(_ db: Database) throws -> Set<Int64> {
        Set(try Int64.fetchAll(db, sql: "SELECT catalog_food_id FROM saved_food WHERE catalog_food_id IS NOT NULL"))
    }
}

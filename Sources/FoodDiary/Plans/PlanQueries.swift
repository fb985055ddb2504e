import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB

/// Read-only questions about the plan, over one open diary.
enum PlanQueries {
    private static let plannedColumns =
        [
            "p.id", "p.day", "p.slot", "p.kind", "p.recipe_id", "p.servings", "p.source_meal_id", "p.note", "p.grams", "p.portion_label",
            "p.logged_meal_id", "r.name"
        ]
        + SnapshotColumns.snapshotColumns.map { "p.\($0)" }
    private static let select =
        "SELECT \(plannedColumns.joined(separator: ", ")) FROM planned_meal p LEFT JOIN recipe r ON r.id = p.recipe_id"

    static func count(_ db: Database, on day: LocalDate) throws -> Int {
        try db.cachedValue("SELECT count(*) FROM planned_meal WHERE day = ?", [day.description]) ?? 0
    }

    static func planned(_ db: Database, id: Int64) throws -> PlannedMeal? {
        try read(db, try db.cachedRows("\(select) WHERE p.id = ?", [id])).first
    }

    /// Everything planned from `first` through `last`, by day, slot and the order it was put there.
    static func plan(_ db: Database, from first: LocalDate, through last: LocalDate) throws -> [PlannedMeal] {
        try read(
            db, try db.cachedRows("\(select) WHERE p.day >= ? AND p.day <= ? ORDER BY p.day, p.id", [first.description, last.description])
        )
        .sorted { ($0.day, slotOrder[$0.slot]!, $0.id) < ($1.day, slotOrder[$1.slot]!, $1.id) }
    }

    private static let slotOrder = Dictionary(uniqueKeysWithValues: MealSlot.allCases.enumerated().map { ($1, $0) })

    /// The rows with what each brings: a recipe's servings of its ingredients as they are now,
    /// a favourite's foods, a food's amount.
    private static func read(_ db: Database, _ rows: [Row]) throws -> [PlannedMeal] {
        let recipeIDs = Set(rows.compactMap { $0[4] as Int64? }), mealIDs = Set(rows.compactMap { $0[6] as Int64? })
        let recipes = try recipeTotals(db, Array(recipeIDs))
        let meals = try mealTotals(db, Array(mealIDs))
        let mealNames = try Dictionary(
            uniqueKeysWithValues: MealQueries.withTotals(db, try MealRecord.fetchAll(db, keys: Array(mealIDs))).map {
                ($0.id, $0.headline ?? $0.foodsText)
            })
        return try rows.compactMap { row in
            guard let day = LocalDate(parsing: row[1]), let slot = MealSlot(rawValue: row[2]) else { return nil }
            let what: PlannedMeal.What, nutrients: NutrientValues?
            switch row[3] as String {
            case "recipe":
                let id: Int64 = row[4], servings: Double = row[5]
                what = .recipe(id: id, name: row[11] ?? "", servings: servings)
                nutrients = recipes[id].map { $0.totals.scaled(by: servings / $0.servings) } ?? NutrientValues()
            case "meal":
                let id: Int64 = row[6]
                what = .meal(id: id, name: mealNames[id] ?? "")
                nutrients = meals[id] ?? NutrientValues()
            case "food":
                let food = try SnapshotColumns.snapshot(row, at: 12)
                let amount = ChosenAmount(grams: row[8], label: row[9] ?? "")
                what = .food(food, amount)
                nutrients = food.nutrients(forGrams: amount.grams)
            default:
                what = .note(row[7] ?? "")
                nutrients = nil
            }
            return PlannedMeal(id: row[0], day: day, slot: slot, what: what, nutrients: nutrients, loggedMealID: row[10])
        }
    }

    private static let sums = NutrientKind.allCases.map { "sum(\($0.column))" }.joined(separator: ", ")

    private static func recipeTotals(_ db: Database, _ ids: [Int64]) throws -> [Int64: (totals: NutrientValues, servings: Double)] {
        guard !ids.isEmpty else { return [:] }
        var found: [Int64: (NutrientValues, Double)] = [:]
        try db.forEachCachedRow(
            """
            SELECT r.id, r.servings, \(sums) FROM recipe r JOIN recipe_ingredient i ON i.recipe_id = r.id
            WHERE r.id IN (SELECT value FROM json_each(?)) GROUP BY r.id
            """, [JSONList.ids(ids)]
        ) { row in found[row[0]] = (SnapshotColumns.scaled(row, at: 2), row[1]) }
        return found
    }

    private static func mealTotals(_ db: Database, _ ids: [Int64]) throws -> [Int64: NutrientValues] {
        guard !ids.isEmpty else { return [:] }
        var found: [Int64: NutrientValues] = [:]
        try db.forEachCachedRow(
            "SELECT meal_id, \(sums) FROM food_entry WHERE meal_id IN (SELECT value FROM json_each(?)) GROUP BY meal_id",
            [JSONList.ids(ids)]
        ) { row in found[row[0]] = SnapshotColumns.scaled(row, at: 1) }
        return found
    }
}

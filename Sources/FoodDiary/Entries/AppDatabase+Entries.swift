import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB

/// Writes to food entries and saved foods, each in one transaction that also marks the meal edited.
extension AppDatabase {
    /// Returns the new entry's id, or nil when the meal does not exist. A quick add has no amount.
    public func addEntry(mealID: Int64, food: FoodSnapshot, amount: ChosenAmount?, now: Date) async throws -> Int64? {
        try await write { db in
            guard try touchMeal(db, id: mealID, now: now) else { return nil }
            return try Self.insertEntry(
                db, mealID: mealID, food: food, grams: amount?.grams, label: amount?.label ?? tr("Quick add", context: "a quick entry"),
                nutrients: food.nutrients(forGrams: amount?.grams), now: now)
        }
    }

    /// The one insert of an entry: `nutrients` are the snapshot's for `grams`, worked out by the caller.
    static func insertEntry(
        _ db: Database, mealID: Int64, food: FoodSnapshot, grams: Double?, label: String,
        nutrients: NutrientValues, now: Date
    ) throws -> Int64 {
        try NewFoodEntry(mealID: mealID, food: food, grams: grams, label: label, nutrients: nutrients, now: now).insert(db)
        return db.lastInsertedRowID
    }

    /// The one change of an entry in place: its amount and the nutrients for it, and its food when a
    /// share replaces it with a portion of it.
    static func updateEntry(
        _ db: Database, id: Int64, grams: Double?, label: String, nutrients: NutrientValues, food: FoodSnapshot? = nil, now: Date
    ) throws {
        var assignments = [
            FoodEntry.Columns.grams.set(to: grams), FoodEntry.Columns.portionLabel.set(to: label), FoodEntry.Columns.updatedAt.set(to: now)
        ]
        assignments += SnapshotColumns.assignments(nutrients)
        if let food { assignments += SnapshotColumns.assignments(food) }
        try FoodEntry.filter(key: id).updateAll(db, assignments)
    }

    /// Re-scales an entry from its own snapshot. Returns false when the meal has no such entry.
    public func changeEntryAmount(mealID: Int64, entryID: Int64, to amount: ChosenAmount, now: Date) async throws -> Bool {
        try await write { db in
            guard let entry = try EntryQueries.entry(db, mealID: mealID, entryID: entryID) else { return false }
            let scaled = entry.food.nutrients(forGrams: amount.grams)
            try Self.updateEntry(db, id: entryID, grams: amount.grams, label: amount.label, nutrients: scaled, now: now)
            _ = try touchMeal(db, id: mealID, now: now)
            return true
        }
    }

    public func removeEntry(mealID: Int64, entryID: Int64, now: Date) async throws -> Bool {
        try await write { db in
            let removed = try FoodEntry.filter(FoodEntry.Columns.id == entryID && FoodEntry.Columns.mealID == mealID).deleteAll(db)
            guard removed > 0 else { return false }
            _ = try touchMeal(db, id: mealID, now: now)
            return true
        }
    }

    /// Keeps a food for reuse; saving the same food again updates it and its default amount.
    public func saveFood(_ food: FoodSnapshot, defaultAmount: ChosenAmount, now: Date) async throws -> Int64 {
        try await write { db in
            try SavedFood.same(as: food).deleteAll(db)
            try NewSavedFood(food: food, defaultAmount: defaultAmount, now: now).insert(db)
            return db.lastInsertedRowID
        }
    }

    public func removeSavedFood(id: Int64) async throws -> Bool {
        try await write { db in
            try SavedFood.deleteOne(db, key: id)
        }
    }

    func touchMeal(_ db: Database, id: Int64, now: Date) throws -> Bool {
        try MealRecord.filter(key: id).updateAll(db, MealRecord.Columns.updatedAt.set(to: now)) > 0
    }
}

/// Read-only questions about a meal's foods and the saved foods.
public enum EntryQueries {
    public static func entry(_ db: Database, mealID: Int64, entryID: Int64) throws -> FoodEntry? {
        try FoodEntry.filter(FoodEntry.Columns.id == entryID && FoodEntry.Columns.mealID == mealID).fetchOne(db)
    }

    public static func savedFood(_ db: Database, id: Int64) throws -> SavedFood? {
        try SavedFood.fetchOne(db, key: id)
    }

    /// The saved foods, alphabetically: a person's own handful, which searches match in memory.
    public static func savedFoods(_ db: Database) throws -> [SavedFood] {
        // Read by ＋ on every visit: a statement compiled once, not the query interface's.
        try db.cachedRecords(SavedFood.self, "SELECT \(SavedFood.selectedColumns) FROM saved_food ORDER BY description COLLATE NOCASE, id")
    }

    /// The saved foods whose name or brand contains every word typed (all of them when nothing is typed).
    static func matching(_ saved: [SavedFood], _ query: String) -> [SavedFood] {
        let query = WordQuery(query)
        return query.isEmpty ? saved : saved.filter { query.matches($0.food.description + " " + ($0.food.brandOwner ?? "")) }
    }

    /// Whether this food is already among the saved foods (a catalog food once; a typed one by name and serving).
    public static func isSaved(_ db: Database, _ food: FoodSnapshot) throws -> Bool {
        try !SavedFood.same(as: food).isEmpty(db)
    }

    /// The most foods `loggedCatalogFoods` lists.
    public static let loggedFoodsLimit = 500

    /// How often each catalog food was logged, the most logged first (at most `limit`): a food a
    /// person eats ranks up in their searches.
    public static func loggedCatalogFoods(_ db: Database, limit: Int = loggedFoodsLimit) throws -> [Int64: Int] {
        var counts: [Int64: Int] = [:]
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT catalog_food_id, count(*) FROM food_entry WHERE catalog_food_id IS NOT NULL GROUP BY 1 ORDER BY 2 DESC LIMIT ?
                """, arguments: [limit])
        {
            counts[row[0]] = row[1]
        }
        return counts
    }

    /// Which catalog foods are saved, to mark them in search results: read by every add-food page,
    /// so a statement compiled once.
    public static func savedCatalogIDs(_ db: Database) throws -> Set<Int64> {
        var ids = Set<Int64>()
        try db.forEachCachedRow("SELECT catalog_food_id FROM saved_food WHERE catalog_food_id IS NOT NULL") { ids.insert($0[0]) }
        return ids
    }
}

extension AppDatabase {
    /// Copies the entries `condition` picks into meal `mealID`, snapshots and amounts unchanged, in
    /// their order; returns how many. Logging a meal again, "like this one" and a usual food all
    /// copy this way.
    @discardableResult
    static func copyEntries(
        _ db: Database, from condition: String, _ arguments: StatementArguments, to mealID: Int64,
        now: Date
    ) throws -> Int {
        let copied = (["grams", "portion_label"] + SnapshotColumns.identity + SnapshotColumns.basisColumns + SnapshotColumns.scaledColumns)
            .joined(separator: ", ")
        try db.execute(
            sql: """
                INSERT INTO food_entry (meal_id, \(copied), created_at, updated_at)
                SELECT ?, \(copied), ?, ? FROM food_entry WHERE \(condition) ORDER BY id
                """, arguments: [mealID, now, now] + arguments)
        return db.changesCount
    }
}

/// The amounts a person last had each catalog food in, which ＋ and a recipe's ingredients offer again.
extension EntryQueries {
    /// Of these catalog foods, those that can have a last amount: the ones logged, when `logged`
    /// (from `loggedCatalogFoods`) lists every food logged, as it does below its limit.
    static func mayHaveLastAmounts(_ ids: [Int64], logged: [Int64: Int]) -> [Int64] {
        logged.count < loggedFoodsLimit ? ids.filter { logged[$0] != nil } : ids
    }

    /// The amount the person last had each catalog food they ever logged in, by food. Each food's
    /// last entry is found by one step down its index: 0.16 ms on a 600-day diary, where a
    /// `GROUP BY` with `max(id)` reads every entry's row (1.5 ms).
    static func lastAmounts(_ db: Database) throws -> [Int64: ChosenAmount] {
        var amounts: [Int64: ChosenAmount] = [:]
        for row in try db.cachedRows(
            """
            SELECT entry.catalog_food_id, entry.grams, entry.portion_label
            FROM (SELECT DISTINCT catalog_food_id AS food FROM food_entry WHERE catalog_food_id IS NOT NULL)
            JOIN food_entry entry ON entry.id =
                (SELECT id FROM food_entry WHERE catalog_food_id = food AND grams IS NOT NULL ORDER BY id DESC LIMIT 1)
            """, [])
        {
            amounts[row[0]] = ChosenAmount(grams: row[1], label: row[2])
        }
        return amounts
    }

    /// The amount the person last had each of these catalog foods in, by food.
    static func lastAmounts(_ db: Database, catalogFoods ids: [Int64]) throws -> [Int64: ChosenAmount] {
        var amounts: [Int64: ChosenAmount] = [:]
        for id in Set(ids) {
            if let row = try db.cachedRows(
                """
                SELECT grams, portion_label FROM food_entry WHERE catalog_food_id = ? AND grams IS NOT NULL ORDER BY id DESC LIMIT 1
                """, [id]
            ).first {
                amounts[id] = ChosenAmount(grams: row[0], label: row[1])
            }
        }
        return amounts
    }
}

/// The catalog foods a diary's person has logged, and how often, which their searches favour.
enum KeptLoggedFoods: DiaryReadKind {
    typealias Key = Int
    typealias Value = [Int64: Int]
}

/// The amount each catalog food was last logged in, which ＋ offers again: read beside a search,
/// not after it.
enum KeptLastAmounts: DiaryReadKind {
    typealias Key = Int
    typealias Value = [Int64: ChosenAmount]
}

extension Diary {
    func loggedCatalogFoods() async throws -> [Int64: Int] {
        try await kept(KeptLoggedFoods.self, for: 0) { db in try EntryQueries.loggedCatalogFoods(db) }
    }

    func lastCatalogAmounts() async throws -> [Int64: ChosenAmount] {
        try await kept(KeptLastAmounts.self, for: 0) { db in try EntryQueries.lastAmounts(db) }
    }
}

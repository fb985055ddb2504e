import Foundation
import GRDB

/// Writes to food entries and saved foods, each in one transaction that also marks the meal edited.
extension AppDatabase {
    /// Returns the new entry's id, or nil when the meal does not exist. A quick add has no amount.
    public func addEntry(mealID: Int64, food: FoodSnapshot, amount: ChosenAmount?, now: Date) async throws -> Int64? {
        try await write { db in
            guard try touchMeal(db, id: mealID, now: now) else { return nil }
            let columns = ["meal_id", "grams", "portion_label"] + SnapshotColumns.identity + SnapshotColumns.basisColumns
                + SnapshotColumns.scaledColumns + ["created_at", "updated_at"]
            let scaled = food.nutrients(forGrams: amount?.grams)
            let arguments: [(any DatabaseValueConvertible)?] = [mealID, amount?.grams, amount?.label ?? "Quick add"]
                + SnapshotColumns.arguments(food) + NutrientKind.allCases.map { scaled[$0] } + [now, now]
            try db.execute(
                sql: "INSERT INTO food_entry (\(columns.joined(separator: ", "))) VALUES (\(databaseQuestionMarks(count: columns.count)))",
                arguments: StatementArguments(arguments))
            return db.lastInsertedRowID
        }
    }

    /// Re-scales an entry from its own snapshot. Returns false when the meal has no such entry.
    public func changeEntryAmount(mealID: Int64, entryID: Int64, to amount: ChosenAmount, now: Date) async throws -> Bool {
        try await write { db in
            let sql = "SELECT \(SnapshotColumns.snapshotColumns.joined(separator: ", ")) FROM food_entry WHERE id = ? AND meal_id = ?"
            guard let row = try Row.fetchOne(db, sql: sql, arguments: [entryID, mealID]) else { return false }
            let scaled = try SnapshotColumns.snapshot(row, at: 0).nutrients(forGrams: amount.grams)
            let assignments = (["grams", "portion_label"] + SnapshotColumns.scaledColumns + ["updated_at"]).map { "\($0) = ?" }
            let arguments: [(any DatabaseValueConvertible)?] = [amount.grams, amount.label]
                + NutrientKind.allCases.map { scaled[$0] } + [now, entryID]
            try db.execute(sql: "UPDATE food_entry SET \(assignments.joined(separator: ", ")) WHERE id = ?",
                           arguments: StatementArguments(arguments))
            _ = try touchMeal(db, id: mealID, now: now)
            return true
        }
    }

    public func removeEntry(mealID: Int64, entryID: Int64, now: Date) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM food_entry WHERE id = ? AND meal_id = ?", arguments: [entryID, mealID])
            guard db.changesCount > 0 else { return false }
            _ = try touchMeal(db, id: mealID, now: now)
            return true
        }
    }

    /// Keeps a food for reuse; saving the same food again updates it and its default amount.
    public func saveFood(_ food: FoodSnapshot, defaultAmount: ChosenAmount, now: Date) async throws -> Int64 {
        try await write { db in
            let existing: Int64? = if let catalogID = food.catalogFoodID {
                try Int64.fetchOne(db, sql: "SELECT id FROM saved_food WHERE catalog_food_id = ?", arguments: [catalogID])
            } else {
                try Int64.fetchOne(db, sql: """
                    SELECT id FROM saved_food
                    WHERE catalog_food_id IS NULL AND description = ? AND ifnull(brand_owner, '') = ? AND basis_grams = ?
                    """, arguments: [food.description, food.brandOwner ?? "", food.basisGrams])
            }
            if let existing { try db.execute(sql: "DELETE FROM saved_food WHERE id = ?", arguments: [existing]) }
            let columns = SnapshotColumns.identity + SnapshotColumns.basisColumns + ["default_grams", "default_portion_label", "created_at"]
            let arguments = SnapshotColumns.arguments(food) + [defaultAmount.grams, defaultAmount.label, now]
            try db.execute(
                sql: "INSERT INTO saved_food (\(columns.joined(separator: ", "))) VALUES (\(databaseQuestionMarks(count: columns.count)))",
                arguments: StatementArguments(arguments))
            return db.lastInsertedRowID
        }
    }

    public func removeSavedFood(id: Int64) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM saved_food WHERE id = ?", arguments: [id])
            return db.changesCount > 0
        }
    }

    private func touchMeal(_ db: Database, id: Int64, now: Date) throws -> Bool {
        try db.execute(sql: "UPDATE meal SET updated_at = ? WHERE id = ?", arguments: [now, id])
        return db.changesCount > 0
    }
}

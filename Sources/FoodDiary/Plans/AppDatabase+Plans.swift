import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB

/// The plan's writes: putting things on days, changing or removing them, copying days, and a
/// planned meal becoming a logged one.
extension AppDatabase {
    /// Puts `choice` on `day`'s `slot`; nil when its recipe or meal is gone or the day is full.
    package func plan(_ choice: PlanChoice, on day: LocalDate, slot: MealSlot, now: Date) async throws -> Int64? {
        try await write { db in
            guard try PlanQueries.count(db, on: day) < PlannedMeal.mostPerDay else { return nil }
            var row: [String: (any DatabaseValueConvertible)?] = [
                "day": day.description, "slot": slot.rawValue, "created_at": now, "updated_at": now
            ]
            switch choice {
            case .recipe(let id, let servings):
                guard try db.cachedValue("SELECT 1 FROM recipe WHERE id = ?", [id]) as Int? != nil else { return nil }
                row["kind"] = "recipe"
                row["recipe_id"] = id
                row["servings"] = servings
            case .meal(let id):
                guard try db.cachedValue("SELECT 1 FROM meal WHERE id = ?", [id]) as Int? != nil else { return nil }
                row["kind"] = "meal"
                row["source_meal_id"] = id
            case .food(let food, let amount):
                row["kind"] = "food"
                for (column, value) in zip(SnapshotColumns.snapshotColumns, SnapshotColumns.arguments(food)) { row[column] = value }
                row["grams"] = amount.grams
                row["portion_label"] = amount.label
            case .note(let text):
                row["kind"] = "note"
                row["note"] = text
            }
            let columns = Array(row.keys)
            try db.execute(
                sql:
                    "INSERT INTO planned_meal (\(columns.joined(separator: ", "))) VALUES (\(databaseQuestionMarks(count: columns.count)))",
                arguments: StatementArguments(columns.map { row[$0]! }))
            return db.lastInsertedRowID
        }
    }

    /// Changes a planned recipe's servings; false when it is gone or not a recipe.
    func changePlannedServings(id: Int64, to servings: Double, now: Date) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: "UPDATE planned_meal SET servings = ?, updated_at = ? WHERE id = ? AND kind = 'recipe'", arguments: [servings, now, id]
            )
            return db.changesCount > 0
        }
    }

    /// Changes a planned food's amount; false when it is gone or not a food.
    func changePlannedAmount(id: Int64, to amount: ChosenAmount, now: Date) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: "UPDATE planned_meal SET grams = ?, portion_label = ?, updated_at = ? WHERE id = ? AND kind = 'food'",
                arguments: [amount.grams, amount.label, now, id])
            return db.changesCount > 0
        }
    }

    func removePlanned(id: Int64) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM planned_meal WHERE id = ?", arguments: [id])
            return db.changesCount > 0
        }
    }

    /// Copies what `from` plans onto `to`, each day in turn (a day, or the seven of a week), as
    /// not yet logged, beside what those days already plan; the number copied.
    func copyPlan(from first: LocalDate, to target: LocalDate, days: Int, now: Date) async throws -> Int {
        try await write { db in
            let copied =
                (["slot", "kind", "recipe_id", "servings", "source_meal_id", "note", "grams", "portion_label"]
                + SnapshotColumns.snapshotColumns).joined(separator: ", ")
            var count = 0
            var (source, day) = (first, target)
            for _ in 0..<days {
                let room = PlannedMeal.mostPerDay - (try PlanQueries.count(db, on: day))
                if room > 0 {
                    try db.execute(
                        sql: """
                            INSERT INTO planned_meal (day, \(copied), created_at, updated_at)
                            SELECT ?, \(copied), ?, ? FROM planned_meal WHERE day = ? ORDER BY id LIMIT ?
                            """, arguments: [day.description, now, now, source.description, room])
                    count += db.changesCount
                }
                (source, day) = (source.next, day.next)
            }
            return count
        }
    }

    /// Logs a planned meal as a new meal of its day and slot at `eatenAt`, with the foods it
    /// plans as exact snapshots, and marks it logged, in one transaction. Nil when it is gone or
    /// is a note; the meal's id otherwise (the one already logged, tapped twice).
    func logPlanned(id: Int64, eatenAt: LocalDateTime, utcOffsetMinutes: Int, now: Date) async throws -> Int64? {
        try await write { db in
            guard let planned = try PlanQueries.planned(db, id: id), planned.canBeLogged else { return nil }
            if let logged = planned.loggedMealID { return logged }
            let mealID = try Self.insertMeal(
                db, MealInput(eatenAt: eatenAt, utcOffsetMinutes: utcOffsetMinutes, notes: ""), photo: nil, geocodedName: nil, now: now)
            switch planned.what {
            case .recipe(let recipeID, _, let servings):
                guard let recipe = try Recipe.fetch(db, id: recipeID), let snapshot = recipe.snapshot else {
                    throw PlannedMeal.NothingToLog()
                }
                let amount = try ChosenAmount.counted(servings, of: recipe.portion, unit: .grams).mapError(\.refusal).get()
                _ = try Self.insertEntry(
                    db, mealID: mealID, food: snapshot, grams: amount.grams, label: amount.label,
                    nutrients: snapshot.nutrients(forGrams: amount.grams), now: now)
            case .meal(let source, _):
                try Self.copyEntries(db, from: "meal_id = ?", [source], to: mealID, now: now)
            case .food(let food, let amount):
                _ = try Self.insertEntry(
                    db, mealID: mealID, food: food, grams: amount.grams, label: amount.label,
                    nutrients: food.nutrients(forGrams: amount.grams), now: now)
            case .note:
                return nil
            }
            try db.execute(sql: "UPDATE planned_meal SET logged_meal_id = ?, updated_at = ? WHERE id = ?", arguments: [mealID, now, id])
            return mealID
        }
    }
}

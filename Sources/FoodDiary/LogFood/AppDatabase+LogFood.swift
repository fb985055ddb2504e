import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB

/// "＋": foods added one tap at a time, the meal made with the first of them.
extension AppDatabase {
    /// The meal a food goes to: one already in the diary, or a new one made with the food, where
    /// the device was (`device`, named `placeName`) unless the meal before it says where.
    enum LogTarget: Sendable {
        case meal(id: Int64)
        case newMeal(eatenAt: LocalDateTime, utcOffsetMinutes: Int, device: Coordinates?, placeName: String?)
    }

    /// What one tap adds: a copy of a past entry (a usual food in its usual amount), every food of
    /// a past meal (yesterday's lunch), a food in an amount (none for a quick add), or the foods
    /// a sentence named, each in its amount.
    enum LoggedFood: Sendable {
        case copy(entryID: Int64)
        case foodsOf(mealID: Int64)
        case food(FoodSnapshot, ChosenAmount?)
        case foods([(food: FoodSnapshot, amount: ChosenAmount)])
    }

    /// The entries one tap added: ids `firstEntryID` through `lastEntryID`, all in `mealID`.
    struct Logged: Sendable, Equatable {
        let mealID: Int64
        let firstEntryID: Int64
        let lastEntryID: Int64
        let madeMeal: Bool
    }

    /// A new meal is at the place of the meal before it when that was eaten within three hours:
    /// the second course at a restaurant, the snack at the desk.
    static let samePlaceWithinMinutes = 180

    /// Adds the food, making the meal in the same transaction, so no meal is ever left behind
    /// without the food that made it. Nil when the meal or the past entry is gone.
    func log(_ food: LoggedFood, to target: LogTarget, now: Date) async throws -> Logged? {
        try await write { db in
            switch food {
            case .copy(let entryID):
                guard try Int.fetchOne(db, sql: "SELECT 1 FROM food_entry WHERE id = ?", arguments: [entryID]) != nil else { return nil }
            case .foodsOf(let source):
                guard try Int.fetchOne(db, sql: "SELECT 1 FROM food_entry WHERE meal_id = ?", arguments: [source]) != nil else {
                    return nil
                }
            case .food: break
            case .foods(let foods): if foods.isEmpty { return nil }
            }
            let mealID: Int64, madeMeal: Bool
            switch target {
            case .meal(let id):
                guard try touchMeal(db, id: id, now: now) else { return nil }
                (mealID, madeMeal) = (id, false)
            case .newMeal(let eatenAt, let offset, let device, let placeName):
                let location =
                    try Self.placeOfMealBefore(db, eatenAt).map { LocationChoice.place(id: $0) }
                    ?? device.map { LocationChoice.point($0, source: .device) } ?? .none
                mealID = try Self.insertMeal(
                    db, MealInput(eatenAt: eatenAt, utcOffsetMinutes: offset, notes: "", location: location),
                    photo: nil, geocodedName: placeName, now: now)
                madeMeal = true
            }
            // One statement inserts them: their ids run on from the largest, one after another.
            let count: Int
            switch food {
            case .copy(let entryID):
                count = try Self.copyEntries(db, from: "id = ?", [entryID], to: mealID, now: now)
            case .foodsOf(let source):
                count = try Self.copyEntries(db, from: "meal_id = ?", [source], to: mealID, now: now)
            case .food(let snapshot, let amount):
                _ = try Self.insertEntry(
                    db, mealID: mealID, food: snapshot, grams: amount?.grams,
                    label: amount?.label ?? tr("Quick add", context: "a quick entry"),
                    nutrients: snapshot.nutrients(forGrams: amount?.grams), now: now)
                count = 1
            case .foods(let foods):
                for (food, amount) in foods {
                    _ = try Self.insertEntry(
                        db, mealID: mealID, food: food, grams: amount.grams, label: amount.label,
                        nutrients: food.nutrients(forGrams: amount.grams), now: now)
                }
                count = foods.count
            }
            let last = db.lastInsertedRowID
            return Logged(mealID: mealID, firstEntryID: last - Int64(count) + 1, lastEntryID: last, madeMeal: madeMeal)
        }
    }

    private static func placeOfMealBefore(_ db: Database, _ time: LocalDateTime) throws -> Int64? {
        let earliest = time.adding(minutes: -samePlaceWithinMinutes)
        return try db.cachedValue(
            """
            SELECT place_id FROM meal WHERE eaten_local BETWEEN ? AND ? ORDER BY eaten_local DESC, id DESC LIMIT 1
            """, [earliest.description, time.description])
    }

    /// Takes back one tap: removes its entries and, when that tap made the meal and nothing else has
    /// been put in it since (no food, photo, notes or tags), the meal. False when they are gone.
    func undoLog(entries: ClosedRange<Int64>, mealID: Int64, madeMeal: Bool, now: Date) async throws -> (undone: Bool, mealRemoved: Bool) {
        try await write { db in
            try db.execute(
                sql: "DELETE FROM food_entry WHERE meal_id = ? AND id BETWEEN ? AND ?",
                arguments: [mealID, entries.lowerBound, entries.upperBound])
            guard db.changesCount > 0 else { return (false, false) }
            if madeMeal {
                try db.execute(
                    sql: """
                        DELETE FROM meal WHERE id = ? AND entry_count = 0 AND photo_sha256 IS NULL AND notes = ''
                        AND NOT EXISTS (SELECT 1 FROM meal_tag WHERE meal_id = meal.id)
                        """, arguments: [mealID])
                if db.changesCount > 0 { return (true, true) }
            }
            _ = try touchMeal(db, id: mealID, now: now)
            return (true, false)
        }
    }
}

/// Read-only questions for "＋".
enum LogQueries {
    /// A meal joined by a new food is at most this old, on today's page: breakfast at 07:10 takes
    /// the coffee at 08:30, not the one at noon.
    static let joinWithinMinutes = 180

    /// The meal a food joins when "＋" names none: the latest meal of `date` in `slot`; today, only
    /// one eaten in the last three hours.
    static func joinableMeal(_ db: Database, slot: MealSlot, on date: LocalDate, now: LocalDateTime) throws -> Meal? {
        let records = try db.cachedRecords(
            MealRecord.self,
            """
            SELECT \(MealRecord.selectedColumns) FROM meal WHERE eaten_local >= ? AND eaten_local < ? ORDER BY eaten_local DESC, id DESC
            """, [date.description, date.next.description])
        let earliest = now.adding(minutes: -joinWithinMinutes)
        let record = records.first { record in
            guard let eaten = LocalDateTime(parsing: record.eatenLocal), MealSlot(eaten) == slot else { return false }
            return date != now.date || (eaten >= earliest && eaten <= now)
        }
        return try record.flatMap { try MealQueries.withTotals(db, [$0]).first }
    }

    /// The meals of `date` in `slot` that have foods, for "like yesterday's": one tap copies them.
    static func mealsWithFoods(_ db: Database, slot: MealSlot, on date: LocalDate) throws -> [Meal] {
        try MealQueries.meals(db, from: date, through: date).filter { $0.isItemised && MealSlot($0.eatenAt) == slot }
    }

    /// The entries one tap added, in the order added.
    static func entries(_ db: Database, mealID: Int64, _ ids: ClosedRange<Int64>) throws -> [FoodEntry] {
        try db.cachedRecords(
            FoodEntry.self, "SELECT \(FoodEntry.selectedColumns) FROM food_entry WHERE meal_id = ? AND id BETWEEN ? AND ? ORDER BY id",
            [mealID, ids.lowerBound, ids.upperBound])
    }
}

import FoodDiaryStorage
import Foundation
import GRDB

extension AppDatabase {
    /// Stars or unstars a meal. Returns false when there is no such meal.
    package func setFavourite(mealID: Int64, _ favourite: Bool) async throws -> Bool {
        try await write { db in
            try MealRecord.filter(key: mealID).updateAll(db, MealRecord.Columns.isFavourite.set(to: favourite)) > 0
        }
    }

    /// A new meal with copies of `source`'s food entries (their snapshots unchanged) and its tags;
    /// no photo and no location, which belong to the original occasion. Nil when `source` is gone.
    func logAgain(from source: Int64, as input: MealInput, now: Date) async throws -> Int64? {
        try await write { db in
            guard try MealRecord.fetchOne(db, key: source) != nil else { return nil }
            var record = MealRecord(
                id: nil, eatenLocal: input.eatenAt.description, utcOffsetMinutes: input.utcOffsetMinutes,
                notes: input.notes, createdAt: now, updatedAt: now)
            try record.insert(db)
            let id = record.id!
            try Self.copyEntries(db, from: "meal_id = ?", [source], to: id, now: now)
            let tags = try String.fetchAll(
                db,
                sql: """
                    SELECT t.name FROM meal_tag mt JOIN tag t ON t.id = mt.tag_id WHERE mt.meal_id = ? ORDER BY mt.position
                    """, arguments: [source])
            try Self.applyTags(db, mealID: id, tags: tags)
            return id
        }
    }
}

extension MealQueries {
    static func favourites(_ db: Database) throws -> [Meal] {
        try withTotals(
            db,
            try MealRecord.filter(MealRecord.Columns.isFavourite == true)
                .order(MealRecord.Columns.eatenLocal.desc, MealRecord.Columns.id.desc).fetchAll(db))
    }
}

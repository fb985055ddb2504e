import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB
import FoodDiaryPhotos

/// Meals made from a photo and itemised later: the snap, and the quick ways to fill one in.
extension AppDatabase {
    struct SnappedMeal: Sendable, Equatable {
        let id: Int64
        let isNew: Bool
    }

    /// A meal to itemise, made from its photo. When a meal already shows this photo, that meal is
    /// the answer and nothing is added: an upload retried after its answer was lost, or the same
    /// picture chosen twice, makes one meal. `barcodes` are the codes the photo shows.
    func snapMeal(_ input: MealInput, photo: IngestedPhoto, barcodes: [String], geocodedName: String?, now: Date) async throws
        -> SnappedMeal
    {
        try await write { db in
            if let existing = try db.cachedValue("SELECT id FROM meal WHERE photo_sha256 = ? ORDER BY id LIMIT 1", [photo.sha256]) as Int64?
            {
                return SnappedMeal(id: existing, isNew: false)
            }
            let id = try Self.insertMeal(db, input, photo: photo, geocodedName: geocodedName, now: now)
            try db.execute(
                sql: "UPDATE photo SET barcodes = ? WHERE sha256 = ? AND barcodes IS NULL",
                arguments: [barcodes.prefix(Barcode.mostAtOnce).joined(separator: ","), photo.sha256])
            return SnappedMeal(id: id, isNew: true)
        }
    }

    /// Copies every food of meal `source` into meal `mealID`, amounts as they were (each can be
    /// changed after). Nil when either meal is gone.
    func copyFoods(from source: Int64, to mealID: Int64, now: Date) async throws -> Int? {
        try await write { db in
            guard try MealRecord.exists(db, key: source), try touchMeal(db, id: mealID, now: now) else { return nil }
            return try Self.copyEntries(db, from: "meal_id = ?", [source], to: mealID, now: now)
        }
    }

    /// Adds to meal `mealID` a copy of a past entry: a usual food in its usual amount. Nil when the
    /// meal or the entry is gone.
    func addUsualFood(entryID: Int64, to mealID: Int64, now: Date) async throws -> Int? {
        try await write { db in
            guard try Int.fetchOne(db, sql: "SELECT 1 FROM food_entry WHERE id = ?", arguments: [entryID]) != nil,
                try touchMeal(db, id: mealID, now: now)
            else { return nil }
            return try Self.copyEntries(db, from: "id = ?", [entryID], to: mealID, now: now)
        }
    }
}

/// Questions about meals still to itemise.
public enum ItemisingQueries {
    /// Meals with no foods yet: how many, and the newest few.
    public struct Waiting: Sendable, Equatable {
        public let count: Int
        public let meals: [Meal]
    }

    /// The product barcodes a photo was seen to show as it came in.
    static func barcodes(_ db: Database, photo sha256: String) throws -> [String] {
        let text = try String.fetchOne(db, sql: "SELECT barcodes FROM photo WHERE sha256 = ?", arguments: [sha256]) ?? ""
        return text.split(separator: ",").map(String.init)
    }

    /// The meal that shows this photo, if one does.
    static func mealShowing(_ db: Database, sha256: String) throws -> Meal? {
        let records = try db.cachedRecords(
            MealRecord.self, "SELECT \(MealRecord.selectedColumns) FROM meal WHERE photo_sha256 = ? ORDER BY id LIMIT 1", [sha256])
        return try MealQueries.withTotals(db, records).first
    }

    static func waiting(_ db: Database, limit: Int) throws -> Waiting {
        let count = try db.cachedValue("SELECT count(*) FROM meal WHERE entry_count = 0") ?? 0
        guard count > 0 else { return Waiting(count: 0, meals: []) }
        let records = try db.cachedRecords(
            MealRecord.self,
            "SELECT \(MealRecord.selectedColumns) FROM meal WHERE entry_count = 0 ORDER BY eaten_local DESC, id DESC LIMIT ?", [limit])
        return Waiting(count: count, meals: try MealQueries.withTotals(db, records))
    }

    /// A past meal whose foods one tap copies, standing for every past meal with the same foods.
    public struct LikeMeal: Sendable, Equatable {
        /// The latest of them.
        public let meal: Meal
        public let foods: [String]
        public let energyKcal: Double
        /// How many past meals had exactly these foods.
        public let times: Int
    }

    /// Whether the meals offered are from the same place or only from the same time of day.
    public enum Likeness: Sendable, Equatable {
        case here
        case atThisTime
    }

    static let likeLimit = 5
    static let recentDays = 30

    /// "Lately", when a place has nothing to offer: the 30 days up to `time`'s day, as SQL on the
    /// meal table `m`.
    static func recently(_ time: LocalDateTime) -> (sql: String, arguments: StatementArguments) {
        ("m.eaten_local >= ? AND m.eaten_local < ?", [time.date.adding(days: -recentDays).description, time.date.next.description])
    }

    /// Past meals with foods eaten at a similar time of day here (same place or within 150 m);
    /// with no location, or none of them here, at that time in the 30 days before. Meals with the
    /// same foods count as one, the most repeated first.
    package static func likeThisOne(_ db: Database, _ meal: Meal) throws -> (likeness: Likeness, meals: [LikeMeal]) {
        if let places = try Nearby.placeIDs(db, near: meal.location, place: meal.place) {
            let here = try likeMeals(db, meal, where: "m.place_id IN (SELECT value FROM json_each(?))", [JSONList.ids(places)])
            if !here.isEmpty { return (.here, here) }
        }
        let lately = recently(meal.eatenAt)
        return (.atThisTime, try likeMeals(db, meal, where: lately.sql, lately.arguments))
    }

    private static func likeMeals(_ db: Database, _ meal: Meal, where condition: String, _ conditionArguments: StatementArguments) throws
        -> [LikeMeal]
    {
        let time = TimeOfDay.similarSQL("m.eaten_local", to: meal.eatenAt)
        let candidates: [Int64] = try db.cachedRows(
            """
            SELECT m.id FROM meal m WHERE m.entry_count > 0 AND m.id != ? AND \(time.sql) AND \(condition)
            ORDER BY m.eaten_local DESC, m.id DESC LIMIT 200
            """, [meal.id] + time.arguments + conditionArguments
        ).map { $0[0] }
        var foods: [Int64: [String]] = [:], kcal: [Int64: Double] = [:], signatures: [Int64: [String]] = [:]
        if !candidates.isEmpty {
            try db.forEachCachedRow(
                """
                SELECT meal_id, description, portion_label, energy_kcal FROM food_entry
                WHERE meal_id IN (SELECT value FROM json_each(?)) ORDER BY meal_id, id
                """, [JSONList.ids(candidates)]
            ) { row in
                let mealID: Int64 = row[0], description: String = row[1], label: String = row[2]
                foods[mealID, default: []].append(description)
                signatures[mealID, default: []].append(description + "\u{1F}" + label)
                kcal[mealID, default: 0] += row[3] ?? 0
            }
        }
        // Candidates are newest first, so each group's first meal is its latest.
        var groups: [(signature: String, latest: Int64, times: Int)] = []
        var groupIndex: [String: Int] = [:]
        for id in candidates {
            let signature = (signatures[id] ?? []).sorted().joined(separator: "\u{1E}")
            if let index = groupIndex[signature] {
                groups[index].times += 1
            } else {
                groupIndex[signature] = groups.count
                groups.append((signature, id, 1))
            }
        }
        let chosen = groups.enumerated().sorted { ($0.element.times, -$0.offset) > ($1.element.times, -$1.offset) }.prefix(likeLimit).map(
            \.element)
        let records = try db.cachedRecords(
            MealRecord.self, "SELECT \(MealRecord.selectedColumns) FROM meal WHERE id IN (SELECT value FROM json_each(?))",
            [JSONList.ids(chosen.map(\.latest))])
        let meals = Dictionary(uniqueKeysWithValues: try MealQueries.withTotals(db, records).map { ($0.id, $0) })
        return chosen.compactMap { group in
            meals[group.latest].map {
                LikeMeal(meal: $0, foods: foods[group.latest] ?? [], energyKcal: kcal[group.latest] ?? 0, times: group.times)
            }
        }
    }
}

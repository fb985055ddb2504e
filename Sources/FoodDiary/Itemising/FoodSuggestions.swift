import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB

/// The foods a person usually has where a meal was eaten — or, with no place to go on, at that
/// time of day lately — each with the amount they usually have, for one tap on the add-food page.
public enum FoodSuggestions {
    public enum Basis: Sendable, Equatable {
        /// Logged at this place or within 150 m of it.
        case here
        /// Logged at a similar time of day in the 30 days up to the meal.
        case atThisTime
        /// Neither: the most logged of the last 300 meals, so anyone with history gets some.
        case often
    }

    public struct Usual: Sendable, Equatable {
        /// The latest entry in the usual amount: what a tap copies.
        public let entryID: Int64
        public let description: String
        public let brandOwner: String?
        public let amountLabel: String
        public let energyKcal: Double?
        /// How many times it was logged (nearly always once a meal).
        public let meals: Int
    }

    static let limit = 6

    /// Nil when there is nothing to suggest. Foods already in the meal are left out.
    package static func forMeal(_ db: Database, _ meal: Meal) throws -> (basis: Basis, foods: [Usual])? {
        if let places = try Nearby.placeIDs(db, near: meal.location, place: meal.place) {
            let usual = try usualFoods(
                db, where: "m.place_id IN (SELECT value FROM json_each(?))", [JSONList.ids(places)], excluding: meal.id)
            if !usual.isEmpty { return (.here, usual.map(\.usual)) }
        }
        let time = TimeOfDay.similarSQL("m.eaten_local", to: meal.eatenAt), lately = ItemisingQueries.recently(meal.eatenAt)
        let usual = try usualFoods(db, where: "\(lately.sql) AND \(time.sql)", lately.arguments + time.arguments, excluding: meal.id)
        if !usual.isEmpty { return (.atThisTime, usual.map(\.usual)) }
        let last = lastMeals(meal.eatenAt)
        let often = try usualFoods(db, where: last.sql, last.arguments, excluding: meal.id)
        return often.isEmpty ? nil : (.often, often.map(\.usual))
    }

    /// The meals eaten before `time`'s next day, the latest `oftenMeals` of them, as SQL on the meal
    /// table `m`: the latest meals rather than the latest days, so someone back after a summer
    /// away still finds what they had before.
    private static func lastMeals(_ time: LocalDateTime) -> (sql: String, arguments: StatementArguments) {
        (
            """
            m.eaten_local < ? AND m.eaten_local >= coalesce(
                (SELECT eaten_local FROM meal WHERE eaten_local < ? ORDER BY eaten_local DESC, id DESC LIMIT 1 OFFSET ?), '')
            """, [time.date.next.description, time.date.next.description, oftenMeals - 1]
        )
    }
    /// What "＋" offers before anything is typed, for everyone with history whatever the hour:
    /// the foods usual at this time of day lately, then the most logged of the last 300 meals.
    /// Foods already in `mealID` are left out.
    package static func forLogging(_ db: Database, at time: LocalDateTime, into mealID: Int64?) throws -> (
        atThisTime: [Usual], often: [Usual]
    ) {
        let similar = TimeOfDay.similarSQL("m.eaten_local", to: time), lately = ItemisingQueries.recently(time)
        let atThisTime = try usualFoods(
            db, where: "\(lately.sql) AND \(similar.sql)", lately.arguments + similar.arguments,
            excluding: mealID ?? 0, limit: loggingLimit)
        let shown = Set(atThisTime.map(\.key))
        let last = lastMeals(time)
        let often = try usualFoods(db, where: last.sql, last.arguments, excluding: mealID ?? 0, limit: loggingLimit + shown.count)
            .filter { !shown.contains($0.key) }.prefix(loggingLimit)
        return (atThisTime.map(\.usual), often.map(\.usual))
    }

    static let loggingLimit = 8
    static let oftenMeals = 300

    /// One food whatever the meal: the catalog's by its id, any other by kind, name and brand.
    private enum FoodKey: Hashable {
        case catalog(Int64)
        case other(String)
    }

    private static let otherKey = "e.data_type || char(31) || e.description || char(31) || coalesce(e.brand_owner, '')"

    /// A food in one amount: how many times it was logged so, and its latest such entry.
    private struct Amount {
        var times = 0
        var latestEntry: Int64 = 0
    }

    /// Most logged first, then the most recently logged; each food in its usual amount (the one
    /// logged most), represented by the latest entry in that amount. Catalog foods, nearly every
    /// entry, are read from an index of (meal, catalog food, grams) alone: a place visited 1,500
    /// times has some 4,000 entries, and their rows are never read.
    private static func usualFoods(
        _ db: Database, where condition: String, _ arguments: StatementArguments, excluding mealID: Int64,
        limit: Int = limit
    ) throws -> [(key: FoodKey, usual: Usual)] {
        var inMeal = Set<FoodKey>()
        try db.forEachCachedRow("SELECT e.catalog_food_id, \(otherKey) FROM food_entry e WHERE e.meal_id = ?", [mealID]) { row in
            inMeal.insert((row[0] as Int64?).map(FoodKey.catalog) ?? .other(row[1]))
        }
        var amounts: [FoodKey: [Double: Amount]] = [:]
        func tally(_ key: FoodKey, grams: Double?, entry: Int64) {
            guard !inMeal.contains(key) else { return }
            // A quick add has no weight; -1 stands for "no amount".
            var amount = amounts[key, default: [:]][grams ?? -1, default: Amount()]
            amount.times += 1
            amount.latestEntry = max(amount.latestEntry, entry)
            amounts[key, default: [:]][grams ?? -1] = amount
        }
        let from = "FROM meal m JOIN food_entry e ON e.meal_id = m.id WHERE m.id != ? AND \(condition)"
        try db.forEachCachedRow("SELECT e.catalog_food_id, e.grams, e.id \(from) AND e.catalog_food_id IS NOT NULL", [mealID] + arguments) {
            row in
            tally(.catalog(row[0]), grams: row[1], entry: row[2])
        }
        try db.forEachCachedRow("SELECT \(otherKey), e.grams, e.id \(from) AND e.catalog_food_id IS NULL", [mealID] + arguments) { row in
            tally(.other(row[0]), grams: row[1], entry: row[2])
        }
        let ranked = amounts.compactMap { key, options -> (key: FoodKey, entry: Int64, times: Int, latest: Int64)? in
            guard let usual = options.values.max(by: { ($0.times, $0.latestEntry) < ($1.times, $1.latestEntry) }) else { return nil }
            return (key, usual.latestEntry, options.values.reduce(0) { $0 + $1.times }, options.values.map(\.latestEntry).max() ?? 0)
        }
        .sorted { ($0.times, $0.latest) > ($1.times, $1.latest) }
        .prefix(limit)
        guard !ranked.isEmpty else { return [] }
        var shown: [Int64: Usual] = [:]
        let times = Dictionary(uniqueKeysWithValues: ranked.map { ($0.entry, $0.times) })
        try db.forEachCachedRow(
            """
            SELECT id, description, brand_owner, portion_label, energy_kcal FROM food_entry WHERE id IN (SELECT value FROM json_each(?))
            """, [JSONList.ids(ranked.map(\.entry))]
        ) { row in
            let id: Int64 = row[0]
            shown[id] = Usual(
                entryID: id, description: row[1], brandOwner: row[2], amountLabel: row[3], energyKcal: row[4], meals: times[id] ?? 0)
        }
        return ranked.compactMap { food in shown[food.entry].map { (food.key, $0) } }
    }
}

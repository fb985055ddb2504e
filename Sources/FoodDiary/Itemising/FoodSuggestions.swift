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
    }

    public struct Usual: Sendable, Equatable {
        /// The latest entry in the usual amount: what a tap copies.
        public let entryID: Int64
        public let description: String
        public let brandOwner: String?
        public let amountLabel: String
        public let energyKcal: Double?
        /// In how many meals it was logged.
        public let meals: Int
    }

    static let limit = 6

    /// Nil when there is nothing to suggest. Foods already in the meal are left out.
    static func forMeal(_ db: Database, _ meal: Meal) throws -> (basis: Basis, foods: [Usual])? {
        let inMeal = try Set(db.cachedRows("SELECT data_type, catalog_food_id, description, brand_owner FROM food_entry WHERE meal_id = ?", [meal.id])
            .map { Self.foodKey($0, at: 0) })
        if let nearby = Nearby(meal) {
            let condition = nearby.condition("m")
            let rows = try entries(db, where: condition.sql, StatementArguments(condition.arguments), excluding: meal.id)
                .filter { nearby.contains(placeID: $0.placeID, latitude: $0.latitude, longitude: $0.longitude) }
            let usual = rank(rows, excluding: inMeal)
            if !usual.isEmpty { return (.here, usual) }
        }
        let rows = try entries(db, where: "m.eaten_local >= ? AND m.eaten_local < ?",
                               [meal.eatenAt.date.adding(days: -ItemisingQueries.recentDays).description, meal.eatenAt.date.next.description],
                               excluding: meal.id)
            .filter { TimeOfDay.isSimilar($0.eatenAt, meal.eatenAt) }
        let usual = rank(rows, excluding: inMeal)
        return usual.isEmpty ? nil : (.atThisTime, usual)
    }

    private struct LoggedEntry {
        let id: Int64
        let mealID: Int64
        let foodKey: String
        let amountKey: String
        let description: String
        let brandOwner: String?
        let amountLabel: String
        let energyKcal: Double?
        let eatenAt: LocalDateTime
        let placeID: Int64?
        let latitude: Double?
        let longitude: Double?
    }

    private static func entries(_ db: Database, where condition: String, _ arguments: StatementArguments, excluding mealID: Int64) throws -> [LoggedEntry] {
        var result: [LoggedEntry] = []
        try db.forEachCachedRow("""
            SELECT e.data_type, e.catalog_food_id, e.description, e.brand_owner, e.id, e.meal_id, e.grams, e.portion_label, e.energy_kcal,
                   m.eaten_local, m.place_id, m.latitude, m.longitude
            FROM meal m JOIN food_entry e ON e.meal_id = m.id
            WHERE m.id != ? AND \(condition)
            """, [mealID] + arguments) { row in
            guard let eatenAt = LocalDateTime(parsing: row[9]) else { return }
            let grams: Double? = row[6], label: String = row[7]
            result.append(LoggedEntry(id: row[4], mealID: row[5], foodKey: foodKey(row, at: 0),
                                      amountKey: label + "\u{1F}" + (grams.map { NumberText.fixed($0, fractionDigits: 1) } ?? ""),
                                      description: row[2], brandOwner: row[3], amountLabel: label, energyKcal: row[8],
                                      eatenAt: eatenAt, placeID: row[10], latitude: row[11], longitude: row[12]))
        }
        return result
    }

    /// One food whatever the meal: the catalog's food by its id, any other by kind, name and brand.
    private static func foodKey(_ row: Row, at offset: Int) -> String {
        if let catalogID = row[offset + 1] as Int64? { return "catalog:\(catalogID)" }
        return [row[offset] as String, row[offset + 2] as String, (row[offset + 3] as String?) ?? ""].joined(separator: "\u{1F}")
    }

    /// Most meals first, then the most recently had; each food's usual amount is its most
    /// frequent one, represented by the latest entry in that amount.
    private static func rank(_ entries: [LoggedEntry], excluding inMeal: Set<String>) -> [Usual] {
        struct Tally {
            var meals: Set<Int64> = []
            var latest: LocalDateTime
            var amounts: [String: (count: Int, entry: LoggedEntry)] = [:]
        }
        var tallies: [String: Tally] = [:]
        for entry in entries where !inMeal.contains(entry.foodKey) {
            var tally = tallies[entry.foodKey] ?? Tally(latest: entry.eatenAt)
            tally.meals.insert(entry.mealID)
            tally.latest = max(tally.latest, entry.eatenAt)
            let amount = tally.amounts[entry.amountKey]
            let newer = amount.map { (entry.eatenAt, entry.id) > ($0.entry.eatenAt, $0.entry.id) } ?? true
            tally.amounts[entry.amountKey] = ((amount?.count ?? 0) + 1, newer ? entry : amount!.entry)
            tallies[entry.foodKey] = tally
        }
        return tallies.values
            .sorted { ($0.meals.count, $0.latest.description) > ($1.meals.count, $1.latest.description) }
            .prefix(limit)
            .compactMap { tally in
                let usual = tally.amounts.values.max { ($0.count, $0.entry.eatenAt.description) < ($1.count, $1.entry.eatenAt.description) }
                return usual.map {
                    Usual(entryID: $0.entry.id, description: $0.entry.description, brandOwner: $0.entry.brandOwner,
                          amountLabel: $0.entry.amountLabel, energyKcal: $0.entry.energyKcal, meals: tally.meals.count)
                }
            }
    }
}

import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB

extension AppDatabase {
    /// Replaces the life stage and every goal of the person's at once.
    package func setNutrientSettings(_ settings: NutrientSettings) async throws {
        try await write { db in try Self.storeNutrientSettings(db, settings) }
    }

    package static func storeNutrientSettings(_ db: Database, _ settings: NutrientSettings) throws {
        if let stage = settings.lifeStage {
            try db.execute(
                sql: "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                arguments: [NutrientSettings.lifeStageKey, stage.rawValue])
        } else {
            try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [NutrientSettings.lifeStageKey])
        }
        try db.execute(sql: "DELETE FROM nutrient_goal")
        for (kind, goal) in settings.goals {
            try db.execute(
                sql: "INSERT INTO nutrient_goal (nutrient, minimum, maximum) VALUES (?, ?, ?)",
                arguments: [kind.rawValue, goal.minimum, goal.maximum])
        }
    }
}

/// Read-only questions about nutrients against needs; each runs in one read transaction.
public enum NutrientQueries {
    public static func settings(_ db: Database) throws -> NutrientSettings {
        let stage = try db.cachedRows("SELECT value FROM setting WHERE key = ?", [NutrientSettings.lifeStageKey]).first
            .flatMap { LifeStage(rawValue: $0[0]) }
        var goals: [NutrientKind: NutrientGoal] = [:]
        for row in try db.cachedRows("SELECT nutrient, minimum, maximum FROM nutrient_goal") {
            if let kind = NutrientKind(rawValue: row[0]) { goals[kind] = NutrientGoal(minimum: row[1], maximum: row[2]) }
        }
        return NutrientSettings(lifeStage: stage, goals: goals)
    }

    /// The foods of each day from `first` through `last`, by name with their nutrients, and how
    /// many meals each day still has to itemise, with the settings the days are read against.
    /// One read of the columns the report needs, not the entries' whole snapshots.
    static func intake(_ db: Database, from first: LocalDate, through last: LocalDate) throws -> (
        days: [NutrientReport.Day], settings: NutrientSettings
    ) {
        let columns = NutrientKind.allCases.map { "e." + $0.column }.joined(separator: ", ")
        var foods: [String: [NutrientReport.Food]] = [:], toItemise: [String: Int] = [:]
        for row in try db.cachedRows(
            """
            SELECT substr(m.eaten_local, 1, 10), e.id IS NULL, e.description, \(columns)
            FROM meal m LEFT JOIN food_entry e ON e.meal_id = m.id
            WHERE m.eaten_local >= ? AND m.eaten_local < ?
            ORDER BY m.eaten_local, m.id, e.id
            """, [first.description, last.next.description])
        {
            let day: String = row[0]
            if row[1] as Bool {
                toItemise[day, default: 0] += 1
                continue
            }
            var values = NutrientValues()
            for (index, kind) in NutrientKind.allCases.enumerated() { values[kind] = row[3 + index] }
            foods[day, default: []].append(NutrientReport.Food(name: row[2], nutrients: values))
        }
        var days: [NutrientReport.Day] = []
        var date = first
        while date <= last {
            days.append(
                NutrientReport.Day(date: date, foods: foods[date.description] ?? [], mealsToItemise: toItemise[date.description] ?? 0))
            date = date.next
        }
        return (days, try settings(db))
    }
}

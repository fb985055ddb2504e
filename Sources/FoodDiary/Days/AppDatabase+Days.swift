import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB

extension AppDatabase {
    /// Replaces every goal at once.
    package func setGoals(_ goals: DailyGoals) async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM daily_goal")
            for (kind, target) in goals.targets {
                try db.execute(sql: "INSERT INTO daily_goal (nutrient, target) VALUES (?, ?)", arguments: [kind.rawValue, target])
            }
        }
    }
}

/// The diary by local day: what was eaten, its sums, and the goals they are measured against.
public enum DayQueries {
    public struct Day: Sendable, Equatable {
        public let date: LocalDate
        /// Oldest first, as the day was lived.
        public let meals: [MealQueries.MealFoods]
        public let goals: DailyGoals
        public var slotNames = MealSlotNames()
        /// The day's water, drunk as water.
        public var water: [WaterDrink] = []
        public var bodySettings = BodySettings()
        /// The weight trend as it stands, read for today's page only.
        public var weightTrend: WeightTrend?
        /// The day's exercise, in the order it started.
        public var activities: [Activity] = []
        /// The day's steps, as the source that counted most has them.
        public var steps: Int?
        /// The steps the person typed for the day, if they did.
        public var typedSteps: Int?
        /// All the day's movement above rest as a phone or a watch measured it; not added to goals.
        public var deviceActiveKcal: Double?
        /// Activities to offer again in one tap, read for a day's page.
        public var usualActivities: [Activity] = []
        /// What the person noted on the day.
        public var note: String?
        /// What the plan puts on the day that can still be logged.
        var planned: [PlannedMeal] = []
        /// Energy burned by the day's exercise, above rest.
        public var activeKcal: Double { activities.reduce(0) { $0 + $1.activeEnergyKcal } }
        /// The day's goals, with the energy goal grown by the day's exercise when the person asked for that.
        public var goalsWithExercise: DailyGoals {
            guard bodySettings.exerciseAddsToGoal, activeKcal > 0, let energy = goals[.energyKcal] else { return goals }
            return goals.with(energyKcal: energy + activeKcal)
        }
        public var totals: NutrientValues { NutrientValues.sum(meals.map(\.totals)) }
        /// Meals with no foods yet: unknown, so left out of the totals, never counted as zero.
        public var notItemisedCount: Int { meals.count { !$0.isItemised } }
    }

    /// One day's sums, for trends; a day with no meals has zero meals and zero energy.
    public struct DayTotals: Sendable, Equatable {
        public let date: LocalDate
        public let mealCount: Int
        /// Meals with no foods yet: the day's totals are incomplete while any remain.
        public let notItemisedCount: Int
        public let totals: NutrientValues

        public var isComplete: Bool { notItemisedCount == 0 }
    }

    /// Meals filed under `date` by the wall clock they were eaten at, whatever their UTC offset,
    /// with the water drunk that day; on `today`, the weight trend too.
    public static func day(_ db: Database, date: LocalDate, today: LocalDate? = nil) throws -> Day {
        let meals = try MealQueries.meals(db, from: date, through: date)
        return Day(
            date: date, meals: try MealQueries.mealFoods(db, meals: meals), goals: try DailyGoals.fetch(db),
            slotNames: try MealSlotNames.fetch(db),
            water: try BodyQueries.water(db, on: date), bodySettings: try BodyQueries.settings(db),
            weightTrend: date == today ? try BodyQueries.weightTrend(db, through: date).trend : nil,
            activities: try ActivityQueries.activities(db, on: date), steps: try ActivityQueries.steps(db, on: date),
            typedSteps: try ActivityQueries.typedSteps(db, on: date), deviceActiveKcal: try ActivityQueries.deviceActiveKcal(db, on: date),
            usualActivities: try ActivityQueries.usual(db), note: try notes(db, from: date, through: date)[date],
            planned: try PlanQueries.plan(db, from: date, through: date).filter { $0.canBeLogged && !$0.isLogged })
    }

    /// The goals a day is measured against: the energy goal grown by the day's exercise when the
    /// person asked for that.
    static func goals(_ db: Database, on date: LocalDate) throws -> DailyGoals {
        let goals = try DailyGoals.fetch(db)
        guard try BodyQueries.settings(db).exerciseAddsToGoal, let energy = goals[.energyKcal],
            let active = try ActivityQueries.days(db, from: date, through: date)[date]?.activeKcal, active > 0
        else { return goals }
        return goals.with(energyKcal: energy + active)
    }

    /// Sums of `kinds` for every day from `first` through `last`, empty days included. A page
    /// asks only for what it shows: each nutrient summed costs a month of trends about 1 %.
    public static func totals(
        _ db: Database, from first: LocalDate, through last: LocalDate,
        of kinds: [NutrientKind] = NutrientKind.allCases
    ) throws -> [DayTotals] {
        let sums = kinds.map { ", sum(e.\($0.column)) AS \($0.column)" }.joined()
        let rows = try db.cachedRows(
            """
            SELECT substr(m.eaten_local, 1, 10) AS day, count(DISTINCT m.id) AS meal_count, sum(e.id IS NULL) AS not_itemised\(sums)
            FROM meal m LEFT JOIN food_entry e ON e.meal_id = m.id
            WHERE m.eaten_local >= ? AND m.eaten_local < ?
            GROUP BY day
            """, [first.description, last.next.description])
        var byDay: [String: DayTotals] = [:]
        // By position: a name is lower-cased on every lookup, and a month is three hundred of them.
        for row in rows {
            let day: String = row[0]
            guard let date = LocalDate(parsing: day) else { continue }
            var values = NutrientValues()
            for (index, kind) in kinds.enumerated() { values[kind] = row[3 + index] }
            byDay[day] = DayTotals(date: date, mealCount: row[1], notItemisedCount: row[2], totals: values)
        }
        var result: [DayTotals] = []
        var date = first
        while date <= last {
            result.append(
                byDay[date.description]
                    ?? DayTotals(date: date, mealCount: 0, notItemisedCount: 0, totals: NutrientValues([.energyKcal: 0])))
            date = date.next
        }
        return result
    }
}

extension DailyGoals {
    package static func fetch(_ db: Database) throws -> DailyGoals {
        var goals = DailyGoals()
        for row in try db.cachedRows("SELECT nutrient, target FROM daily_goal") {
            if let kind = NutrientKind(rawValue: row["nutrient"]) { goals.targets[kind] = row["target"] }
        }
        return goals
    }
}

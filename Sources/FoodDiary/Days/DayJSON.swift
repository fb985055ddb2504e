import FoodDiaryBase
import FoodDiaryStorage
import Foundation

// A day and a run of days as the JSON API and the assistant read them: one read each, which the
// controller and the assistant's tools both call.

struct DayJSON: Encodable {
    /// A day as `/api/days/:date` and the assistant's `read_day` give it.
    static func read(_ diary: Diary, date: LocalDate) async throws -> DayJSON {
        let day = try await diary.kept(KeptDay.self, for: date) { db in try DayQueries.day(db, date: date) }
        return DayJSON(
            date: date.description, meals: day.meals.map(MealDetailJSON.init),
            totals: NutrientsJSON(values: day.totals), mealsNotItemised: day.notItemisedCount,
            goals: GoalsJSON(goals: day.goalsWithExercise),
            exercise: DayExerciseJSON(activities: day.activities, steps: day.steps, deviceActiveKcal: day.deviceActiveKcal))
    }

    let date: String
    let meals: [MealDetailJSON]
    let totals: NutrientsJSON
    /// Meals with no foods yet, left out of `totals`.
    let mealsNotItemised: Int
    /// As the day's page measures it: with the day's exercise added to energy when the person asked for that.
    let goals: GoalsJSON
    let exercise: DayExerciseJSON
}

/// Every goal nutrient named, null where no goal is set.
struct GoalsJSON: Encodable {
    let goals: DailyGoals
    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: NutrientsJSON.DynamicKey.self)
        for kind in DailyGoals.kinds { try container.encode(goals[kind].map(kind.shown), forKey: .init(kind.jsonKey)) }
    }
}

struct TrendRowJSON: Encodable {
    let date: String
    let mealCount: Int
    let mealsNotItemised: Int
    let totals: NutrientValues
    let exerciseKcal: Double
    let steps: Int?
    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: NutrientsJSON.DynamicKey.self)
        try container.encode(date, forKey: .init("date"))
        try container.encode(mealCount, forKey: .init("mealCount"))
        try container.encode(mealsNotItemised, forKey: .init("mealsNotItemised"))
        for kind in NutrientKind.allCases { try container.encode(totals[kind].map(kind.shown), forKey: .init(kind.jsonKey)) }
        let energy = NutrientKind.energyKcal
        try container.encode(energy.shown(exerciseKcal), forKey: .init(EnergyUnit.shown == .kJ ? "exerciseEnergyKj" : "exerciseEnergyKcal"))
        try container.encode(steps, forKey: .init("steps"))
    }
}

struct TrendsJSON: Encodable {
    /// Each day's totals from `first` through `last`, as `/api/trends` and the assistant's `read_days` give them.
    static func read(_ diary: Diary, from first: LocalDate, through last: LocalDate) async throws -> TrendsJSON {
        let (days, exercise) = try await diary.database.read { db in
            (try DayQueries.totals(db, from: first, through: last), try ActivityQueries.days(db, from: first, through: last))
        }
        return TrendsJSON(
            days: first.days(to: last) + 1,
            rows: days.map {
                TrendRowJSON(
                    date: $0.date.description, mealCount: $0.mealCount, mealsNotItemised: $0.notItemisedCount, totals: $0.totals,
                    exerciseKcal: exercise[$0.date]?.activeKcal ?? 0, steps: exercise[$0.date]?.steps)
            })
    }

    let days: Int
    let rows: [TrendRowJSON]
}

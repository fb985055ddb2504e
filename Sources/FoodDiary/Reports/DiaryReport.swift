import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB

/// A run of days of the diary as a person hands it to a dietitian: each day's food, water,
/// weight, exercise and note; the means and ranges; the needs met and the days under them; when
/// meals were eaten; the foods eaten most. Means are of the days whose every meal is itemised: a
/// day with a meal still to itemise is marked, never counted as eating nothing.
struct DiaryReport: Sendable {
    struct Day: Sendable {
        let date: LocalDate
        let mealCount: Int
        let mealsToItemise: Int
        let totals: NutrientValues
        let waterMillilitres: Double?
        /// The day's mean weigh-in, if the person weighed.
        let weighedKilograms: Double?
        let exerciseKcal: Double?
        let steps: Int?
        let note: String?

        /// Logged, and every meal itemised: a day the means count.
        var isWhole: Bool { mealCount > 0 && mealsToItemise == 0 }
    }

    /// The mean of a figure over the whole days, and its least and most.
    struct Spread: Sendable, Equatable {
        let mean: Double
        let least: Double
        let most: Double

        init?(_ values: [Double]) {
            guard let least = values.min(), let most = values.max() else { return nil }
            (mean, self.least, self.most) = (values.reduce(0, +) / Double(values.count), least, most)
        }
    }

    /// A need over the whole days: the mean against it, and on how many days it was not met.
    struct Need: Sendable {
        let line: NutrientReport.Line
        let daysUnder: Int
    }

    struct FoodEaten: Sendable, Equatable {
        let name: String
        let times: Int
        let energyKcal: Double
    }

    /// When the days' eating began and ended, as minutes after midnight, over the days with meals.
    struct Timing: Sendable, Equatable {
        let firstMealMinutes: Int
        let lastMealMinutes: Int
        let mealsPerDay: Double
    }

    static let mostDays = 366
    static let foodsListed = 10

    let first: LocalDate
    let last: LocalDate
    let days: [Day]
    let goals: DailyGoals
    let needs: [Need]
    /// Needs no food in the whole days says anything of: not known, rather than missed.
    let unknownNeeds: [NutrientKind]
    let foods: [FoodEaten]
    let timing: Timing?
    /// Every day of the trend from before the first day through the last, for the chart.
    let weight: WeightTrend
    let units: UnitSystem

    var wholeDays: [Day] { days.filter(\.isWhole) }
    var loggedDays: Int { days.count { $0.mealCount > 0 } }

    func spread(_ kind: NutrientKind) -> Spread? { Spread(wholeDays.map { $0.totals.value(kind, default: 0) }) }

    /// The weight trend on the last day against where it stood as the range began (the day before,
    /// or the first weigh-in in it); nil without weigh-ins.
    var trendChangeKilograms: (end: Double, change: Double?)? {
        guard let end = weight.trend(on: last) ?? weight.latest.flatMap({ $0.date >= first ? $0.trendKilograms : nil }) else { return nil }
        let start = weight.trend(on: first.previous) ?? weight.days.first { $0.date >= first && $0.date < last }?.trendKilograms
        return (end, start.map { end - $0 })
    }
}

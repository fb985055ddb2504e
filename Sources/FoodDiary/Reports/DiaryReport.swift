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

    /// The days `first` through `last`, in one read.
    static func read(_ db: Database, from first: LocalDate, through last: LocalDate) throws -> DiaryReport {
        let (intake, settings) = try NutrientQueries.intake(db, from: first, through: last)
        let meals = try MealQueries.meals(db, from: first, through: last)
        let mealsByDay = Dictionary(grouping: meals, by: \.eatenAt.date)
        let water = try waterByDay(db, from: first, through: last)
        let movement = try ActivityQueries.days(db, from: first, through: last)
        let notes = try DayQueries.notes(db, from: first, through: last)
        let weight = try BodyQueries.weightTrend(db, through: last, shownDays: intake.count + 1).trend
        let weighed = Dictionary(weight.days.compactMap { day in day.weighedKilograms.map { (day.date, $0) } }) { first, _ in first }
        let days = intake.map { day in
            Day(
                date: day.date, mealCount: mealsByDay[day.date]?.count ?? 0, mealsToItemise: day.mealsToItemise,
                totals: NutrientValues.sum(day.foods.map(\.nutrients)), waterMillilitres: water[day.date],
                weighedKilograms: weighed[day.date], exerciseKcal: movement[day.date].flatMap { $0.activeKcal > 0 ? $0.activeKcal : nil },
                steps: movement[day.date]?.steps, note: notes[day.date])
        }
        let report = NutrientReport(days: intake, settings: settings, wholeDaysOnly: true, sourcesShown: 0)
        let whole = intake.filter(\.isComplete)
        let needs = NutrientReport.groups.flatMap(\.kinds).compactMap { kind -> Need? in
            let line = report.line(kind)
            guard line.amount != nil, line.target?.minimum != nil || line.target?.maximum != nil else { return nil }
            // A day none of whose foods says how much it held is unknown, not below.
            let under = line.target?.minimum.map { minimum in
                whole.count { day in
                    let amounts = day.foods.compactMap { $0.nutrients[kind] }
                    return !amounts.isEmpty && amounts.reduce(0, +) < minimum
                }
            }
            return Need(line: line, daysUnder: under ?? 0)
        }
        let unknown = NutrientReport.groups.flatMap(\.kinds).filter { report.line($0).amount == nil && report.line($0).target != nil }
        return DiaryReport(
            first: first, last: last, days: days, goals: try DailyGoals.fetch(db), needs: needs, unknownNeeds: unknown,
            foods: mostEaten(intake.flatMap(\.foods)), timing: timing(mealsByDay), weight: weight,
            units: try BodyQueries.settings(db).units)
    }

    private static func waterByDay(_ db: Database, from first: LocalDate, through last: LocalDate) throws -> [LocalDate: Double] {
        var water: [LocalDate: Double] = [:]
        for row in try db.cachedRows(
            "SELECT substr(drunk_local, 1, 10), sum(millilitres) FROM water_drink WHERE drunk_local >= ? AND drunk_local < ? GROUP BY 1",
            [first.description, last.next.description])
        {
            if let date = LocalDate(parsing: row[0]) { water[date] = row[1] }
        }
        return water
    }

    /// By the name each was logged under: how often, and the energy it brought.
    private static func mostEaten(_ foods: [NutrientReport.Food]) -> [FoodEaten] {
        var counts: [String: (times: Int, kcal: Double)] = [:]
        for food in foods {
            counts[food.name, default: (0, 0)].times += 1
            counts[food.name, default: (0, 0)].kcal += food.nutrients.value(.energyKcal, default: 0)
        }
        return counts.map { FoodEaten(name: $0.key, times: $0.value.times, energyKcal: $0.value.kcal) }
            .sorted { ($0.times, $0.energyKcal, $1.name) > ($1.times, $1.energyKcal, $0.name) }
            .prefix(foodsListed).map { $0 }
    }

    private static func timing(_ mealsByDay: [LocalDate: [Meal]]) -> Timing? {
        let days = mealsByDay.values.filter { !$0.isEmpty }
        guard !days.isEmpty else { return nil }
        let firsts = days.map { $0.map { TimeOfDay.minutes($0.eatenAt) }.min()! }
        let lasts = days.map { $0.map { TimeOfDay.minutes($0.eatenAt) }.max()! }
        let count = Double(days.count)
        return Timing(
            firstMealMinutes: Int((Double(firsts.reduce(0, +)) / count).rounded()),
            lastMealMinutes: Int((Double(lasts.reduce(0, +)) / count).rounded()),
            mealsPerDay: Double(days.reduce(0) { $0 + $1.count }) / count)
    }
}

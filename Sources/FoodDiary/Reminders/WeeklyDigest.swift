import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB

/// A week of the diary in a few lines, for the digest: days logged, the mean day's energy and
/// macros against the goals, the needs the week fell short of, and the weight trend. Means are of
/// the days whose every meal is itemised: a day with a photo still to itemise would read low.
package struct WeeklyDigest: Sendable, Equatable {
    let first: LocalDate
    let last: LocalDate
    let daysLogged: Int
    /// The days whose means are read: logged, and every meal itemised.
    let wholeDays: Int
    let mean: NutrientValues
    let goals: DailyGoals
    let low: [NutrientKind]
    let trendKilograms: Double?
    /// The trend's change over the week; nil without weigh-ins on both sides of it.
    let trendChangeKilograms: Double?
    let units: UnitSystem

    static let days = 7

    /// The seven days through `last`.
    package static func read(_ db: Database, through last: LocalDate) throws -> WeeklyDigest {
        let first = last.adding(days: 1 - days)
        // One read of the week's foods serves the means and the needs alike.
        let (intake, settings) = try NutrientQueries.intake(db, from: first, through: last)
        let whole = intake.filter(\.isComplete)
        var mean = NutrientValues()
        for kind in [NutrientKind.energyKcal, .proteinG, .fatG, .carbohydrateG] where !whole.isEmpty {
            mean[kind] = whole.flatMap(\.foods).reduce(0) { $0 + $1.nutrients.value(kind, default: 0) } / Double(whole.count)
        }
        let trend = try BodyQueries.weightTrend(db, through: last, shownDays: days + 1).trend
        let end = trend.latest.flatMap { $0.date >= first ? $0.trendKilograms : nil }
        let start = trend.trend(on: first.previous)
        return WeeklyDigest(
            first: first, last: last, daysLogged: intake.count { !$0.foods.isEmpty || $0.mealsToItemise > 0 }, wholeDays: whole.count,
            mean: mean,
            goals: try DailyGoals.fetch(db),
            low: whole.isEmpty ? [] : NutrientReport(days: intake, settings: settings, wholeDaysOnly: true).low,
            trendKilograms: end, trendChangeKilograms: end.flatMap { end in start.map { end - $0 } },
            units: try BodyQueries.settings(db).units)
    }

    /// "Your week: 2–8 March", in the reader's language.
    package var title: String { tr("Your week: \(first.shortDayMonthText) – \(last.shortDayMonthText)") }

    /// One line a figure, in the reader's language and units.
    package var lines: [String] {
        guard daysLogged > 0 else { return [tr("Nothing was logged these seven days.")] }
        var lines = [tr(one: "Logged on \(daysLogged) of 7 days.", other: "Logged on \(daysLogged) of 7 days.", count: daysLogged)]
        if wholeDays > 0 {
            let energy = mean.value(.energyKcal, default: 0)
            let energyText =
                goals[.energyKcal].map { tr("\(kcalText(energy)) a day, goal \(kcalText($0))") } ?? tr("\(kcalText(energy)) a day")
            lines.append(tr("Energy: \(energyText)."))
            let macros = [NutrientKind.proteinG, .fatG, .carbohydrateG].map { kind in
                let amount = kind.format(mean[kind] ?? 0)
                return goals[kind].map { tr("\(kind.label) \(amount) (goal \(kind.format($0)))") } ?? "\(kind.label) \(amount)"
            }
            lines.append(macros.joined(separator: " · "))
            if wholeDays < daysLogged {
                lines.append(
                    tr(
                        one: "Means over the \(wholeDays) day whose meals are all itemised.",
                        other: "Means over the \(wholeDays) days whose meals are all itemised.", count: wholeDays))
            }
        }
        if !low.isEmpty { lines.append(tr("Below your needs over the week: \(low.map(\.label).joined(separator: ", ")).")) }
        if let trend = trendKilograms {
            let weight = units.weightText(kilograms: trend)
            if let change = trendChangeKilograms, abs(units.weight(fromKilograms: change)) >= 0.05 {
                let sign = change < 0 ? "−" : "+"
                lines.append(tr("Weight trend: \(weight), \(sign)\(units.weightText(kilograms: abs(change))) over the week."))
            } else {
                lines.append(tr("Weight trend: \(weight), steady over the week."))
            }
        }
        return lines
    }
}

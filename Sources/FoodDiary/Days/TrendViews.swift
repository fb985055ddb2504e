import FoodDiaryBase
import Foundation

/// `/trends?days=7|30`: energy per day against the goal and the average, macros per day, and the
/// numbers behind both.
struct TrendsView: Sendable {
    /// The periods the trends page and `/api/trends` offer, in days.
    static let periods = [7, 30]

    struct Row: Sendable {
        let url: String
        let dateText: String
        let kcal: String
        let protein: String
        let fat: String
        let carbohydrate: String
        let mealCount: Int
        let incompleteText: String?
        let exercise: String
        let steps: String
    }

    let title: String
    let periods: [PeriodChipView]
    let energyChart: BarChartView
    let macroChart: BarChartView
    let averageText: String
    let goalText: String?
    let rows: [Row]
    /// The weight trend over the same days, beside the energy eaten; nil without weigh-ins in them.
    let weightChart: LineChartView?
    let weightText: String?
    /// Energy burned by exercise per day beside the energy eaten; nil when none was logged in these days.
    let exerciseChart: BarChartView?
    let exerciseText: String?

    init(
        days: [DayQueries.DayTotals], goals: DailyGoals, period: Int, weight: (trend: WeightTrend, units: UnitSystem)? = nil,
        exercise: [LocalDate: (activeKcal: Double, steps: Int?)] = [:]
    ) {
        title = tr("Last \(period) days")
        periods = PeriodChipView.chips(Self.periods, chosen: period, path: "/trends")
        let energy = NutrientKind.energyKcal
        let kcal = days.map { $0.totals.value(.energyKcal, default: 0) }
        // A day with a meal not itemised is unknown, not light: it stays out of the average.
        let loggedDays = days.filter { $0.mealCount > 0 && $0.isComplete }
        let incompleteCount = days.count { !$0.isComplete }
        let average =
            loggedDays.isEmpty ? nil : loggedDays.map { $0.totals.value(.energyKcal, default: 0) }.reduce(0, +) / Double(loggedDays.count)
        let leftOut =
            incompleteCount == 0
            ? ""
            : tr(
                one: " \(incompleteCount) incomplete day (meals not itemised) left out.",
                other: " \(incompleteCount) incomplete days (meals not itemised) left out.", count: incompleteCount)
        averageText =
            (average.map {
                tr(
                    one: "Average \(kcalText($0)) a day over the \(loggedDays.count) complete day with meals.",
                    other: "Average \(kcalText($0)) a day over the \(loggedDays.count) complete days with meals.", count: loggedDays.count)
            }
                ?? (incompleteCount == 0 ? tr("No meals in this period yet.") : tr("No complete day in this period yet."))) + leftOut
        goalText = goals[.energyKcal].map { tr("Goal \(kcalText($0)).") }
        energyChart = BarChartView(
            label: tr("Energy per day, last \(period) days"), days: days.map(\.date), stacks: kcal.map { [(energy.shown($0), "energy")] },
            titles: days.map {
                tr(
                    "\($0.date.longText): \(kcalText($0.totals))\($0.isComplete ? "" : ", incomplete (\(DayView.notItemisedText($0.notItemisedCount)!))")"
                )
            },
            unit: energy.unit, goal: goals[.energyKcal].map(energy.shown), average: average.map(energy.shown),
            overGoal: kcal.map { value in goals[.energyKcal].map { value > $0 } ?? false }, incomplete: days.map { !$0.isComplete })
        macroChart = BarChartView(
            label: tr("Protein, fat and carbohydrate per day, last \(period) days"), days: days.map(\.date),
            stacks: days.map { day in
                [
                    (day.totals.value(.proteinG, default: 0), "protein"), (day.totals.value(.fatG, default: 0), "fat"),
                    (day.totals.value(.carbohydrateG, default: 0), "carbohydrate")
                ]
            },
            titles: days.map { "\($0.date.longText): \(macrosText($0.totals))" }, unit: "g", goal: nil, average: nil, overGoal: [],
            incomplete: days.map { !$0.isComplete })
        if let weight, let first = days.first?.date, let last = days.last?.date,
            weight.trend.days.contains(where: { $0.date >= first && $0.date <= last && $0.weighedKilograms != nil })
        {
            let units = weight.units
            weightChart = LineChartView(
                label: tr("Weight trend and weigh-ins, last \(period) days, in \(units.weightUnit)"), first: first, last: last,
                line: weight.trend.days.map { ($0.date, units.weight(fromKilograms: $0.trendKilograms)) },
                readings: weight.trend.days.compactMap { day in
                    day.weighedKilograms.map {
                        (day.date, units.weight(fromKilograms: $0), "\(day.date.shortText): \(units.weightText(kilograms: $0))")
                    }
                })
            let change =
                (weight.trend.trend(on: last) ?? 0) - (weight.trend.trend(on: first) ?? weight.trend.days.first?.trendKilograms ?? 0)
            weightText = tr("Trend \(change <= 0 ? "down" : "up") \(units.weightText(kilograms: abs(change))) over these days.")
        } else {
            (weightChart, weightText) = (nil, nil)
        }
        let burned = days.map { exercise[$0.date]?.activeKcal ?? 0 }
        if exercise.isEmpty {
            (exerciseChart, exerciseText) = (nil, nil)
        } else {
            exerciseChart = BarChartView(
                label: tr("Energy burned by exercise per day, last \(period) days"), days: days.map(\.date),
                stacks: burned.map { [(energy.shown($0), "exercise")] },
                titles: days.map { day in
                    let steps = exercise[day.date]?.steps.map { tr(", \(NumberText.grouped($0)) steps") } ?? ""
                    return tr("\(day.date.longText): \(kcalText(exercise[day.date]?.activeKcal ?? 0)) of exercise\(steps)")
                },
                unit: energy.unit, goal: nil, average: nil, overGoal: [], incomplete: days.map { _ in false })
            let stepDays = days.compactMap { exercise[$0.date]?.steps }
            let meanSteps =
                stepDays.isEmpty
                ? ""
                : tr(
                    one:
                        " Steps: \(NumberText.grouped(stepDays.reduce(0, +) / stepDays.count)) a day on the \(stepDays.count) day counted.",
                    other:
                        " Steps: \(NumberText.grouped(stepDays.reduce(0, +) / stepDays.count)) a day on the \(stepDays.count) days counted.",
                    count: stepDays.count)
            exerciseText = tr("\(kcalText(burned.reduce(0, +))) burned by exercise over these days, above rest.\(meanSteps)")
        }
        rows = days.reversed().map {
            Row(
                url: "/days/\($0.date)", dateText: $0.date.shortText, kcal: grouped(energy.shown($0.totals.value(.energyKcal, default: 0))),
                protein: $0.totals[.proteinG].map(grouped) ?? "–", fat: $0.totals[.fatG].map(grouped) ?? "–",
                carbohydrate: $0.totals[.carbohydrateG].map(grouped) ?? "–", mealCount: $0.mealCount,
                incompleteText: DayView.notItemisedText($0.notItemisedCount),
                exercise: exercise[$0.date].map { grouped(energy.shown($0.activeKcal)) } ?? "–",
                steps: exercise[$0.date]?.steps.map(NumberText.grouped) ?? "–")
        }
    }
}

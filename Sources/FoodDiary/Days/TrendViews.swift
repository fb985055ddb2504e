import FoodDiaryBase
import Foundation

/// A bar chart drawn as SVG on the server: one bar per day, each a link to that day, each with a
/// `<title>` that screen readers and hovering pointers get. Coordinates are in a fixed viewBox
/// that CSS scales to the screen.
struct BarChartView: Sendable {
    struct Segment: Sendable { let y: String; let height: String; let kind: String }
    struct Bar: Sendable {
        let url: String
        let title: String
        let x: String
        let width: String
        let segments: [Segment]
        let isOver: Bool
        let isIncomplete: Bool
    }
    struct Label: Sendable { let x: String; let y: String; let text: String }
    struct Rule: Sendable { let y: String; let labelY: String; let label: String; let kind: String }

    // A narrow viewBox keeps labels legible when a phone scales the chart down.
    let width = 520
    let height = 260
    static let plotLeft = 52.0
    static let plotRight = 512.0
    static let plotTop = 12.0
    static let plotBottom = 228.0
    let label: String
    let bars: [Bar]
    let xLabels: [Label]
    let grid: [Rule]
    let rules: [Rule]
    let baselineY = number(BarChartView.plotBottom)
    let plotLeftText = number(BarChartView.plotLeft)
    let plotRightText = number(BarChartView.plotRight)

    /// `stacks` holds each day's parts bottom to top, as (value, kind) pairs.
    init(label: String, days: [LocalDate], stacks: [[(Double, String)]], titles: [String], unit: String,
         goal: Double?, average: Double?, overGoal: [Bool], incomplete: [Bool]) {
        self.label = label
        let plotLeft = Self.plotLeft, plotRight = Self.plotRight, plotTop = Self.plotTop, plotBottom = Self.plotBottom
        let top = max(stacks.map { $0.reduce(0) { $0 + $1.0 } }.max() ?? 0, goal ?? 0, 1) * 1.1
        let step = Self.niceStep(top / 4)
        let ceiling = (top / step).rounded(.up) * step
        let scale = (plotBottom - plotTop) / ceiling
        let slot = (plotRight - plotLeft) / Double(max(days.count, 1))
        let barWidth = max(2, slot * 0.7)
        bars = days.indices.map { index in
            var y = plotBottom
            let segments = stacks[index].compactMap { value, kind -> Segment? in
                guard value > 0 else { return nil }
                let height = value * scale
                y -= height
                return Segment(y: number(y), height: number(height), kind: kind)
            }
            return Bar(url: "/days/\(days[index])", title: titles[index],
                       x: number(plotLeft + Double(index) * slot + (slot - barWidth) / 2), width: number(barWidth),
                       segments: segments, isOver: overGoal.indices.contains(index) && overGoal[index],
                       isIncomplete: incomplete.indices.contains(index) && incomplete[index])
        }
        let every = max(1, Int((Double(days.count) / 5).rounded(.up)))
        xLabels = days.indices.filter { $0 % every == 0 }.map {
            Label(x: number(plotLeft + (Double($0) + 0.5) * slot), y: number(plotBottom + 18), text: days[$0].shortText)
        }
        grid = stride(from: 0.0, through: ceiling, by: step).map { value in
            let y = plotBottom - value * scale
            return Rule(y: number(y), labelY: number(y + 5), label: grouped(value), kind: "grid")
        }
        // The higher line is labelled above itself and the lower one below, so the two labels
        // never sit on each other, however close the goal and the average are.
        let averageIsHigher = average.map { average in goal.map { average > $0 } ?? false } ?? false
        var rules: [Rule] = []
        if let goal {
            let y = plotBottom - goal * scale
            rules.append(Rule(y: number(y), labelY: number(averageIsHigher ? y + 16 : y - 5), label: "Goal \(grouped(goal)) \(unit)", kind: "goal"))
        }
        if let average {
            let y = plotBottom - average * scale
            rules.append(Rule(y: number(y), labelY: number(averageIsHigher ? y - 5 : y + 16), label: "Average \(grouped(average)) \(unit)", kind: "average"))
        }
        self.rules = rules
    }

    /// 1, 2 or 5 times a power of ten: gridlines people can read.
    static func niceStep(_ rough: Double) -> Double {
        guard rough > 0 else { return 1 }
        let power = pow(10, (log10(rough)).rounded(.down))
        for multiple in [1.0, 2, 5, 10] where multiple * power >= rough { return multiple * power }
        return 10 * power
    }

}

/// An SVG coordinate: one decimal is finer than a pixel.
private func number(_ value: Double) -> String { NumberText.fixed(value, fractionDigits: 1) }

/// `/trends?days=7|30`: energy per day against the goal and the average, macros per day, and the
/// numbers behind both.
struct TrendsView: Sendable {
    struct Row: Sendable {
        let url: String
        let dateText: String
        let kcal: String
        let protein: String
        let fat: String
        let carbohydrate: String
        let mealCount: Int
        let incompleteText: String?
    }
    struct PeriodLink: Sendable { let label: String; let url: String; let selected: Bool }

    let title: String
    let periods: [PeriodLink]
    let energyChart: BarChartView
    let macroChart: BarChartView
    let averageText: String
    let goalText: String?
    let rows: [Row]

    init(days: [DayQueries.DayTotals], goals: DailyGoals, period: Int) {
        title = "Last \(period) days"
        periods = [7, 30].map { PeriodLink(label: "\($0) days", url: "/trends?days=\($0)", selected: $0 == period) }
        let kcal = days.map { $0.totals.value(.energyKcal, default: 0) }
        // A day with a meal not itemised is unknown, not light: it stays out of the average.
        let loggedDays = days.filter { $0.mealCount > 0 && $0.isComplete }
        let incompleteCount = days.count { !$0.isComplete }
        let average = loggedDays.isEmpty ? nil : loggedDays.map { $0.totals.value(.energyKcal, default: 0) }.reduce(0, +) / Double(loggedDays.count)
        let leftOut = incompleteCount == 0 ? "" : " \(incompleteCount) incomplete day\(incompleteCount == 1 ? "" : "s") (meals not itemised) left out."
        averageText = (average.map { "Average \(grouped($0)) kcal a day over the \(loggedDays.count) complete day\(loggedDays.count == 1 ? "" : "s") with meals." }
            ?? (incompleteCount == 0 ? "No meals in this period yet." : "No complete day in this period yet.")) + leftOut
        goalText = goals[.energyKcal].map { "Goal \(grouped($0)) kcal." }
        energyChart = BarChartView(
            label: "Energy per day, last \(period) days", days: days.map(\.date), stacks: kcal.map { [($0, "energy")] },
            titles: days.map { "\($0.date.longText): \(grouped($0.totals.value(.energyKcal, default: 0))) kcal\($0.isComplete ? "" : ", incomplete (\(DayView.notItemisedText($0.notItemisedCount)!))")" },
            unit: "kcal", goal: goals[.energyKcal], average: average,
            overGoal: kcal.map { value in goals[.energyKcal].map { value > $0 } ?? false }, incomplete: days.map { !$0.isComplete })
        macroChart = BarChartView(
            label: "Protein, fat and carbohydrate per day, last \(period) days", days: days.map(\.date),
            stacks: days.map { day in [(day.totals.value(.proteinG, default: 0), "protein"), (day.totals.value(.fatG, default: 0), "fat"),
                                       (day.totals.value(.carbohydrateG, default: 0), "carbohydrate")] },
            titles: days.map { "\($0.date.longText): \(macrosText($0.totals))" }, unit: "g", goal: nil, average: nil, overGoal: [],
            incomplete: days.map { !$0.isComplete })
        rows = days.reversed().map {
            Row(url: "/days/\($0.date)", dateText: $0.date.shortText, kcal: grouped($0.totals.value(.energyKcal, default: 0)),
                protein: $0.totals[.proteinG].map(grouped) ?? "–", fat: $0.totals[.fatG].map(grouped) ?? "–",
                carbohydrate: $0.totals[.carbohydrateG].map(grouped) ?? "–", mealCount: $0.mealCount,
                incompleteText: DayView.notItemisedText($0.notItemisedCount))
        }
    }
}

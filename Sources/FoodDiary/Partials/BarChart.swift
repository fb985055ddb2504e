import FoodDiaryBase
import Foundation

/// An SVG coordinate: one decimal is finer than a pixel.
private func number(_ value: Double) -> String { NumberText.fixed(value, fractionDigits: 1) }

/// A bar chart drawn as SVG on the server: one bar per day, each a link to that day (its page, or
/// its row on a report), each with a `<title>` that screen readers and hovering pointers get.
/// Coordinates are in a fixed viewBox that CSS scales to the screen.
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
    init(
        label: String, days: [LocalDate], stacks: [[(Double, String)]], titles: [String], unit: String,
        goal: Double?, average: Double?, overGoal: [Bool], incomplete: [Bool], link: (LocalDate) -> String = { "/days/\($0)" }
    ) {
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
            return Bar(
                url: link(days[index]), title: titles[index],
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
            rules.append(
                Rule(y: number(y), labelY: number(averageIsHigher ? y + 16 : y - 5), label: "Goal \(grouped(goal)) \(unit)", kind: "goal"))
        }
        if let average {
            let y = plotBottom - average * scale
            rules.append(
                Rule(
                    y: number(y), labelY: number(averageIsHigher ? y - 5 : y + 16), label: "Average \(grouped(average)) \(unit)",
                    kind: "average"))
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

import FoodDiaryBase
import Foundation

/// An SVG coordinate: one decimal is finer than a pixel.
private func number(_ value: Double) -> String { NumberText.fixed(value, fractionDigits: 1) }

/// A line over days drawn as SVG on the server, in the bar chart's viewBox: a smoothed line (a
/// weight's trend) and the readings as dots, each with a `<title>` for screen readers and pointers.
struct LineChartView: Sendable {
    struct Dot: Sendable { let x: String; let y: String; let title: String }
    struct Label: Sendable { let x: String; let y: String; let text: String }
    struct Rule: Sendable { let y: String; let labelY: String; let label: String }

    let width = 520
    let height = 260
    let label: String
    /// The trend's polyline points; empty when the chart has no trend.
    let linePoints: String
    let hasLine: Bool
    let dots: [Dot]
    let xLabels: [Label]
    let grid: [Rule]
    let baselineY = number(BarChartView.plotBottom)
    let plotLeftText = number(BarChartView.plotLeft)
    let plotRightText = number(BarChartView.plotRight)

    /// `line` and `readings` in the units shown; days outside `first...last` are left out.
    init(label: String, first: LocalDate, last: LocalDate, line: [(LocalDate, Double)], readings: [(LocalDate, Double, String)]) {
        self.label = label
        let plotLeft = BarChartView.plotLeft, plotRight = BarChartView.plotRight
        let plotTop = BarChartView.plotTop, plotBottom = BarChartView.plotBottom
        let line = line.filter { $0.0 >= first && $0.0 <= last }
        let readings = readings.filter { $0.0 >= first && $0.0 <= last }
        let values = line.map(\.1) + readings.map(\.1)
        let low = values.min() ?? 0, high = values.max() ?? 1
        // A scale that spans at least a few units, so a flat month is not drawn as a cliff.
        let step = BarChartView.niceStep(max(high - low, 2) / 4)
        let bottom = (low / step).rounded(.down) * step, top = max((high / step).rounded(.up) * step, bottom + step)
        let span = Double(max(first.days(to: last), 1))
        func x(_ date: LocalDate) -> Double { plotLeft + Double(first.days(to: date)) / span * (plotRight - plotLeft) }
        func y(_ value: Double) -> Double { plotBottom - (value - bottom) / (top - bottom) * (plotBottom - plotTop) }
        linePoints = line.map { "\(number(x($0.0))),\(number(y($0.1)))" }.joined(separator: " ")
        hasLine = line.count > 1
        dots = readings.map { Dot(x: number(x($0.0)), y: number(y($0.1)), title: $0.2) }
        grid = stride(from: bottom, through: top + step / 2, by: step).map { value in
            let at = y(value)
            return Rule(y: number(at), labelY: number(at + 5), label: NumberText.decimal(value, maxFractionDigits: 1, grouping: true))
        }
        let labelled = 5
        xLabels = (0..<labelled).map { index in
            let date = first.adding(days: Int((span * Double(index) / Double(labelled - 1)).rounded()))
            let anchorX = min(max(x(date), plotLeft + 30), plotRight - 30)
            return Label(x: number(anchorX), y: number(plotBottom + 18), text: date.shortDayMonthText)
        }
    }
}

import FoodDiaryBase
import Foundation

/// A day's or a week's nutrients against needs.
struct NutrientsPageView: Sendable {
    struct Group: Sendable {
        let heading: String
        let rows: [Row]
    }

    struct Row: Sendable {
        struct Source: Sendable {
            let name: String
            let amountText: String
            let shareText: String
        }

        let name: String
        let amountText: String
        /// "51 % of 18 mg RDA", or the reference alone when the amount is unknown.
        let targetText: String?
        /// 0–100, for the bar; nil with nothing to measure against.
        let fill: Int?
        /// "low", "met", "over" or "plain": the bar's and the text's colour.
        let state: String
        let warning: String?
        let partialText: String?
        let sources: [Source]
        let hasSources: Bool
    }

    let title: String
    let periodText: String
    let periods: [PeriodChipView]
    let dayPageURL: String
    let isWeek: Bool
    let againstText: String
    let countedText: String?
    let lowText: String?
    let groups: [Group]
    let isEmpty: Bool
    let emptyText: String

    init(report: NutrientReport, settings: NutrientSettings, date: LocalDate, days: Int) {
        isWeek = days > 1
        let first = date.adding(days: 1 - days)
        title = tr("Nutrients")
        periodText = isWeek ? tr("\(first.shortDayMonthText) to \(date.shortDayMonthText), a day on average") : date.longText
        periods = [
            PeriodChipView(label: tr("This day"), url: "/days/\(date)/nutrients", selected: !isWeek),
            PeriodChipView(label: tr("7 days"), url: "/days/\(date)/nutrients?days=7", selected: isWeek)
        ]
        dayPageURL = "/days/\(date)"
        againstText =
            settings.goals.isEmpty
            ? tr("Read against \(settings.referenceText).") : tr("Read against \(settings.referenceText), and your own goals.")
        let counted = report.counted.count
        let left = isWeek ? (days - counted) : 0
        countedText =
            isWeek
            ? tr("The mean of \(counted) whole \(counted == 1 ? "day" : "days")")
                + (left > 0 ? tr("; \(left) without foods or with meals still to itemise left out.") : ".")
            : report.counted.first.flatMap {
                $0.mealsToItemise > 0
                    ? tr("\($0.mealsToItemise) \($0.mealsToItemise == 1 ? "meal" : "meals") still to itemise: the day is not whole yet.")
                    : nil
            }
        let low = report.low.map(\.inSentence)
        lowText = low.isEmpty || counted == 0 ? nil : tr("Low \(isWeek ? "this week" : "today"): \(Self.list(low)).")
        isEmpty = counted == 0
        emptyText =
            isWeek ? tr("No whole day in these seven: itemise a day’s meals to read it here.") : tr("Nothing logged on this day yet.")
        let foodCount = report.counted.reduce(0) { $0 + $1.foods.count }
        groups = NutrientReport.groups.map { group in
            Group(heading: group.heading, rows: group.kinds.map { Self.row(report.line($0), foodCount: foodCount) })
        }
    }

    private static func row(_ line: NutrientReport.Line, foodCount: Int) -> Row {
        let kind = line.kind
        let target = line.target
        let targetText: String? = target?.text(kind).map { figure in
            line.fraction.map { tr("\(NumberText.decimal($0 * 100, maxFractionDigits: 0, grouping: true)) % of \(figure)") } ?? figure
        }
        let warning: String? =
            switch line.status {
            case .aboveUpperLimit: tr("Above the upper limit of \(kind.format(target?.upperLimit))")
            case .aboveMaximum:
                tr("Over \(target?.source == NutrientTarget.ownGoal ? "your maximum" : "the limit") of \(kind.format(target?.maximum))")
            default: nil
            }
        let state =
            switch line.status {
            case .low: "low"
            case .met: "met"
            case .aboveMaximum, .aboveUpperLimit: "over"
            case .noBounds: "plain"
            }
        let partial: String? =
            line.foodsNotSaying == 0 || line.amount == nil
            ? nil
            : tr("\(line.foodsNotSaying) of \(foodCount) foods do not say: at least this much")
        let sources = line.sources.map {
            Row.Source(
                name: $0.name, amountText: kind.format($0.amount),
                shareText: NumberText.decimal($0.share * 100, maxFractionDigits: 0, grouping: false) + " %")
        }
        return Row(
            name: kind.label, amountText: line.amount == nil ? tr("not known") : kind.format(line.amount), targetText: targetText,
            fill: line.fraction.map { Int(min(100, ($0 * 100).rounded())) }, state: state, warning: warning, partialText: partial,
            sources: sources, hasSources: !sources.isEmpty)
    }

    /// "potassium, fibre and vitamin D".
    static func list(_ names: [String]) -> String {
        names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}

/// The life stage and a person's own bounds, as the settings page shows them.
struct NutrientSettingsView: Sendable {
    struct Stage: Sendable {
        let value: String
        let label: String
        let selected: Bool
    }

    struct GoalRow: Sendable {
        let name: String
        let unit: String
        let minimumField: String
        let maximumField: String
        let minimum: String
        let maximum: String
        let referenceText: String
        let error: String?
    }

    let title: String
    let csrfToken: String
    let notice: String?
    let stages: [Stage]
    let rows: [GoalRow]
    let errors: [String]
    let hasErrors: Bool
}

import FoodDiaryBase
import FoodDiaryWeb
import Foundation

/// `/reports?from=&to=` and a shared report's page: the days of a range with their figures, the
/// means and ranges, needs, meal times and foods, for a person to print, download or share.
struct ReportView: Sendable {
    struct Average: Sendable {
        let name: String
        let mean: String
        let range: String
        let goal: String
    }

    struct NeedRow: Sendable {
        let name: String
        let amount: String
        let percent: String
        let daysUnder: String
        let isLow: Bool
    }

    struct FoodRow: Sendable {
        let name: String
        let times: String
        let energy: String
    }

    struct DayRow: Sendable {
        let anchor: String
        let dateText: String
        let energy: String
        let protein: String
        let fat: String
        let carbohydrate: String
        let water: String
        let weight: String
        let exercise: String
        let steps: String
        let note: String?
        /// "2 meals to itemise" or "no meals": the day's figures are not a whole day's.
        let mark: String?
    }

    struct Week: Sendable {
        let heading: String
        let rows: [DayRow]
    }

    let title: String
    let heading: String
    let rangeText: String
    let fromISO: String
    let toISO: String
    let csvURL: String
    let pdfURL: String
    /// Where stopping a link from this report comes back to.
    let shareBack: String
    /// The owner's page has the range form and the ways to hand it over; a shared page has neither.
    let isOwn: Bool
    let csrfToken: String
    let summary: [String]
    let averages: [Average]
    let energyChart: BarChartView
    let weightChart: LineChartView?
    let weightText: String?
    let needs: [NeedRow]
    let needsText: String
    let unknownNeedsText: String?
    let timing: [String]
    let foods: [FoodRow]
    let weeks: [Week]
    let weightUnit: String
    var hasAverages: Bool { !averages.isEmpty }
    var hasNeeds: Bool { !needs.isEmpty }
    var hasTiming: Bool { !timing.isEmpty }
    var hasFoods: Bool { !foods.isEmpty }
    var hasShares: Bool { !shares.isEmpty }
    let drinkUnit: String
    var shares: [ReportShareRow] = []
    /// A link just made, shown this once: only its hash is kept.
    var shareLink: String?
    var shareError: String?
    var notice: String?
    /// On a shared page: until when its owner shares it.
    var sharedUntil: String?
    let shareDays: [ShareDays]

    struct ShareDays: Sendable {
        let days: Int
        let label: String
        let isDefault: Bool
    }

    /// `downloads`: the address the spreadsheet and the PDF are under, and the query they take.
    init(_ report: DiaryReport, isOwn: Bool, downloads: (path: String, query: String), csrfToken: String) {
        let units = report.units, energy = NutrientKind.energyKcal
        title = tr("Report, \(report.first.dayMonthYearText) – \(report.last.dayMonthYearText)")
        heading = tr("Report")
        let dayCount = tr(one: "\(report.days.count) day", other: "\(report.days.count) days", count: report.days.count)
        rangeText = "\(report.first.dayMonthYearText) – \(report.last.dayMonthYearText) · \(dayCount)"
        (fromISO, toISO) = (report.first.description, report.last.description)
        csvURL = downloads.path + "/days.csv" + downloads.query
        pdfURL = downloads.path + "/report.pdf" + downloads.query
        shareBack = "/reports?from=\(report.first)&to=\(report.last)&notice=stopped#share"
        self.isOwn = isOwn
        self.csrfToken = csrfToken
        shareDays = ReportShare.choosableDays.map {
            ShareDays(days: $0, label: tr(one: "\($0) day", other: "\($0) days", count: $0), isDefault: $0 == ReportShare.defaultDays)
        }
        (weightUnit, drinkUnit) = (units.weightUnit, units.drinkUnit)
        let whole = report.wholeDays
        let toItemise = report.days.count { $0.mealsToItemise > 0 }
        var summary = [
            tr(
                one: "Logged on \(report.loggedDays) of \(report.days.count) days; \(whole.count) whole day (every meal itemised).",
                other: "Logged on \(report.loggedDays) of \(report.days.count) days; \(whole.count) whole days (every meal itemised).",
                count: whole.count)
        ]
        if toItemise > 0 {
            summary.append(
                tr(
                    one: "\(toItemise) day has meals still to itemise: marked below, and left out of the means.",
                    other: "\(toItemise) days have meals still to itemise: marked below, and left out of the means.", count: toItemise))
        }
        let waterDays = report.days.compactMap(\.waterMillilitres)
        if !waterDays.isEmpty {
            let mean = units.drinkText(millilitres: waterDays.reduce(0, +) / Double(waterDays.count))
            summary.append(
                tr(
                    one: "Water: \(mean) a day on the \(waterDays.count) day logged.",
                    other: "Water: \(mean) a day on the \(waterDays.count) days logged.", count: waterDays.count))
        }
        let stepDays = report.days.compactMap(\.steps)
        if !stepDays.isEmpty {
            let mean = NumberText.grouped(stepDays.reduce(0, +) / stepDays.count)
            summary.append(
                tr(
                    one: "Steps: \(mean) a day on the \(stepDays.count) day counted.",
                    other: "Steps: \(mean) a day on the \(stepDays.count) days counted.", count: stepDays.count))
        }
        let exercise = report.days.compactMap(\.exerciseKcal)
        if !exercise.isEmpty {
            let total = kcalText(exercise.reduce(0, +))
            summary.append(
                tr(
                    one: "Exercise: \(total) above rest on \(exercise.count) day.",
                    other: "Exercise: \(total) above rest over \(exercise.count) days.", count: exercise.count))
        }
        self.summary = summary
        averages = [NutrientKind.energyKcal, .proteinG, .fatG, .carbohydrateG, .fiberG].compactMap { kind in
            report.spread(kind).map { spread in
                Average(
                    name: kind.label, mean: kind.format(spread.mean), range: "\(kind.format(spread.least)) – \(kind.format(spread.most))",
                    goal: report.goals[kind].map(kind.format) ?? "–")
            }
        }
        let kcal = report.days.map { $0.totals.value(.energyKcal, default: 0) }
        let mean = report.spread(.energyKcal)?.mean
        energyChart = BarChartView(
            label: tr("Energy per day, \(report.first.shortDayMonthText) – \(report.last.shortDayMonthText)"),
            days: report.days.map(\.date), stacks: kcal.map { [(energy.shown($0), "energy")] },
            titles: report.days.map { day in
                if day.mealCount == 0 { return tr("\(day.date.longText): no meals logged") }
                return day.mealsToItemise > 0
                    ? tr("\(day.date.longText): \(kcalText(day.totals)), meals still to itemise")
                    : tr("\(day.date.longText): \(kcalText(day.totals))")
            },
            unit: energy.unit, goal: report.goals[.energyKcal].map(energy.shown), average: mean.map(energy.shown),
            overGoal: kcal.map { value in report.goals[.energyKcal].map { value > $0 } ?? false },
            incomplete: report.days.map { $0.mealsToItemise > 0 }, link: { "#day-\($0)" })
        let trend = report.weight
        if trend.days.contains(where: { $0.date >= report.first && $0.date <= report.last && $0.weighedKilograms != nil }) {
            weightChart = LineChartView(
                label: tr("Weight trend and weigh-ins, in \(units.weightUnit)"), first: report.first, last: report.last,
                line: trend.days.map { ($0.date, units.weight(fromKilograms: $0.trendKilograms)) },
                readings: trend.days.compactMap { day in
                    day.weighedKilograms.map {
                        (day.date, units.weight(fromKilograms: $0), "\(day.date.shortText): \(units.weightText(kilograms: $0))")
                    }
                })
        } else {
            weightChart = nil
        }
        weightText = report.trendChangeKilograms.map { end, change in
            guard let change else { return tr("Weight trend \(units.weightText(kilograms: end)) at the end.") }
            let sign = change < 0 ? "−" : "+"
            return tr(
                "Weight trend \(units.weightText(kilograms: end)) at the end, \(sign)\(units.weightText(kilograms: abs(change))) over these days."
            )
        }
        needs = report.needs.map { need in
            let line = need.line
            return NeedRow(
                name: line.kind.label, amount: line.amount.map(line.kind.format) ?? "–",
                percent: line.fraction.map { "\(NumberText.grouped(($0 * 100).rounded())) %" } ?? "–",
                daysUnder: line.target?.minimum == nil ? "–" : "\(need.daysUnder)", isLow: line.status == .low)
        }
        needsText =
            whole.isEmpty
            ? tr("No whole day in this range yet: needs are read over days whose every meal is itemised.")
            : tr(
                one: "The mean of the \(whole.count) whole day against your needs, and on how many of them each was below.",
                other: "The mean of the \(whole.count) whole days against your needs, and on how many of them each was below.",
                count: whole.count)
        unknownNeedsText =
            whole.isEmpty || report.unknownNeeds.isEmpty
            ? nil : tr("Not known from the foods logged: \(report.unknownNeeds.map(\.label).joined(separator: ", ")).")
        timing =
            report.timing.map { timing in
                [
                    tr(
                        "First meal of the day at \(Self.clock(timing.firstMealMinutes)) on average, the last at \(Self.clock(timing.lastMealMinutes))."
                    ),
                    tr("\(NumberText.decimal(timing.mealsPerDay, maxFractionDigits: 1, grouping: false)) meals a day on the days logged.")
                ]
            } ?? []
        foods = report.foods.map {
            FoodRow(name: $0.name, times: NumberText.grouped($0.times), energy: kcalText($0.energyKcal))
        }
        weeks = Self.weeks(report.days, units: units)
    }

    /// The days a week to a table, so a printed report breaks between weeks.
    private static func weeks(_ days: [DiaryReport.Day], units: UnitSystem) -> [Week] {
        stride(from: 0, to: days.count, by: 7).map { start in
            let week = Array(days[start..<min(start + 7, days.count)])
            return Week(
                heading: tr("\(week[0].date.shortDayMonthText) – \(week[week.count - 1].date.shortDayMonthText)"),
                rows: week.map { row($0, units: units) })
        }
    }

    private static func row(_ day: DiaryReport.Day, units: UnitSystem) -> DayRow {
        let logged = day.mealCount > 0
        let mark: String? =
            day.mealsToItemise > 0
            ? tr(one: "\(day.mealsToItemise) meal to itemise", other: "\(day.mealsToItemise) meals to itemise", count: day.mealsToItemise)
            : (logged ? nil : tr("no meals logged"))
        func grams(_ kind: NutrientKind) -> String { day.totals[kind].map(grouped) ?? "–" }
        return DayRow(
            anchor: "day-\(day.date)", dateText: day.date.shortText,
            energy: day.totals[.energyKcal].map { grouped(NutrientKind.energyKcal.shown($0)) } ?? "–",
            protein: grams(.proteinG), fat: grams(.fatG), carbohydrate: grams(.carbohydrateG),
            water: day.waterMillilitres.map { NumberText.decimal(units.drink(fromMillilitres: $0), maxFractionDigits: 0, grouping: true) }
                ?? "–",
            weight: day.weighedKilograms.map { NumberText.decimal(units.weight(fromKilograms: $0), maxFractionDigits: 1, grouping: true) }
                ?? "–",
            exercise: day.exerciseKcal.map { grouped(NutrientKind.energyKcal.shown($0)) } ?? "–",
            steps: day.steps.map(NumberText.grouped) ?? "–", note: day.note, mark: mark)
    }

    /// "07:40": a mean time of day, written as the clock is.
    static func clock(_ minutes: Int) -> String {
        LocalDateTime(date: LocalDate(uncheckedYear: 2000, month: 1, day: 1), hour: minutes / 60 % 24, minute: minutes % 60)?.clockText
            ?? ""
    }
}

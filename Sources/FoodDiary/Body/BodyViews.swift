import FoodDiaryBase
import Foundation

/// A reading in a history list, with its delete form's address.
struct ReadingRowView: Sendable {
    let dateText: String
    let timeText: String
    let valueText: String
    /// The trend that day, for a weigh-in.
    let trendText: String?
    let deleteURL: String

    init(_ reading: BodyMeasurement, measure: BodyMeasure, units: UnitSystem, trend: Double?) {
        dateText = reading.takenAt.date.shortText
        timeText = reading.takenAt.clockText
        valueText = measure.unit.text(reading.value, in: units)
        trendText = trend.map { "trend \(units.weightText(kilograms: $0))" }
        deleteURL = "/body/\(measure.key)/\(reading.id)/delete"
    }
}

/// The form that adds a reading: a number in the person's units and the day it was taken.
struct ReadingFormView: Sendable {
    let action: String
    let label: String
    let unit: String
    let value: String
    let date: String
    let error: String?
    /// Where the page goes back to after saving.
    let back: String
}

/// `/body`: the weight trend and its chart, the weigh-in form, and each shown measure's latest.
struct BodyPageView: Sendable {
    struct MeasureRow: Sendable {
        let name: String
        let latestText: String
        let dateText: String?
        let url: String
    }

    let title = "Weight and body"
    let csrfToken: String
    let notice: String?
    let hasWeight: Bool
    let trendText: String?
    let rateText: String?
    let latestText: String?
    let smoothingText = "The trend moves a tenth of the way to each day’s weight, so a day’s water comes and goes without moving it much."
    let periods: [PeriodChipView]
    let chart: LineChartView?
    let form: ReadingFormView
    let recent: [ReadingRowView]
    let energyText: String
    let measures: [MeasureRow]
}

/// `/body/{key}`: one measure's readings, newest first, with its chart and form.
struct MeasurePageView: Sendable {
    let title: String
    let csrfToken: String
    let notice: String?
    let chart: LineChartView?
    let form: ReadingFormView
    let readings: [ReadingRowView]
    let hasReadings: Bool
    let earlierText: String?
}

/// Today's and each day's water, and on Today the weight: the day page's body card.
struct DayBodyView: Sendable {
    struct Button: Sendable { let label: String; let millilitres: String }
    struct Drink: Sendable { let timeText: String; let amountText: String; let deleteURL: String }

    let csrfToken: String
    let day: String
    let back: String
    let waterText: String
    let waterGoalText: String?
    let waterFill: String?
    let waterPercentText: String?
    /// The water in the day's foods and drinks logged as foods, kept apart from the goal.
    let inFoodsText: String?
    let buttons: [Button]
    let drinks: [Drink]
    let hasDrinks: Bool
    /// Weight is weighed today, not on a past day's page.
    let weight: DayWeightView?
}

struct DayWeightView: Sendable {
    /// Today's weight as weighed ("72.4 kg", or the mean of several), so a Save shows what it kept.
    let todayText: String?
    let trendText: String?
    let rateText: String?
    let unit: String
}

/// `/settings/body`: units, water and which measures show.
struct BodySettingsView: Sendable {
    struct UnitChoice: Sendable { let value: String; let label: String; let selected: Bool }
    struct MeasureChoice: Sendable { let name: String; let field: String; let shown: Bool; let isWeight: Bool; let unitText: String }
    struct UnitOption: Sendable { let value: String; let label: String }

    let title = "Units, body and water"
    let csrfToken: String
    let notice: String?
    let unitChoices: [UnitChoice]
    let energyChoices: [UnitChoice]
    let waterGoal: String
    let glass: String
    let drinkUnit: String
    let errors: [String]
    let hasErrors: Bool
    let measures: [MeasureChoice]
    let newMeasureUnits: [UnitOption]
    let newMeasureError: String?
}

/// `/energy`: what the body burns, from the diary, and a target for the chosen rate.
struct EnergyView: Sendable {
    struct Rate: Sendable {
        let value: String
        let label: String
        let targetText: String
        let note: String?
        let selected: Bool
    }

    let title = "Energy target"
    let csrfToken: String
    let notice: String?
    let hasEstimate: Bool
    let expenditureText: String?
    let basisText: String?
    let confidenceText: String?
    let shortfallText: String?
    let rates: [Rate]
    let currentGoalText: String?
    let methodText = "Energy balance: the mean energy of your complete days, minus the change in your weight trend at \(kcalText(EnergyExpenditure.kilocaloriesPerKilogram)) a kilogram, over the last 42 days. Days not logged or with meals to itemise are left out."
}

extension DayBodyView {
    init(day: DayQueries.Day, isToday: Bool, csrfToken: String) {
        let settings = day.bodySettings, units = settings.units
        self.csrfToken = csrfToken
        self.day = day.date.description
        back = isToday ? "today" : day.date.description
        let total = day.water.reduce(0) { $0 + $1.millilitres }
        waterText = units.drinkText(millilitres: total)
        if let goal = settings.waterGoalMillilitres {
            waterGoalText = units.drinkText(millilitres: goal)
            let percent = total / goal * 100
            waterFill = NumberText.fixed(min(100, percent), fractionDigits: 1)
            waterPercentText = "\(Int(percent.rounded())) %"
        } else {
            (waterGoalText, waterFill, waterPercentText) = (nil, nil, nil)
        }
        // A gram of water is a millilitre. Foods logged before water was kept say nothing, not zero.
        inFoodsText = day.totals[.waterG].flatMap { $0 >= 1 ? "+ \(units.drinkText(millilitres: $0)) in what you ate and drank" : nil }
        buttons = settings.waterButtons.map { Button(label: $0.label, millilitres: NumberText.fixed($0.millilitres, fractionDigits: 1)) }
        drinks = day.water.reversed().map {
            Drink(timeText: $0.drunkAt.clockText, amountText: units.drinkText(millilitres: $0.millilitres), deleteURL: "/water/\($0.id)/delete")
        }
        hasDrinks = !day.water.isEmpty
        weight = isToday ? DayWeightView(trend: day.weightTrend, units: units, today: day.date) : nil
    }
}

extension DayWeightView {
    init(trend: WeightTrend?, units: UnitSystem, today: LocalDate) {
        let latest = trend?.latest
        todayText = latest.flatMap { day in
            day.date == today ? day.weighedKilograms.map { units.weightText(kilograms: $0) + (day.weighInCount > 1 ? " (mean of \(day.weighInCount))" : "") } : nil
        }
        trendText = latest.map { "trend \(units.weightText(kilograms: $0.trendKilograms))" + ($0.date == today ? "" : ", last weighed \($0.date.shortText)") }
        rateText = trend?.weeklyRateKilograms.map { units.weeklyRateText(kilograms: $0) }
        unit = units.weightUnit
    }
}

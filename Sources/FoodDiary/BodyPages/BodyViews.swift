import FoodDiaryBase
import Foundation

/// A reading in a history list, from the reading and its measure.
extension ReadingRowView {
    init(_ reading: BodyMeasurement, measure: BodyMeasure, units: UnitSystem, trend: Double?) {
        dateText = reading.takenAt.date.shortText
        timeText = reading.takenAt.clockText
        valueText = measure.unit.text(reading.value, in: units)
        trendText = trend.map { tr("trend \(units.weightText(kilograms: $0))") }
        deleteURL = "/body/\(measure.key)/\(reading.id)/delete"
    }
}

/// `/body`: the weight trend and its chart, the weigh-in form, and each shown measure's latest.
struct BodyPageView: Sendable {
    struct MeasureRow: Sendable {
        let name: String
        let latestText: String
        let dateText: String?
        let url: String
    }

    let title = tr("Weight and body")
    let csrfToken: String
    let notice: String?
    let hasWeight: Bool
    let trendText: String?
    let rateText: String?
    let latestText: String?
    let smoothingText = tr(
        "The trend moves a tenth of the way to each day’s weight, so a day’s water comes and goes without moving it much.")
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

/// `/settings/body`: units, water and which measures show.
struct BodySettingsView: Sendable {
    struct UnitChoice: Sendable {
        let value: String
        let label: String
        let selected: Bool
        /// A system's drink unit and the millilitres in one, which the page's script converts the
        /// water goal and the glass by when the system is picked.
        var drinkUnit: String? = nil
        var millilitresPerDrinkUnit: String? = nil
    }
    struct MeasureChoice: Sendable { let name: String; let field: String; let shown: Bool; let isWeight: Bool; let unitText: String }
    struct UnitOption: Sendable { let value: String; let label: String }

    let title = tr("Units, body and water")
    let csrfToken: String
    let notice: String?
    let unitChoices: [UnitChoice]
    let energyChoices: [UnitChoice]
    let waterGoal: String
    let glass: String
    /// The units the two amounts are written in ("metric", "us"), sent back with them.
    let drinkUnits: String
    let drinkUnit: String
    let exerciseAddsToGoal: Bool
    let errors: [String]
    let hasErrors: Bool
    let measures: [MeasureChoice]
    let newMeasureUnits: [UnitOption]
    let newMeasureError: String?
}

import FoodDiaryBase
import Foundation

/// A report's days as a spreadsheet: the rows of its table, in the units the page shows them in
/// (named in each header), numbers with a decimal point whatever the language, text defused as
/// the export's is.
enum ReportCSV {
    static func text(_ report: DiaryReport) -> String {
        let units = report.units, energy = EnergyUnit.shown.symbol
        let header = [
            tr("date"), tr("meals"), tr("meals to itemise"), "\(NutrientKind.energyKcal.label) (\(energy))",
            "\(NutrientKind.proteinG.label) (g)", "\(NutrientKind.fatG.label) (g)", "\(NutrientKind.carbohydrateG.label) (g)",
            "\(NutrientKind.fiberG.label) (g)", tr("water (\(units.drinkUnit))"), tr("weight (\(units.weightUnit))"),
            tr("exercise (\(energy))"), tr("steps"), tr("note")
        ]
        var lines = [header.map { SpreadsheetFile.Cell.text($0).field }.joined(separator: ",")]
        for day in report.days {
            func value(_ kind: NutrientKind) -> Double? { day.totals[kind].map(kind.shown) }
            let cells = [
                day.date.description, String(day.mealCount), String(day.mealsToItemise),
                number(value(.energyKcal)),
                number(value(.proteinG)), number(value(.fatG)), number(value(.carbohydrateG)), number(value(.fiberG)),
                number(day.waterMillilitres.map(units.drink(fromMillilitres:))),
                number(day.weighedKilograms.map(units.weight(fromKilograms:))),
                number(day.exerciseKcal.map(NutrientKind.energyKcal.shown)), day.steps.map(String.init) ?? "",
                SpreadsheetFile.Cell.text(day.note ?? "").field
            ]
            lines.append(cells.joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// At most two decimals, with a point: a spreadsheet in any language reads it.
    private static func number(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "" }
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

import FoodDiaryBase
import Foundation

/// The words an import's preview and result are told in, on the page and by `fooddiary import`.
package enum ImportSummary {
    static func dateRange(_ outcome: ImportOutcome) -> String? {
        guard let first = outcome.firstDay, let last = outcome.lastDay else { return nil }
        return first == last ? tr("on \(first.dayMonthYearText)") : tr("from \(first.dayMonthYearText) to \(last.dayMonthYearText)")
    }

    /// "1 meal", "2,100 meals".
    package static func counted(_ value: Int, _ one: String, _ many: String) -> String {
        "\(value.formatted()) \(value == 1 ? one : many)"
    }

    /// What would be (or was) added, one line per kind of thing, nothing for kinds with none.
    package static func additions(_ outcome: ImportOutcome) -> [String] {
        func count(_ value: Int, _ one: String, _ many: String) -> String? {
            value == 0 ? nil : counted(value, one, many)
        }
        var lines: [String] = []
        if outcome.mealsAdded > 0 {
            lines.append(
                counted(outcome.mealsAdded, "meal", "meals") + " with " + counted(outcome.entriesAdded, "food", "foods")
                    + (dateRange(outcome).map { " " + $0 } ?? ""))
        }
        lines += [
            count(outcome.photosAdded, "photo", "photos"), count(outcome.placesAdded, "place", "places"),
            count(outcome.tagsAdded, "tag", "tags"), count(outcome.myFoodsAdded, tr("food of your own"), tr("foods of your own")),
            count(outcome.recipesAdded, "recipe", "recipes"), count(outcome.savedFoodsAdded, tr("saved food"), tr("saved foods")),
            count(outcome.goalsAdded, tr("daily goal"), tr("daily goals")),
            count(outcome.measurementsAdded, tr("weigh-in or measurement"), tr("weigh-ins and measurements")),
            count(outcome.drinksAdded, tr("glass of water"), tr("glasses of water")),
            count(outcome.activitiesAdded, "activity", "activities"),
            count(outcome.movementAdded, tr("count of steps or movement"), tr("counts of steps and movement"))
        ].compactMap { $0 }
        return lines
    }

    package static func headline(_ reading: ImportReading, _ outcome: ImportOutcome, done: Bool) -> String {
        let rows = reading.format.hasPrefix("FoodDiary") ? counted(reading.rows, "meal", "meals") : counted(reading.rows, "row", "rows")
        if additions(outcome).isEmpty {
            return tr("A \(reading.format) of \(rows). Everything in it is in this diary already: importing adds nothing.")
        }
        let already =
            outcome.mealsAlreadyThere > 0
            ? tr(" \(outcome.mealsAlreadyThere.formatted()) of its meals are in the diary already and are left out.") : ""
        return (done ? tr("Imported from a \(reading.format) of \(rows).") : tr("A \(reading.format) of \(rows).")) + already
    }

    package static func skipped(_ reading: ImportReading, limit: Int = 50) -> [String] {
        reading.skipped.prefix(limit).map { tr("Row \($0.row) is left out: \($0.reason).") }
            + (reading.skipped.count > limit ? [tr("… and \(reading.skipped.count - limit) more rows left out.")] : [])
    }
}

import FoodDiaryBase
import Foundation

/// The words an import's preview and result are told in, on the page and by `fooddiary import`.
package enum ImportSummary {
    static func dateRange(_ outcome: ImportOutcome) -> String? {
        guard let first = outcome.firstDay, let last = outcome.lastDay else { return nil }
        return first == last ? tr("on \(first.dayMonthYearText)") : tr("from \(first.dayMonthYearText) to \(last.dayMonthYearText)")
    }

    /// What would be (or was) added, one line per kind of thing, nothing for kinds with none.
    package static func additions(_ outcome: ImportOutcome) -> [String] {
        func some(_ value: Int, _ words: (String, Int) -> String) -> String? { value == 0 ? nil : words(value.formatted(), value) }
        var lines: [String] = []
        if outcome.mealsAdded > 0 {
            let meals = tr(
                one: "\(outcome.mealsAdded.formatted()) meal", other: "\(outcome.mealsAdded.formatted()) meals", count: outcome.mealsAdded)
            let foods = tr(
                one: "\(outcome.entriesAdded.formatted()) food", other: "\(outcome.entriesAdded.formatted()) foods",
                count: outcome.entriesAdded)
            lines.append(dateRange(outcome).map { tr("\(meals) with \(foods) \($0)") } ?? tr("\(meals) with \(foods)"))
        }
        lines += [
            some(outcome.photosAdded) { tr(one: "\($0) photo", other: "\($0) photos", count: $1) },
            some(outcome.placesAdded) { tr(one: "\($0) place", other: "\($0) places", count: $1) },
            some(outcome.tagsAdded) { tr(one: "\($0) tag", other: "\($0) tags", count: $1) },
            some(outcome.myFoodsAdded) { tr(one: "\($0) food of your own", other: "\($0) foods of your own", count: $1) },
            some(outcome.recipesAdded) { tr(one: "\($0) recipe", other: "\($0) recipes", count: $1) },
            some(outcome.savedFoodsAdded) { tr(one: "\($0) saved food", other: "\($0) saved foods", count: $1) },
            some(outcome.goalsAdded) { tr(one: "\($0) daily goal", other: "\($0) daily goals", count: $1) },
            some(outcome.measurementsAdded) {
                tr(one: "\($0) weigh-in or measurement", other: "\($0) weigh-ins and measurements", count: $1)
            },
            some(outcome.drinksAdded) { tr(one: "\($0) glass of water", other: "\($0) glasses of water", count: $1) },
            some(outcome.activitiesAdded) { tr(one: "\($0) activity", other: "\($0) activities", count: $1) },
            some(outcome.movementAdded) {
                tr(one: "\($0) count of steps or movement", other: "\($0) counts of steps and movement", count: $1)
            },
            some(outcome.dayNotesAdded) { tr(one: "\($0) note on a day", other: "\($0) notes on days", count: $1) },
            some(outcome.plannedAdded) { tr(one: "\($0) planned meal", other: "\($0) planned meals", count: $1) },
            some(outcome.shoppingItemsAdded) { tr(one: "\($0) shopping list item", other: "\($0) shopping list items", count: $1) }
        ].compactMap { $0 }
        return lines
    }

    package static func headline(_ reading: ImportReading, _ outcome: ImportOutcome, done: Bool) -> String {
        let count = reading.rows.formatted()
        let rows =
            reading.rowsAreMeals
            ? tr(one: "\(count) meal", other: "\(count) meals", count: reading.rows)
            : tr(one: "\(count) row", other: "\(count) rows", count: reading.rows)
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

import FoodDiaryBase
import FoodDiaryStorage
import FoodDiaryWeb
import Foundation

extension MealTargets {
    /// The meals a food's page can add to. Opened from ＋ (`carried`: its `meal`, or its `day` and
    /// `slot`), the page adds where ＋ was adding; else to today's meals, the one ＋ would join
    /// selected, or a new one now.
    var foodPageChoice: @Sendable (AppRequestContext, FormFields) async throws -> LogTargetChoice {
        { [timeZone, now] context, carried in
            let current = LocalDateTime(now(), in: timeZone)
            let chosenMeal = carried["meal"].flatMap { Int64($0) }
            let day = carried["day"].flatMap { LocalDate(parsing: $0) }, slot = MealSlot(formValue: carried["slot"])
            let (meals, joinable, chosen, names) = try await context.diary().database.read { db in
                (
                    try MealQueries.meals(db, from: current.date, through: current.date),
                    try LogQueries.joinableMeal(db, slot: MealSlot(current), on: current.date, now: current),
                    try chosenMeal.flatMap { try MealQueries.meal(db, id: $0) }, try MealSlotNames.fetch(db)
                )
            }
            func option(_ meal: Meal, selected: Bool) -> LogTargetOption {
                let when = meal.eatenAt.date == current.date ? "" : ", \(meal.eatenAt.date.longText)"
                return LogTargetOption(
                    value: String(meal.id),
                    label: tr("\(names[MealSlot(meal.eatenAt)]) at \(meal.eatenAt.clockText)\(when) · \(meal.foodsText)"),
                    selected: selected)
            }
            if let chosen {
                return LogTargetChoice(
                    options: [option(chosen, selected: true)] + meals.filter { $0.id != chosen.id }.map { option($0, selected: false) },
                    carried: ["meal=\(chosen.id)"])
            }
            if let day, let slot, day != current.date || slot != MealSlot(current) {
                let new = LogTargetOption(value: "new", label: tr("A new meal: \(names.inSentence(slot)), \(day.longText)"), selected: true)
                return LogTargetChoice(
                    options: [new], day: day.description, slot: slot.rawValue, carried: ["day=\(day)", "slot=\(slot.rawValue)"])
            }
            let new = LogTargetOption(
                value: "new", label: tr("A new meal now (\(names.inSentence(MealSlot(current))))"), selected: joinable == nil)
            return LogTargetChoice(options: [new] + meals.map { option($0, selected: $0.id == joinable?.id) })
        }
    }
}

import FoodDiaryBase
import FoodDiaryWeb
import Foundation

/// A food entry as a meal's page and a day's page list it. Its link opens the amount to change,
/// coming back to `back`, the page it is listed on; `isChanged` marks the one just changed there.
struct EntryRowView: Sendable {
    let url: String
    let anchor: String
    let description: String
    let brandOwner: String?
    let amount: String
    let kcal: String
    let macros: String
    let isChanged: Bool
    let canChangeAmount: Bool

    init(_ entry: FoodEntry, back: String? = nil, changed: Int64? = nil) {
        let page = "/meals/\(entry.mealID)/foods/\(entry.id)"
        url = back.map { ReturnPath.adding("back", $0, to: page) } ?? page
        anchor = "entry-\(entry.id)"
        description = entry.food.description
        brandOwner = entry.food.brandOwner
        amount = PortionLabel.shown(entry.portionLabel)
        kcal = kcalText(entry.nutrients)
        macros = macrosText(entry.nutrients)
        isChanged = entry.id == changed
        canChangeAmount = entry.food.dataType != .quickAdd
    }
}

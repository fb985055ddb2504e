import FoodDiaryBase
import Foundation

/// A food entry as the meal page lists it.
struct EntryRowView: Sendable {
    let url: String
    let description: String
    let brandOwner: String?
    let amount: String
    let kcal: String
    let macros: String

    init(_ entry: FoodEntry) {
        url = "/meals/\(entry.mealID)/foods/\(entry.id)"
        description = entry.food.description
        brandOwner = entry.food.brandOwner
        amount = PortionLabel.shown(entry.portionLabel)
        kcal = kcalText(entry.nutrients)
        macros = macrosText(entry.nutrients)
    }
}

import FoodDiaryBase
import Foundation

/// Share with the household, or stop (`partials/household_toggle`), on a food or recipe of your own.
struct HouseholdToggleView: Sendable {
    let action: String
    let value: String
    let text: String
    let button: String

    init(action: String, isShared: Bool, what: String) {
        self.action = action
        value = isShared ? "0" : "1"
        text = isShared ? "Shared with your household: the others can log this \(what) and copy it; only you can change it."
            : "Only you see this \(what). Share it and the others here can log it and copy it, but not change it."
        button = isShared ? "Stop sharing" : "Share with household"
    }
}

/// Something the others share, as a list shows it: whose it is, and how to copy it.
struct HouseholdRow: Sendable {
    let name: String
    let detail: String
    let kcal: String
    let copyAction: String
    /// Below a meal's `/foods/new/`: where its add-food page takes it to choose how much.
    let choosePath: String

    init(_ shared: HouseholdFoods.Shared<MyFood>) {
        let food = shared.item
        name = food.name
        detail = ["\(shared.ownerName)’s food", food.brandOwner, "\(food.servingLabel ?? "1 serving") = \(formatQuantity(food.servingGrams)) g"]
            .compactMap { $0 }.joined(separator: " · ")
        kcal = kcalText(food.perServing)
        copyAction = "/household/my-foods/\(shared.diaryID)/\(food.id)/copy"
        choosePath = "household/\(shared.diaryID)/my/\(food.id)"
    }

    init(_ shared: HouseholdFoods.Shared<Recipe>) {
        let recipe = shared.item
        name = recipe.name
        detail = "\(shared.ownerName)’s recipe · \(formatQuantity(recipe.servings)) servings"
        kcal = kcalText(recipe.perServing)
        copyAction = "/household/recipes/\(shared.diaryID)/\(recipe.id)/copy"
        choosePath = "household/\(shared.diaryID)/recipe/\(recipe.id)"
    }
}

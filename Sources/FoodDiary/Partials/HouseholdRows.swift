import FoodDiaryBase
import Foundation

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
        detail = [
            tr("\(shared.ownerName)’s food"), food.brandOwner,
            "\(food.servingLabel ?? "1 serving") = \(MeasureUnit.grams.shownText(food.servingGrams))"
        ]
        .compactMap { $0 }.joined(separator: " · ")
        kcal = kcalText(food.perServing)
        copyAction = "/household/my-foods/\(shared.diaryID)/\(food.id)/copy"
        choosePath = "household/\(shared.diaryID)/my/\(food.id)"
    }

    init(_ shared: HouseholdFoods.Shared<Recipe>) {
        let recipe = shared.item
        name = recipe.name
        detail = tr("\(shared.ownerName)’s recipe · \(formatQuantity(recipe.servings)) servings")
        kcal = kcalText(recipe.perServing)
        copyAction = "/household/recipes/\(shared.diaryID)/\(recipe.id)/copy"
        choosePath = "household/\(shared.diaryID)/recipe/\(recipe.id)"
    }
}

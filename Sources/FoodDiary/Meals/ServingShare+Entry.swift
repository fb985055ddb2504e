import FoodDiaryBase
import Foundation

extension ServingShare {
    /// The entry's amount for this share: a weighed food keeps its snapshot and is scaled to its
    /// share of the grams exactly as any amount is; a quick add, which has no weight, has its
    /// numbers (its snapshot and what was eaten alike) scaled.
    func portion(of entry: FoodEntry) -> SharedPortion {
        guard !isWhole else {
            return SharedPortion(food: entry.food, grams: entry.grams, label: entry.portionLabel, nutrients: entry.nutrients)
        }
        if let grams = entry.grams {
            let shareGrams = grams * fraction
            return SharedPortion(
                food: entry.food, grams: shareGrams,
                label: tr("\(PortionLabel.amount(shareGrams, entry.food.basisUnit)), \(text) of \(entry.portionLabel)"),
                nutrients: entry.food.nutrients(forGrams: shareGrams))
        }
        let food = FoodSnapshot(
            dataType: entry.food.dataType, catalogFoodID: entry.food.catalogFoodID, ndbNumber: entry.food.ndbNumber,
            description: entry.food.description, brandOwner: entry.food.brandOwner, basisGrams: nil,
            basis: entry.food.basis.scaled(by: fraction))
        return SharedPortion(food: food, grams: nil, label: "\(entry.portionLabel), \(text)", nutrients: food.nutrients(forGrams: nil))
    }
}

/// An entry as one person of a shared dish logs it.
struct SharedPortion: Sendable, Equatable {
    let food: FoodSnapshot
    let grams: Double?
    let label: String
    let nutrients: NutrientValues
}

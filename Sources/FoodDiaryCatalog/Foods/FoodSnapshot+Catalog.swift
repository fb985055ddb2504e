import FoodDiaryBase
import Foundation

extension FoodSnapshot {
    /// A catalog food, per 100 g as USDA gives it.
    public init(catalogFood food: FoodDetails) {
        var basis = NutrientValues()
        for kind in NutrientKind.allCases {
            basis[kind] = food.nutrients.first { $0.number == kind.sr28Number }?.amountPer100g
        }
        self.init(
            dataType: food.summary.dataType, catalogFoodID: food.summary.id, ndbNumber: food.summary.ndbNumber,
            description: food.summary.description, brandOwner: food.summary.brandOwner, basisGrams: 100,
            basisUnit: food.measureUnit, basis: basis)
    }
}

extension Portion {
    /// USDA household measures of a catalog food, keyed `p<seq>`.
    package static func catalogPortions(_ food: FoodDetails) -> [Portion] {
        catalogPortions(food.portions)
    }

    package static func catalogPortions(_ portions: [FoodDetails.Portion]) -> [Portion] {
        portions.map {
            Portion(key: "p\($0.seq)", label: "\(formatQuantity($0.amount)) \($0.description)", grams: $0.gramWeight)
        }
    }
}

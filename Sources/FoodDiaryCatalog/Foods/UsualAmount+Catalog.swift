import FoodDiaryBase
import Foundation

extension UsualAmount {
    /// A catalog food's usual amount, by its name, its group or category, and its household
    /// measures; a product's label serving is its maker's reference amount.
    package init(_ food: FoodSummary, portions: [Portion]) {
        self.init(
            description: food.description, group: food.foodGroup, portions: portions, unit: food.measureUnit,
            labelServing: food.dataType == .branded || food.dataType == .openFoodFacts, kcalPer100g: food.energyKcalPer100g)
    }

    /// Why one tap should not add `amount` unasked, or nil. The amount the person last had
    /// (`isTheirs`) is their own serving, checked by energy alone.
    package func check(_ amount: ChosenAmount, isTheirs: Bool = false, kcalPer100g: Double?) -> String? {
        isTheirs
            ? AmountCheck.reason(theirs: amount.grams, kcalPer100g: kcalPer100g)
            : AmountCheck.reason(grams: amount.grams, mostGrams: mostGrams, mostKilocalories: mostKilocalories, kcalPer100g: kcalPer100g)
    }
}

extension FoodDetails {
    /// What a form counts the food in: USDA's household measures, and its usual serving where
    /// none of them weighs it; with the usual amount, which a page opens on.
    package var measures: (portions: [FoodDiaryBase.Portion], usual: UsualAmount) {
        let own = FoodDiaryBase.Portion.catalogPortions(self)
        let usual = UsualAmount(summary, portions: own)
        return (own + [usual.extraMeasure(among: own)].compactMap { $0 }, usual)
    }
}

import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import FoodDiaryPhotos

/// A recipe: ingredients with their own snapshots (like diary entries), a number of servings, and
/// the nutrition those give, recomputed from the ingredients whenever they change.
public struct Recipe: Sendable, Equatable {
    public struct Ingredient: Sendable, Equatable {
        public let id: Int64
        public let myFoodID: Int64?
        public let food: FoodSnapshot
        public let grams: Double
        public let portionLabel: String
        public let nutrients: NutrientValues
    }

    public let id: Int64
    public let name: String
    public let servings: Double
    public let notes: String
    /// The web page it was imported from (http or https), if it was.
    public var sourceURL: String?
    let photo: Photo?
    public let ingredients: [Ingredient]
    /// Whether the others of the household may log it and copy it.
    public let isSharedWithHousehold: Bool

    public var totals: NutrientValues { NutrientValues.sum(ingredients.map(\.nutrients)) }
    public var totalGrams: Double { ingredients.reduce(0) { $0 + $1.grams } }
    public var perServing: NutrientValues { totals.scaled(grams: 1, basisGrams: servings) }
    public var servingGrams: Double { totalGrams / servings }

    /// What logging it takes: one serving's nutrients for one serving's weight, frozen.
    var snapshot: FoodSnapshot? {
        guard totalGrams > 0 else { return nil }
        return FoodSnapshot(
            dataType: .handTyped, catalogFoodID: nil, ndbNumber: nil, description: name, brandOwner: nil,
            basisGrams: servingGrams, basis: perServing)
    }

    var portion: Portion { Portion(key: "serving", label: tr("1 serving"), grams: servingGrams) }

}

extension Recipe {
    /// The recipe that was named is gone, or never was.
    struct Missing: Refusal, Equatable {
        var kind: RefusalKind { .missing }
        var message: String { tr("There is no such recipe. It may have been deleted.") }
    }
}

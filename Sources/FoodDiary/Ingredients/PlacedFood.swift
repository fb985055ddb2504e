import FoodDiaryBase
import Foundation

/// A food someone named, placed among their own foods or in the catalog, with how much of it.
package struct PlacedFood: Sendable {
    /// The words as typed: "a slice of whole wheat toast".
    package let typed: String
    package let line: IngredientLine
    /// The foods it may be, likeliest first; none when nothing matched.
    package let choices: [FoodChoice]
    /// How much of `choices[0]`.
    package let amount: IngredientAmount?
    /// Words of the food that no food has ("a slice of toast, burnt" places toast): shown, so
    /// nothing typed is lost.
    package let unplacedWords: [String]
    /// The words read instead of misspelt ones: "bannana" was read as "banana".
    package let correctedTo: String?
    /// Had with the food before it ("coffee with milk"), in the little that goes with one.
    package var isAddition = false

    /// How sure the placing is: a food found as named, in an amount its data gives, is sure.
    package var sureness: Sureness {
        guard !choices.isEmpty else { return .notFound }
        if !unplacedWords.isEmpty || correctedTo != nil { return .unsure }
        return amount?.guess == nil ? .sure : .likely
    }

    package enum Sureness: String, Sendable {
        case notFound = "not-found", unsure, likely, sure
    }
}

/// One food a typed line may be: a catalog food, or one of the person's own.
package struct FoodChoice: Sendable, Equatable {
    /// As forms name it: `catalog:12`, `my:5`, `recipe:2`, `saved:3`.
    package let source: String
    package let name: String
    /// "My food", "Recipe", a catalog food's group.
    package let detail: String
    package let portions: [Portion]
    package let unit: MeasureUnit
    package let kcalPerGram: Double?
    /// The amount the person last had of it, or a saved food's amount: a line that says no
    /// amount takes it.
    package var usual: ChosenAmount?

    /// Whether one of it is a cup, when it has no household measures: "a latte".
    package var isDrink: Bool { !Set(Words.split(detail)).isDisjoint(with: Self.drinkGroupWords) }

    package init(
        source: String, name: String, detail: String, portions: [Portion], unit: MeasureUnit, kcalPerGram: Double?, usual: ChosenAmount?
    ) {
        (self.source, self.name, self.detail, self.portions, self.unit, self.kcalPerGram, self.usual) = (
            source, name, detail, portions, unit, kcalPerGram, usual
        )
    }

    /// Words of the food groups and categories that hold drinks.
    private static let drinkGroupWords: Set<String> = [
        "beverages", "beverage", "coffee", "tea", "drinks", "juice", "juices", "milk", "beer", "wine", "liquor", "smoothies", "water",
        "soda"
    ]

    package var catalogFoodID: Int64? { source.hasPrefix("catalog:") ? Int64(source.dropFirst(8)) : nil }

    /// A catalog food's kind and customary serving; the person's own foods have servings of their own.
    package var customary: IngredientAmount.Customary? {
        catalogFoodID == nil ? nil : IngredientAmount.Customary(description: name, group: detail, kcalPer100g: kcalPerGram.map { $0 * 100 })
    }

    /// Why `grams` of it is one to check before it is saved, or nil: more than three usual
    /// servings of a catalog food or the energy three of its kind hold, or more than 900 kcal of any.
    package func check(grams: Double) -> String? {
        let usual =
            catalogFoodID == nil
            ? nil
            : UsualAmount(description: name, group: detail, portions: portions, unit: unit, kcalPer100g: kcalPerGram.map { $0 * 100 })
        return AmountCheck.reason(
            grams: grams, mostGrams: usual?.mostGrams ?? ChosenAmount.gramsRange.upperBound,
            mostKilocalories: usual?.mostKilocalories ?? AmountCheck.mostKilocalories, kcalPer100g: kcalPerGram.map { $0 * 100 })
    }
}

import Foundation

/// What a person most likely had of a catalog food when they say no amount: what one tap adds,
/// and what a line, a photo's suggestion or a recipe means by the food alone.
package struct UsualAmount: Sendable {
    package let amount: ChosenAmount
    /// The most that is added without "Check the amount": three customary servings, never more
    /// than `AmountCheck.mostKilocalories`.
    package let mostGrams: Double

    /// `labelServing`: the food's one portion is a product label's serving, the maker's own
    /// reference amount, kept while it is a plausible serving.
    package init(description: String, group: String?, portions: [Portion], unit: MeasureUnit, labelServing: Bool = false) {
        guard let customary = CustomaryServing.of(description: description, group: group) else {
            // A food the table does not know keeps its everyday measure, checked by energy alone.
            amount = ChosenAmount.everyday(portions: portions, unit: unit)
            mostGrams = ChosenAmount.gramsRange.upperBound
            return
        }
        let serving = customary.amount(description: description, portions: portions, unit: unit)
        mostGrams = 3 * serving.grams
        if labelServing, let label = portions.first, label.grams <= mostGrams, label.grams >= serving.grams / 3 {
            amount = ChosenAmount.everyday(portions: [label], unit: unit)
        } else {
            amount = serving
        }
    }
}

/// Whether an amount a person did not type is one to ask about before it is saved: more than
/// three customary servings, or more than 1,000 kcal of one food.
package enum AmountCheck {
    package static let mostKilocalories = 1000.0

    /// Why `grams` of a food wants checking, or nil when it is plausible.
    package static func reason(grams: Double, mostGrams: Double, kcalPer100g: Double?) -> String? {
        if grams > mostGrams * 1.0001 { return "Check the amount: more than three usual servings." }
        if let kcalPer100g, kcalPer100g * grams / 100 > mostKilocalories {
            return "Check the amount: more than 1,000 kcal of one food."
        }
        return nil
    }
}

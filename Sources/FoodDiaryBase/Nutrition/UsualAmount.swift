import Foundation

/// What a person most likely had of a catalog food when they say no amount: what one tap adds,
/// and what a line, a photo's suggestion or a recipe means by the food alone.
package struct UsualAmount: Sendable {
    package let amount: ChosenAmount
    /// The most that is added without "Check the amount": three customary servings, and no more
    /// energy than `mostKilocalories`.
    package let mostGrams: Double
    /// Three servings of the kind's densest food as had, never more than `AmountCheck.mostKilocalories`:
    /// a powder the kind's cup of would exceed it.
    package let mostKilocalories: Double
    /// Whether the amount is a customary serving of the food's kind, not just its first measure.
    package let isCustomary: Bool

    /// How forms name the usual serving where the food has no measure of that weight.
    package static let measureKey = "usual"

    /// `labelServing`: the food's one portion is a product label's serving, the maker's own
    /// reference amount, kept while it is a plausible serving.
    /// `kcalPer100g`: a food far denser than its kind as had is sold as what makes it.
    package init(
        description: String, group: String?, portions: [Portion], unit: MeasureUnit, labelServing: Bool = false, kcalPer100g: Double? = nil
    ) {
        let food = Food(
            description: description, group: group, portions: portions, unit: unit, labelServing: labelServing, kcalPer100g: kcalPer100g,
            shownIn: UnitSystem.shown)
        self = Self.known.value(food) { UsualAmount(working: food) }
    }

    /// A food as far as its usual amount goes, in the units its labels are written for.
    private struct Food: Hashable {
        let description: String
        let group: String?
        let portions: [Portion]
        let unit: MeasureUnit
        let labelServing: Bool
        let kcalPer100g: Double?
        let shownIn: UnitSystem
    }

    /// Each food's usual amount, worked out once for the whole server: ＋ shows twenty results or
    /// more, each weighed by its kind and portions, and working them out anew each time made the
    /// page 6 % slower than before the customary servings.
    private static let known = ServerMemo<Food, UsualAmount>(most: 50_000)

    private init(working food: Food) {
        let (description, group, portions, unit, labelServing) = (food.description, food.group, food.portions, food.unit, food.labelServing)
        guard let customary = CustomaryServing.of(description: description, group: group) else {
            // A food the table does not know keeps its everyday measure, checked by energy alone.
            amount = ChosenAmount.everyday(portions: portions, unit: unit)
            mostGrams = ChosenAmount.gramsRange.upperBound
            mostKilocalories = AmountCheck.mostKilocalories
            isCustomary = false
            return
        }
        isCustomary = true
        mostKilocalories = customary.mostKilocalories
        let serving = customary.amount(description: description, portions: portions, unit: unit, kcalPer100g: food.kcalPer100g)
        // A product's label serving is its maker's reference amount, kept while it is a plausible
        // serving of its kind; of a powder or mix, what makes one, which weighs less than that.
        let label = labelServing ? portions.first : nil
        if let label, ProductForm.of(description, kcalPer100g: food.kcalPer100g, kind: customary) != nil, label.grams <= customary.grams {
            amount = ChosenAmount.everyday(portions: [label], unit: unit)
            mostGrams = AmountCheck.mostServings * label.grams
            return
        }
        mostGrams = AmountCheck.mostServings * serving.grams
        if let label, label.grams <= mostGrams, label.grams >= serving.grams / 3 {
            amount = ChosenAmount.everyday(portions: [label], unit: unit)
        } else {
            amount = serving
        }
    }
}

extension UsualAmount {
    /// The usual serving as one more measure of the food, where none of its own weighs the same:
    /// "1 tbsp" of a butter USDA measures by the pat and the cup, "2 slices" of bacon.
    package func extraMeasure(among portions: [Portion]) -> Portion? {
        guard isCustomary, !portions.contains(where: { weighsTheSame($0) }),
            amount.label.hasSuffix(")"), let bracket = amount.label.range(of: " (", options: .backwards)
        else { return nil }
        return Portion(key: Self.measureKey, label: String(amount.label[..<bracket.lowerBound]), grams: amount.grams)
    }

    /// The choice an amount form opens on, so it agrees with one tap: the food's own measure that
    /// weighs the usual amount, else the extra measure; nil when the usual amount is a preset weight.
    package func formChoice(among portions: [Portion]) -> String? {
        portions.first(where: weighsTheSame)?.key ?? extraMeasure(among: portions)?.key
    }

    private func weighsTheSame(_ portion: Portion) -> Bool { abs(portion.grams - amount.grams) <= amount.grams * 0.005 }
}

/// Whether an amount a person did not type is one to ask about before it is saved: more than
/// three customary servings, more energy than three servings of its kind hold, or more than 900
/// kcal of one food.
package enum AmountCheck {
    package static let mostKilocalories = 900.0
    package static let mostServings = 3.0

    /// Why the amount a person last had of a food wants checking: it is their own serving, so
    /// energy alone decides.
    package static func reason(theirs grams: Double, kcalPer100g: Double?) -> String? {
        reason(grams: grams, mostGrams: .infinity, mostKilocalories: mostKilocalories, kcalPer100g: kcalPer100g)
    }

    /// Why `grams` of a food wants checking, or nil when it is plausible.
    package static func reason(grams: Double, mostGrams: Double, mostKilocalories: Double, kcalPer100g: Double?) -> String? {
        if grams > mostGrams * 1.0001 { return tr("Check the amount: more than three usual servings.") }
        guard let kcalPer100g, kcalPer100g * grams / 100 > mostKilocalories else { return nil }
        return mostKilocalories < Self.mostKilocalories
            ? tr("Check the amount: more energy than three usual servings of its kind.")
            : tr("Check the amount: more than 900 kcal of one food.")
    }
}

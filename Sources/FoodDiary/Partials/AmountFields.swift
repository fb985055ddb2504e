import FoodDiaryBase
import Foundation

/// The amount picker every "how much?" form shares: presets, counted portions, or grams typed.
struct AmountFieldsView: Sendable {
    struct Option: Sendable { let key: String; let label: String; let checked: Bool; let grams: String }

    let presets: [Option]
    let portions: [Option]
    let hasPortions: Bool
    let count: String
    let grams: String
    let gramsChecked: Bool
    let choiceError: String?
    let countError: String?
    let gramsError: String?
    let legend: String
    /// "g", or "ml" for a drink labelled by volume.
    let unit: String
    let unitName: String
    /// Said where the amount is a volume, so nobody reads it as a weight.
    let unitNote: String?
    /// For the page's live "≈ 120 kcal" preview, in the person's energy unit; empty when the food's energy is unknown.
    let energyPerGram: String
    let minGrams = formatQuantity(ChosenAmount.gramsRange.lowerBound)
    let maxGrams = formatQuantity(ChosenAmount.gramsRange.upperBound)

    init(portions: [Portion], form: ChosenAmount.Form, errors: ChosenAmount.Errors = .init(),
         legend: String = "How much?", food: FoodSnapshot? = nil) {
        self.legend = legend
        let unit = food?.basisUnit ?? .grams
        self.unit = unit.symbol
        unitName = unit == .grams ? "Grams" : "Millilitres"
        unitNote = unit == .grams ? nil
            : "Measured in millilitres: the label gives its serving as a volume, and with no density known it is never counted as grams."
        energyPerGram = food.flatMap { food in food.basisGrams.flatMap { grams in food.basis[.energyKcal].map { String(NutrientKind.energyKcal.shown($0 / grams)) } } } ?? ""
        presets = ChosenAmount.presetGrams.map {
            let key = ChosenAmount.presetKey($0)
            return Option(key: key, label: "\(Int($0)) \(unit.symbol)", checked: form.choice == key, grams: String($0))
        }
        self.portions = portions.map {
            Option(key: $0.key, label: $0.grams > 0 ? "\($0.label) = \(formatQuantity($0.grams)) \(unit.symbol)" : $0.label,
                   checked: form.choice == $0.key, grams: String($0.grams))
        }
        hasPortions = !portions.isEmpty
        count = form.count
        grams = form.grams
        gramsChecked = form.choice == "grams"
        choiceError = errors.choice
        countError = errors.count
        gramsError = errors.grams
    }

    /// The form a page opens with: the household measure people log the food by, if it has one, else 125 g.
    static func initialForm(portions: [Portion]) -> ChosenAmount.Form {
        ChosenAmount.Form(choice: Portion.everyday(in: portions)?.key ?? ChosenAmount.presetKey(125))
    }
}

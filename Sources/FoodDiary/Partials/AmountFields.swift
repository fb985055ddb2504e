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
    /// "0.1–5000" or "0.01–176.36": what the typed amount may be, in its unit.
    let typedRange: String

    init(
        portions: [Portion], form: ChosenAmount.Form, errors: ChosenAmount.Errors = .init(),
        legend: String = tr("How much?"), food: FoodSnapshot? = nil
    ) {
        self.legend = legend
        let unit = food?.basisUnit ?? .grams, shown = AmountUnit.shown(unit)
        self.unit = shown.symbol
        unitName = shown.name
        let bounds = TypedAmount.bounds(ChosenAmount.gramsRange, in: shown)
        typedRange = "\(formatQuantity(bounds.lowerBound))–\(formatQuantity(bounds.upperBound))"
        unitNote =
            unit == .grams
            ? nil
            : tr(
                "Measured in millilitres: the label gives its serving as a volume, and with no density known it is never counted as grams.")
        energyPerGram =
            food.flatMap { food in
                food.basisGrams.flatMap { grams in food.basis[.energyKcal].map { String(NutrientKind.energyKcal.shown($0 / grams)) } }
            } ?? ""
        presets = ChosenAmount.presets(unit).map {
            Option(key: $0.key, label: $0.label, checked: form.choice == $0.key, grams: String($0.stored))
        }
        self.portions = portions.map {
            Option(
                key: $0.key, label: $0.grams > 0 ? "\($0.label) = \(unit.shownText($0.grams))" : $0.label,
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

    /// The form a page opens with: a catalog food's usual amount, as one tap adds it; else the
    /// household measure people log the food by, if it has one, else 125 g.
    static func initialForm(portions: [Portion], unit: MeasureUnit, usual: UsualAmount?) -> ChosenAmount.Form {
        ChosenAmount.Form(
            choice: usual?.formChoice(among: portions) ?? Portion.everyday(in: portions)?.key
                ?? ChosenAmount.usualPresetKey(unit, metric: 125))
    }
}

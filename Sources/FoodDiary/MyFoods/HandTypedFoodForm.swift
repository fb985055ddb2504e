import FoodDiaryBase
import FoodDiaryWeb
import Foundation

/// A food the catalog lacks, typed from its label: a name, a serving's weight and any nutrients per
/// serving. Everything is kept as typed so the form can be shown again beside its errors.
public struct HandTypedFoodForm: Sendable, Equatable {
    public static let maxNameLength = 200

    public var name: String
    public var brand: String
    public var servingGrams: String
    public var nutrients: [NutrientKind: String]
    public var amount: ChosenAmount.Form
    public var saveForLater: Bool

    public struct Errors: Error, Equatable {
        public var name: String?
        public var brand: String?
        public var servingGrams: String?
        public var nutrients: [NutrientKind: String] = [:]
        public var amount = ChosenAmount.Errors()
        public var isEmpty: Bool { name == nil && brand == nil && servingGrams == nil && nutrients.isEmpty && amount.isEmpty }
    }

    public struct Valid: Sendable, Equatable {
        public let food: FoodSnapshot
        public let amount: ChosenAmount
        public let saveForLater: Bool
    }

    /// The unit the serving size is read and typed in, and a size to show as an example.
    static var servingUnit: AmountUnit { AmountUnit.shown(.grams) }
    static var servingExample: String { servingUnit == .grams ? "40" : NumberText.decimal(1.5, maxFractionDigits: 1, grouping: false) }

    public init(
        name: String = "", brand: String = "", servingGrams: String = "", nutrients: [NutrientKind: String] = [:],
        amount: ChosenAmount.Form = .init(choice: "serving"), saveForLater: Bool = false
    ) {
        self.name = name
        self.brand = brand
        self.servingGrams = servingGrams
        self.nutrients = nutrients
        self.amount = amount
        self.saveForLater = saveForLater
    }

    init(fields: FormFields) {
        var nutrients: [NutrientKind: String] = [:]
        for kind in NutrientKind.onLabels { nutrients[kind] = fields[kind.field] ?? "" }
        self.init(
            name: fields["name"] ?? "", brand: fields["brand"] ?? "", servingGrams: fields["serving_grams"] ?? "",
            nutrients: nutrients, amount: ChosenAmount.Form(fields: fields), saveForLater: fields["save"] == "on")
    }

    public func validate() -> Result<Valid, Errors> {
        var errors = Errors()
        let name = TypedText.clean(self.name), brand = TypedText.clean(self.brand)
        if name.isEmpty {
            errors.name = tr("Enter the food’s name, like “Granola bar”.")
        } else if TypedText.length(name) > Self.maxNameLength {
            errors.name = tr("Keep the name to \(Self.maxNameLength) characters; this one has \(TypedText.length(name)).")
        }
        if TypedText.length(brand) > Self.maxNameLength {
            errors.brand = tr("Keep the brand to \(Self.maxNameLength) characters.")
        }

        var serving: Double?
        switch TypedAmount.parse(servingGrams, measure: .grams, range: ChosenAmount.gramsRange, subject: tr("the serving size")) {
        case .success(let typed): serving = typed.stored
        case .failure(let problem): errors.servingGrams = problem.message
        }

        var basis = NutrientValues()
        for kind in NutrientKind.onLabels {
            let text = (nutrients[kind] ?? "").trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { continue }
            let ceiling = (serving ?? ChosenAmount.gramsRange.upperBound) * kind.maximumPerGram
            let range = kind.shownRange(0...ceiling)
            switch TypedNumber.parse(text, in: range) {
            case .success(let value): basis[kind] = kind.stored(fromShown: value)
            case .failure(.outOfRange) where serving != nil:
                errors.nutrients[kind] =
                    tr("\(kind.label) can’t be more than \(kind.format(ceiling)) in a \(MeasureUnit.grams.shownText(serving!)) serving.")
            case .failure(let problem):
                errors.nutrients[kind] = TypedNumber.message(problem, what: tr("\(kind.label.lowercased()) in \(kind.unit)"), range: range)
            }
        }

        var chosen: ChosenAmount?
        if let serving {
            switch ChosenAmount.validate(amount, portions: [.serving(grams: serving)]) {
            case .success(let value): chosen = value
            case .failure(let amountErrors): errors.amount = amountErrors
            }
        }
        guard errors.isEmpty, let serving, let chosen else { return .failure(errors) }
        let food = FoodSnapshot(
            dataType: .handTyped, catalogFoodID: nil, ndbNumber: nil, description: name,
            brandOwner: brand.isEmpty ? nil : brand, basisGrams: serving, basis: basis)
        return .success(Valid(food: food, amount: chosen, saveForLater: saveForLater))
    }
}

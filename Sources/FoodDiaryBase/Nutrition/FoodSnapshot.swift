import Foundation

/// Where a diary entry's numbers came from.
public enum FoodDataType: String, Sendable, Codable {
    /// USDA SR28, per 100 g ("SR Legacy" in FoodData Central's words).
    case srLegacy = "sr_legacy"
    /// FoodData Central's survey foods (FNDDS): everyday dishes as people eat them, per 100 g.
    case surveyFNDDS = "survey_fndds"
    /// FoodData Central's Foundation foods: newly analysed basic foods, per 100 g.
    case foundation = "foundation"
    /// FoodData Central's branded foods: products as their labels give them, per 100 g.
    case branded = "branded"
    /// Open Food Facts' products, from anywhere, per 100 g or 100 ml; ODbL.
    case openFoodFacts = "open_food_facts"
    /// Typed by the person from a label, per serving.
    case handTyped = "hand_typed"
    /// Just the numbers, with no weight: the restaurant meal nobody can itemise.
    case quickAdd = "quick_add"

    /// A food of the catalog, per 100 g, rather than one typed in.
    package var isCatalog: Bool { self != .handTyped && self != .quickAdd }

    /// Whose values a catalog food's are, in a sentence: "Scaled from USDA’s values…".
    package var publisher: String { self == .openFoodFacts ? "Open Food Facts’" : "USDA’s" }

    /// How a search result names where a food comes from.
    public var shortLabel: String {
        switch self {
        case .srLegacy: "SR28"
        case .surveyFNDDS: "FNDDS"
        case .foundation: tr("Foundation")
        case .branded: tr("Branded")
        case .openFoodFacts: "Open Food Facts"
        case .handTyped: tr("Typed")
        case .quickAdd: tr("Quick add", context: "a quick entry")
        }
    }

    package var label: String {
        switch self {
        case .srLegacy: "USDA SR Legacy"
        case .surveyFNDDS: tr("USDA FoodData Central, survey (FNDDS)")
        case .foundation: tr("USDA FoodData Central, Foundation")
        case .branded: tr("USDA FoodData Central, Branded")
        case .openFoodFacts: "Open Food Facts (ODbL)"
        case .handTyped: tr("Typed by you")
        case .quickAdd: tr("Quick add", context: "a quick entry")
        }
    }
}

/// A food frozen at the moment it is logged or saved: its names, ids and nutrients for a basis
/// amount (100 g for USDA data, the serving for a label). Entries scale from this, never from the
/// catalog again, so re-importing the catalog cannot change what was eaten.
public struct FoodSnapshot: Sendable, Equatable {
    public let dataType: FoodDataType
    public let catalogFoodID: Int64?
    public let ndbNumber: String?
    public let description: String
    public let brandOwner: String?
    /// What `basis` is measured for; nil for a quick add, whose values are simply what was eaten.
    public let basisGrams: Double?
    /// What `basisGrams` and a quick entry are in: grams, or ml for a drink labelled by volume.
    public let basisUnit: MeasureUnit
    public let basis: NutrientValues

    public init(
        dataType: FoodDataType, catalogFoodID: Int64?, ndbNumber: String?, description: String,
        brandOwner: String?, basisGrams: Double?, basisUnit: MeasureUnit = .grams, basis: NutrientValues
    ) {
        self.dataType = dataType
        self.catalogFoodID = catalogFoodID
        self.ndbNumber = ndbNumber
        self.description = description
        self.brandOwner = brandOwner
        self.basisGrams = basisGrams
        self.basisUnit = basisUnit
        self.basis = basis
    }

    public func nutrients(forGrams grams: Double?) -> NutrientValues {
        guard let grams, let basisGrams else { return basis }
        return basis.scaled(grams: grams, basisGrams: basisGrams)
    }
}

extension Portion {
    /// The one measure a label food has: its serving.
    package static func serving(grams: Double) -> Portion {
        Portion(key: "serving", label: "1 serving", grams: grams)
    }
}

import Foundation

/// The nutrients a diary entry keeps a snapshot of, with everything each one needs: its USDA SR28
/// number, its column and JSON names, its unit and how people call it.
public enum NutrientKind: String, CaseIterable, Sendable, Codable {
    case energyKcal, proteinG, fatG, carbohydrateG, sodiumMg, fiberG, sugarsG, saturatedFatG, cholesterolMg, potassiumMg, waterG

    /// What food labels list and a person types from one: water is the catalog's to say.
    package static let onLabels = allCases.filter { $0 != .waterG }

    package var sr28Number: String {
        switch self {
        case .energyKcal: "208"
        case .proteinG: "203"
        case .fatG: "204"
        case .carbohydrateG: "205"
        case .sodiumMg: "307"
        case .fiberG: "291"
        case .sugarsG: "269"
        case .saturatedFatG: "606"
        case .cholesterolMg: "601"
        case .potassiumMg: "306"
        case .waterG: "255"
        }
    }

    /// The column in `food_entry` and `saved_food`; the basis value sits in `basis_<column>`.
    package var column: String {
        switch self {
        case .energyKcal: "energy_kcal"
        case .proteinG: "protein_g"
        case .fatG: "fat_g"
        case .carbohydrateG: "carbohydrate_g"
        case .sodiumMg: "sodium_mg"
        case .fiberG: "fiber_g"
        case .sugarsG: "sugars_g"
        case .saturatedFatG: "saturated_fat_g"
        case .cholesterolMg: "cholesterol_mg"
        case .potassiumMg: "potassium_mg"
        case .waterG: "water_g"
        }
    }

    /// The form field of the hand-typed food form.
    package var field: String { column }

    package var label: String {
        switch self {
        case .energyKcal: "Energy"
        case .proteinG: "Protein"
        case .fatG: "Fat"
        case .carbohydrateG: "Carbohydrate"
        case .sodiumMg: "Sodium"
        case .fiberG: "Fibre"
        case .sugarsG: "Sugars"
        case .saturatedFatG: "Saturated fat"
        case .cholesterolMg: "Cholesterol"
        case .potassiumMg: "Potassium"
        case .waterG: "Water"
        }
    }

    package var unit: String {
        switch self {
        case .energyKcal: "kcal"
        case .sodiumMg, .cholesterolMg, .potassiumMg: "mg"
        default: "g"
        }
    }

    /// Largest believable value per gram of food: nothing is more than itself, and pure fat is 9 kcal/g.
    package var maximumPerGram: Double {
        switch self {
        case .energyKcal: 9.5
        case .sodiumMg, .cholesterolMg, .potassiumMg: 1000
        default: 1
        }
    }

    /// Decimals shown; values are stored at full precision.
    package var displayDecimals: Int {
        switch self {
        case .energyKcal, .sodiumMg, .cholesterolMg, .potassiumMg, .waterG: 0
        default: 1
        }
    }

    package func format(_ value: Double?) -> String {
        guard let value else { return "–" }
        return NumberText.decimal(value, maxFractionDigits: displayDecimals, grouping: true) + " " + unit
    }
}

/// A value for each nutrient kind; nil means the source did not say (not zero).
public struct NutrientValues: Sendable, Equatable {
    private var values: [NutrientKind: Double]

    public init(_ values: [NutrientKind: Double] = [:]) {
        self.values = values
    }

    public subscript(kind: NutrientKind) -> Double? {
        get { values[kind] }
        set { values[kind] = newValue }
    }

    /// Exact scaling as the source defines it: value × grams / basis grams (100 for per-100 g data).
    public func scaled(grams: Double, basisGrams: Double) -> NutrientValues {
        NutrientValues(values.mapValues { $0 * grams / basisGrams })
    }

    /// Every value times `factor`: a share of a quick add, which has no weight to scale by.
    public func scaled(by factor: Double) -> NutrientValues {
        NutrientValues(values.mapValues { $0 * factor })
    }

    /// Sums entries; a nutrient no entry reports stays nil, so "unknown" never shows as 0.
    public static func sum(_ all: [NutrientValues]) -> NutrientValues {
        var total = NutrientValues()
        for values in all {
            for (kind, value) in values.values { total.values[kind, default: 0] += value }
        }
        return total
    }

    /// The same value even when it is missing, for where an empty meal must show 0 kcal.
    public func value(_ kind: NutrientKind, default fallback: Double) -> Double { values[kind] ?? fallback }
}

/// Nutrients on the wire, with the names issue 4 fixes: `energyKcal`, `proteinG`, …
package struct NutrientsJSON: Encodable {
    package let values: NutrientValues

    package init(values: NutrientValues) {
        self.values = values
    }

    package func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: DynamicKey.self)
        for kind in NutrientKind.allCases {
            try container.encode(values[kind], forKey: DynamicKey(kind.rawValue))
        }
    }

    package struct DynamicKey: CodingKey {
        package let stringValue: String
        package init(_ string: String) { stringValue = string }
        package init?(stringValue: String) { self.stringValue = stringValue }
        package var intValue: Int? { nil }
        package init?(intValue: Int) { nil }
    }
}

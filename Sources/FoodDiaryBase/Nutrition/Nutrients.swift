import Foundation

/// The nutrients a diary entry keeps a snapshot of, with everything each one needs: its USDA SR28
/// number, its column and JSON names, its unit and how people call it.
public enum NutrientKind: String, CaseIterable, Sendable, Codable {
    case energyKcal, proteinG, fatG, carbohydrateG, sodiumMg, fiberG, sugarsG, saturatedFatG, cholesterolMg, potassiumMg, waterG
    case calciumMg, ironMg, magnesiumMg, phosphorusMg, zincMg, copperMg, manganeseMg, seleniumUg
    case vitaminAUg, vitaminCMg, vitaminDUg, vitaminEMg, vitaminKUg
    case thiaminMg, riboflavinMg, niacinMg, pantothenicAcidMg, vitaminB6Mg, folateUg, vitaminB12Ug, cholineMg

    /// What food labels list and a person types from one: water is the catalog's to say, and the
    /// vitamins and minerals, which a label gives as % of a value, are the catalog's too.
    package static let onLabels: [NutrientKind] = [
        .energyKcal, .proteinG, .fatG, .carbohydrateG, .sodiumMg, .fiberG, .sugarsG, .saturatedFatG, .cholesterolMg, .potassiumMg
    ]

    /// The vitamins and minerals, in the order a nutrients page lists them.
    package static let vitaminsAndMinerals: [NutrientKind] = [
        .vitaminAUg, .vitaminCMg, .vitaminDUg, .vitaminEMg, .vitaminKUg, .thiaminMg, .riboflavinMg, .niacinMg, .vitaminB6Mg,
        .folateUg, .vitaminB12Ug, .pantothenicAcidMg, .cholineMg,
        .calciumMg, .ironMg, .magnesiumMg, .phosphorusMg, .potassiumMg, .sodiumMg, .zincMg, .copperMg, .manganeseMg, .seleniumUg
    ]

    private struct Facts {
        let number: String, column: String, label: String, unit: String, decimals: Int
    }

    /// One line per nutrient. SR28's numbers and units: vitamin A as retinol activity equivalents
    /// (320), vitamin E as alpha-tocopherol (323), vitamin D as D2 + D3 (328), folate as dietary
    /// folate equivalents (435).
    private var facts: Facts {
        switch self {
        case .energyKcal:
            Facts(number: "208", column: "energy_kcal", label: marked("Energy", context: "nutrient"), unit: "kcal", decimals: 0)
        case .proteinG: Facts(number: "203", column: "protein_g", label: marked("Protein", context: "nutrient"), unit: "g", decimals: 1)
        case .fatG: Facts(number: "204", column: "fat_g", label: marked("Fat", context: "nutrient"), unit: "g", decimals: 1)
        case .carbohydrateG:
            Facts(number: "205", column: "carbohydrate_g", label: marked("Carbohydrate", context: "nutrient"), unit: "g", decimals: 1)
        case .sodiumMg: Facts(number: "307", column: "sodium_mg", label: marked("Sodium", context: "nutrient"), unit: "mg", decimals: 0)
        case .fiberG: Facts(number: "291", column: "fiber_g", label: marked("Fibre", context: "nutrient"), unit: "g", decimals: 1)
        case .sugarsG: Facts(number: "269", column: "sugars_g", label: marked("Sugars", context: "nutrient"), unit: "g", decimals: 1)
        case .saturatedFatG:
            Facts(number: "606", column: "saturated_fat_g", label: marked("Saturated fat", context: "nutrient"), unit: "g", decimals: 1)
        case .cholesterolMg:
            Facts(number: "601", column: "cholesterol_mg", label: marked("Cholesterol", context: "nutrient"), unit: "mg", decimals: 0)
        case .potassiumMg:
            Facts(number: "306", column: "potassium_mg", label: marked("Potassium", context: "nutrient"), unit: "mg", decimals: 0)
        case .waterG: Facts(number: "255", column: "water_g", label: marked("Water", context: "nutrient"), unit: "g", decimals: 0)
        case .calciumMg: Facts(number: "301", column: "calcium_mg", label: marked("Calcium", context: "nutrient"), unit: "mg", decimals: 0)
        case .ironMg: Facts(number: "303", column: "iron_mg", label: marked("Iron", context: "nutrient"), unit: "mg", decimals: 1)
        case .magnesiumMg:
            Facts(number: "304", column: "magnesium_mg", label: marked("Magnesium", context: "nutrient"), unit: "mg", decimals: 0)
        case .phosphorusMg:
            Facts(number: "305", column: "phosphorus_mg", label: marked("Phosphorus", context: "nutrient"), unit: "mg", decimals: 0)
        case .zincMg: Facts(number: "309", column: "zinc_mg", label: marked("Zinc", context: "nutrient"), unit: "mg", decimals: 1)
        case .copperMg: Facts(number: "312", column: "copper_mg", label: marked("Copper", context: "nutrient"), unit: "mg", decimals: 2)
        case .manganeseMg:
            Facts(number: "315", column: "manganese_mg", label: marked("Manganese", context: "nutrient"), unit: "mg", decimals: 2)
        case .seleniumUg:
            Facts(number: "317", column: "selenium_ug", label: marked("Selenium", context: "nutrient"), unit: "µg", decimals: 0)
        case .vitaminAUg:
            Facts(number: "320", column: "vitamin_a_ug", label: marked("Vitamin A", context: "nutrient"), unit: "µg", decimals: 0)
        case .vitaminCMg:
            Facts(number: "401", column: "vitamin_c_mg", label: marked("Vitamin C", context: "nutrient"), unit: "mg", decimals: 0)
        case .vitaminDUg:
            Facts(number: "328", column: "vitamin_d_ug", label: marked("Vitamin D", context: "nutrient"), unit: "µg", decimals: 1)
        case .vitaminEMg:
            Facts(number: "323", column: "vitamin_e_mg", label: marked("Vitamin E", context: "nutrient"), unit: "mg", decimals: 1)
        case .vitaminKUg:
            Facts(number: "430", column: "vitamin_k_ug", label: marked("Vitamin K", context: "nutrient"), unit: "µg", decimals: 0)
        case .thiaminMg:
            Facts(number: "404", column: "thiamin_mg", label: marked("Thiamin (B1)", context: "nutrient"), unit: "mg", decimals: 2)
        case .riboflavinMg:
            Facts(number: "405", column: "riboflavin_mg", label: marked("Riboflavin (B2)", context: "nutrient"), unit: "mg", decimals: 2)
        case .niacinMg:
            Facts(number: "406", column: "niacin_mg", label: marked("Niacin (B3)", context: "nutrient"), unit: "mg", decimals: 1)
        case .pantothenicAcidMg:
            Facts(
                number: "410", column: "pantothenic_acid_mg", label: marked("Pantothenic acid (B5)", context: "nutrient"), unit: "mg",
                decimals: 1)
        case .vitaminB6Mg:
            Facts(number: "415", column: "vitamin_b6_mg", label: marked("Vitamin B6", context: "nutrient"), unit: "mg", decimals: 2)
        case .folateUg: Facts(number: "435", column: "folate_ug", label: marked("Folate", context: "nutrient"), unit: "µg", decimals: 0)
        case .vitaminB12Ug:
            Facts(number: "418", column: "vitamin_b12_ug", label: marked("Vitamin B12", context: "nutrient"), unit: "µg", decimals: 1)
        case .cholineMg: Facts(number: "421", column: "choline_mg", label: marked("Choline", context: "nutrient"), unit: "mg", decimals: 0)
        }
    }

    package var sr28Number: String { facts.number }

    /// The column in `food_entry` and `saved_food`; the basis value sits in `basis_<column>`.
    package var column: String { facts.column }

    /// The form field of the hand-typed food form.
    package var field: String { column }

    /// Its name in the request's language: "Fibre", "Ballaststoffe".
    package var label: String { tr(known: facts.label, context: "nutrient") }

    /// The unit values are stored, exported and computed in.
    package var storedUnit: String { facts.unit }

    /// The unit the person reads and types this nutrient in: energy in theirs (`EnergyUnit.shown`).
    package var unit: String { self == .energyKcal ? EnergyUnit.shown.symbol : facts.unit }

    /// A stored value in the unit the person reads.
    package func shown(_ stored: Double) -> Double { self == .energyKcal ? EnergyUnit.shown.value(fromKilocalories: stored) : stored }

    /// A value the person typed, in the unit they read, as stored.
    package func stored(fromShown value: Double) -> Double { self == .energyKcal ? EnergyUnit.shown.kilocalories(from: value) : value }

    /// Its name on the wire, which says the unit of its value there: `energyKcal`, or `energyKj`
    /// for a person who reads kJ (`shown`). A client that reads the old name gets no number rather
    /// than a wrong one.
    package var jsonKey: String { self == .energyKcal && EnergyUnit.shown == .kJ ? "energyKj" : rawValue }

    /// Bounds set on stored values, as the person types them: for messages and for reading what was typed.
    package func shownRange(_ stored: ClosedRange<Double>) -> ClosedRange<Double> { shown(stored.lowerBound)...shown(stored.upperBound) }

    /// The name inside a sentence: "fibre", "vitamin C", "thiamin (B1)"; each language's own
    /// ("Ballaststoffe" keeps its capital).
    package var inSentence: String {
        let english = facts.label.prefix(1).lowercased() + facts.label.dropFirst()
        return tr(known: english, context: "nutrient, in a sentence")
    }

    /// Largest believable value per gram of food: nothing is more than itself, and pure fat is 9 kcal/g.
    package var maximumPerGram: Double {
        switch storedUnit {
        case "kcal": 9.5
        case "mg": 1000
        case "µg": 1_000_000
        default: 1
        }
    }

    /// Decimals shown; values are stored at full precision.
    package var displayDecimals: Int { facts.decimals }

    package func format(_ value: Double?) -> String {
        guard let value else { return "–" }
        return NumberText.decimal(shown(value), maxFractionDigits: displayDecimals, grouping: true) + " " + unit
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
            try container.encode(values[kind].map(kind.shown), forKey: DynamicKey(kind.jsonKey))
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

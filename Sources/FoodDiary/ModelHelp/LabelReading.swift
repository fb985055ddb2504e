import FoodDiaryBase
import Foundation

/// A nutrition label's panel as a model reads it from a photo, per serving: only proposals for
/// the My food form, where the person checks each field against the label before saving.
struct LabelReading: Sendable, Equatable {
    var name: String?
    var brand: String?
    var servingGrams: Double?
    /// Per serving, in the units the diary stores (kcal, g, mg).
    var perServing: [NutrientKind: Double] = [:]

    var hasNumbers: Bool { servingGrams != nil || !perServing.isEmpty }

    /// A label's small print needs more than a meal's photo.
    static let pixels = 1_280

    /// The label's lines, by the JSON key a model fills and the most a serving can hold.
    static let fields: [(key: String, kind: NutrientKind, most: Double)] = [
        ("energy_kcal", .energyKcal, 5_000), ("protein_g", .proteinG, 500), ("fat_g", .fatG, 500), ("carbohydrate_g", .carbohydrateG, 500),
        ("sugars_g", .sugarsG, 500), ("fiber_g", .fiberG, 500), ("saturated_fat_g", .saturatedFatG, 500), ("sodium_mg", .sodiumMg, 50_000),
        ("cholesterol_mg", .cholesterolMg, 10_000), ("potassium_mg", .potassiumMg, 50_000)
    ]

    static let instructions = """
        You read the nutrition label in a photo of food packaging, for a food diary. Give the values \
        for one serving as the label states it, converting kJ to kcal only when no kcal is printed, \
        and salt to sodium (sodium_mg = salt_g × 400) only when no sodium is printed. Use null for a \
        value the label does not show. Never guess a value that is not printed.
        """
    static let request = "Read this label."

    static var schema: [String: Any] {
        var properties: [String: Any] = [
            "name": ["type": ["string", "null"]], "brand": ["type": ["string", "null"]],
            "serving_grams": ["type": ["number", "null"]]
        ]
        for field in fields { properties[field.key] = ["type": ["number", "null"]] }
        return ["type": "object", "additionalProperties": false, "required": Array(properties.keys).sorted(), "properties": properties]
    }

    /// What the answer holds that a label could say; nil when it is not the JSON asked for.
    static func read(content: String) -> LabelReading? {
        guard let object = ModelAnswer.object(content) else { return nil }
        var reading = LabelReading()
        reading.name = text(object["name"])
        reading.brand = text(object["brand"])
        reading.servingGrams = ModelAnswer.number(object["serving_grams"]).flatMap { $0.isFinite && $0 > 0 && $0 <= 5_000 ? $0 : nil }
        for field in fields {
            if let value = ModelAnswer.number(object[field.key]), value.isFinite, value >= 0, value <= field.most {
                reading.perServing[field.kind] = value
            }
        }
        return reading
    }

    private static func text(_ value: Any?) -> String? {
        guard let text = (value as? String)?.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces),
            !text.isEmpty
        else { return nil }
        return String(text.prefix(120))
    }
}

extension MyFoodForm {
    /// The form filled from a label's reading, in the person's units, for them to check.
    init(reading: LabelReading) {
        self.init()
        label.name = reading.name ?? ""
        label.brand = reading.brand ?? ""
        label.servingGrams = reading.servingGrams.map { TypedAmount.prefilled($0, measure: .grams) } ?? ""
        for (kind, value) in reading.perServing { label.nutrients[kind] = formatQuantity(kind.shown(value)) }
    }
}

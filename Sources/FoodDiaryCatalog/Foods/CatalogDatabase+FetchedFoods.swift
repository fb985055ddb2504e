import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB

/// Foods a person picked from FoodData Central online: kept in the catalog under their real fdcId
/// with everything the details gave, searched like the rest, and rebuilt from the kept details
/// whenever the catalog is imported again, so a pick is never lost to a re-import.
extension CatalogDatabase {
    /// The catalog id a picked online food has or gets: SR Legacy's foods are SR28's, found by NDB
    /// number; any other is stored (again, if fetched before: branded records get revised).
    public func keep(_ food: FoodDataCentralFood, details: Data, now: Date) async throws -> Int64 {
        // Outside the range, the id would name a row of the offline catalog (SR28's, say) and replace it for everyone.
        guard FetchedFoods.fdcIdRange.contains(food.fdcId) else { throw FetchedFoods.IDOutOfRange(fdcId: food.fdcId) }
        return try await writer.write { db in
            if let local = try FetchedFoods.localSR28Food(db, food) { return local }
            try FetchedFoods.store(
                food, details: String(decoding: details, as: UTF8.self), fetchedAt: now.formatted(.iso8601),
                known: try CatalogDatabase.nutrientNumbers(db), db)
            return food.fdcId
        }
    }

    /// Puts back what a diary picked online and this catalog lacks: a new or rebuilt catalog, a
    /// restored diary, a diary moved from another server. Returns how many came back.
    @discardableResult
    public func restoreKeptFoods(_ kept: [(fdcId: Int64, details: String, fetchedAt: String)]) async throws -> Int {
        let present = try await keptFoods(fdcIds: kept.map(\.fdcId))
        let missing = kept.filter { !present.contains($0.fdcId) }
        guard !missing.isEmpty else { return 0 }
        return try await writer.write { db in
            var restored = 0
            let known = try CatalogDatabase.nutrientNumbers(db)
            for entry in missing {
                guard let food = FetchedFoods.food(id: entry.fdcId, details: entry.details),
                    food.fdcId == entry.fdcId, try FetchedFoods.localSR28Food(db, food) == nil
                else { continue }
                try FetchedFoods.store(food, details: entry.details, fetchedAt: entry.fetchedAt, known: known, db)
                restored += 1
            }
            return restored
        }
    }

    /// The catalog ids of online foods already here, by fdcId, so a search can say "kept".
    public func keptFoods(fdcIds: [Int64]) async throws -> Set<Int64> {
        guard !fdcIds.isEmpty else { return [] }
        return try await read { db in
            Set(
                try Int64.fetchAll(
                    db, sql: "SELECT fdc_id FROM fetched_food WHERE fdc_id IN (\(databaseQuestionMarks(count: fdcIds.count)))",
                    arguments: StatementArguments(fdcIds)))
        }
    }

    /// The local SR28 food an online SR Legacy hit names, if any.
    public func sr28Food(ndbNumber: String) async throws -> Int64? {
        try await read { db in try FetchedFoods.sr28FoodID(db, ndbNumber: ndbNumber) }
    }

    /// Kept foods whose barcode is these digits; a UPC-A and its EAN-13 (a leading zero) are one.
    public func foods(barcode digits: String) async throws -> [FoodSummary] {
        let key = String(digits.drop { $0 == "0" })
        guard !key.isEmpty else { return [] }
        return try await read { db in
            try FoodSummary.fetchAll(
                db,
                sql: """
                    SELECT \(FoodSummary.selectedColumns) FROM food f \(FoodSummary.groupJoin)
                    WHERE ltrim(f.gtin_upc, '0') = ? AND f.gtin_upc IS NOT NULL ORDER BY f.id LIMIT 10
                    """, arguments: [key])
        }
    }
}

package enum FetchedFoods {
    /// Where a kept branded food sits in the branded index: before every imported one (those count
    /// up from 1), as a person chose it by name.
    static func searchPosition(_ fdcId: Int64) -> Int64 { -fdcId }

    /// A kept food from what was fetched: FoodData Central's details, or, under an Open Food Facts
    /// product's id, the product's answer.
    package static func food(id: Int64, details: String) -> FoodDataCentralFood? {
        guard let object = JSONValue.object(Data(details.utf8)) else { return nil }
        if let barcode = OpenFoodFactsProduct.barcode(catalogID: id) {
            return (try? OpenFoodFactsProduct(answer: object, asked: barcode))?.catalogFood
        }
        return try? FoodDataCentralFood(json: object)
    }

    /// Real fdcIds are far below the catalog's own ids (900,000,000 and up) and above its NDB numbers.
    package static let fdcIdRange: ClosedRange<Int64> = 100_000...99_999_999

    struct IDOutOfRange: Error, CustomStringConvertible {
        package let fdcId: Int64
        package var description: String { "\(fdcId) is not an id FoodData Central gives its foods" }
    }

    static func localSR28Food(_ db: Database, _ food: FoodDataCentralFood) throws -> Int64? {
        guard food.dataType == .srLegacy, let ndb = food.ndbNumber else { return nil }
        return try sr28FoodID(db, ndbNumber: ndb)
    }

    /// SR28's own food with this NDB number, not one picked online under it.
    static func sr28FoodID(_ db: Database, ndbNumber: String) throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT id FROM food WHERE ndb_number = ? AND fetched_at IS NULL", arguments: [ndbNumber])
    }

    /// The details as fetched, and the food's rows made from them.
    package static func store(_ food: FoodDataCentralFood, details: String, fetchedAt: String, known: Set<String>, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO fetched_food (fdc_id, details_json, fetched_at) VALUES (?, ?, ?)
                ON CONFLICT (fdc_id) DO UPDATE SET details_json = excluded.details_json, fetched_at = excluded.fetched_at
                """, arguments: [food.fdcId, details, fetchedAt])
        try insert(food, fetchedAt: fetchedAt, known: known, db)
    }

    package static func insert(_ food: FoodDataCentralFood, fetchedAt: String, known: Set<String>, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM food WHERE id = ?", arguments: [food.fdcId])
        try db.execute(sql: "DELETE FROM fdc_search WHERE rowid = ?", arguments: [food.fdcId])
        try db.execute(sql: "DELETE FROM branded_search WHERE rowid = ?", arguments: [searchPosition(food.fdcId)])
        let category = food.category ?? "FoodData Central"
        let isBranded = food.dataType == .branded || food.dataType == .openFoodFacts
        let prior =
            isBranded
            ? SearchRanking.brandedPrior(description: food.description, category: category, hasEnergy: food.energyKcalPer100 != nil)
            : SearchRanking.prior(
                description: food.description, manufacturer: food.brandOwner, groupCode: "", inSurvey: false,
                portionCount: food.portions.count, category: category) + SearchRanking.foodDataCentralOffset
        try db.execute(
            sql: """
                INSERT INTO food (id, ndb_number, data_type, description, short_description, manufacturer, food_category,
                    energy_kcal_per_100g,
                                  search_prior, core_terms, search_position, fetched_at, gtin_upc, serving_size, serving_size_unit,
                                      household_serving)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                food.fdcId, food.ndbNumber, food.dataType.rawValue, food.description, food.description, food.brandOwner, category,
                food.energyKcalPer100, prior, SearchRanking.coreTerms(description: food.description).joined(separator: " "),
                isBranded ? searchPosition(food.fdcId) : nil, fetchedAt, food.gtinUpc, food.serving?.size,
                food.basisUnit.rawValue, food.serving?.householdText
            ])
        let columns = SearchRanking.headAndRest(food.description)
        if isBranded {
            try db.execute(
                sql: "INSERT INTO branded_search (rowid, head, rest, category, food_id) VALUES (?, ?, ?, ?, ?)",
                arguments: [
                    searchPosition(food.fdcId), columns.head, [columns.rest, food.brandOwner ?? ""].joined(separator: " "),
                    category, food.fdcId
                ])
        } else {
            try db.execute(
                sql: "INSERT INTO fdc_search (rowid, head, rest, manufacturer) VALUES (?, ?, ?, ?)",
                arguments: [food.fdcId, columns.head, columns.rest, food.brandOwner])
        }
        for (number, value) in food.nutrientsPer100 where known.contains(number) {
            try db.execute(
                sql: "INSERT INTO food_nutrient (food_id, nutrient_number, amount_per_100g) VALUES (?, ?, ?)",
                arguments: [food.fdcId, number, value])
        }
        for (number, value) in food.labelNutrients where known.contains(number) {
            try db.execute(
                sql: "INSERT INTO label_nutrient (food_id, nutrient_number, amount_per_serving) VALUES (?, ?, ?)",
                arguments: [food.fdcId, number, value])
        }
        for (index, portion) in portions(food).enumerated() {
            try db.execute(
                sql: "INSERT INTO portion (food_id, seq, amount, description, gram_weight) VALUES (?, ?, ?, ?, ?)",
                arguments: [food.fdcId, index + 1, portion.amount, portion.description, portion.gramWeight])
        }
    }

    /// A branded food's one portion is its label serving, in grams or, for a drink, millilitres.
    private static func portions(_ food: FoodDataCentralFood) -> [FoodDataCentralFood.Portion] {
        guard food.dataType == .branded || food.dataType == .openFoodFacts else { return food.portions }
        guard let serving = food.serving, let portion = BrandedServing.portion(text: serving.householdText ?? "", grams: serving.size)
        else { return [] }
        return [.init(amount: portion.amount, description: portion.description, gramWeight: serving.size)]
    }

    /// After an import replaced the catalog: every kept food back, from the details it was fetched with.
    static func restoreAll(_ db: Database) throws -> Int {
        var restored = 0
        let known = try CatalogDatabase.nutrientNumbers(db)
        for row in try Row.fetchAll(db, sql: "SELECT fdc_id, details_json, fetched_at FROM fetched_food ORDER BY fdc_id") {
            guard let food = food(id: row[0], details: row[1]), try localSR28Food(db, food) == nil else { continue }
            try insert(food, fetchedAt: row[2], known: known, db)
            restored += 1
        }
        return restored
    }
}

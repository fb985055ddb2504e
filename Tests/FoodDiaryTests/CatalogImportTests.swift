@testable import FoodDiaryCatalog
import Foundation
import GRDB
import Testing
@testable import FoodDiary
import FoodDiaryStorage

@Suite struct CatalogImportTests {
    func withFixtureCatalog(_ body: (CatalogDatabase, String) async throws -> Void) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try SR28Fixture.write(to: directory.path)
        let catalog = try CatalogDatabase.open(path: directory.path + "/catalog.sqlite")
        try await body(catalog, directory.path)
    }

    @Test func importsEveryTableWithItsQuirks() async throws {
        try await withFixtureCatalog { catalog, directory in
            let summary = try CatalogImporter(directory: directory).importInto(catalog)
            #expect(summary == .init(foods: 4, nutrientValues: 6, portions: 4))
            let salad = try await catalog.read { db in try String.fetchOne(db, sql: "SELECT description FROM food WHERE id = 9520") }
            #expect(salad == "Fruit \u{2018}salad\u{2019}, pat (1\" sq)")
            let manufacturer = try await catalog.read { db in try String.fetchOne(db, sql: "SELECT manufacturer FROM food WHERE id = 9520")
            }
            #expect(manufacturer == "Acme Foods, Inc.")
            let unit = try await catalog.read { db in try String.fetchOne(db, sql: "SELECT unit FROM nutrient WHERE number = '328'") }
            #expect(unit == "µg")
            let fat = try await catalog.read { db in
                try Double.fetchOne(db, sql: "SELECT amount_per_100g FROM food_nutrient WHERE food_id = 9040 AND nutrient_number = '204'")
            }
            #expect(fat == 0.33)
            let halfCup = try await catalog.read { db in
                try Row.fetchOne(db, sql: "SELECT amount, description, gram_weight FROM portion WHERE food_id = 11090 AND seq = 5")
                    .map { [$0["amount"] as Double, $0["gram_weight"] as Double] as [Double] }
            }
            #expect(halfCup == [0.5, 44.0])
            let energy = try await catalog.read { db in
                try Double?.fetchOne(db, sql: "SELECT energy_kcal_per_100g FROM food WHERE id = 9520")
            }
            #expect(energy == .some(nil), "a food with no energy row has unknown energy, not zero")
            #expect(try catalog.datasetVersion == CatalogImporter.datasetVersion)
        }
    }

    @Test func importingTwiceGivesTheSameCatalog() async throws {
        try await withFixtureCatalog { catalog, directory in
            let first = try CatalogImporter(directory: directory).importInto(catalog)
            let second = try CatalogImporter(directory: directory).importInto(catalog)
            #expect(first == second)
            let foods = try await catalog.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM food") }
            #expect(foods == 4)
        }
    }

    @Test func aMalformedFileLeavesThePreviousCatalogIntact() async throws {
        try await withFixtureCatalog { catalog, directory in
            try CatalogImporter(directory: directory).importInto(catalog)
            try SR28Fixture.write(
                to: directory,
                foodDescription: [
                    "~01001~^~0100~^~Butter, salted~^~BUTTER,WITH SALT~^~~^~~^~Y~^~~^0^~~^6.38^4.27^8.79^3.87",
                    "~01002~^~0100~^~Only three fields~"
                ])
            #expect(throws: SR28File.FormatError.self) { try CatalogImporter(directory: directory).importInto(catalog) }
            let foods = try await catalog.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM food") }
            #expect(foods == 4)
        }
    }

    @Test(arguments: [
        "\"", "*", "NEAR", "NEAR(butter raw)", "(", "-", ":", "butter:", "\"butter", "AND OR NOT",
        "香蕉", "бананы", String(repeating: "banana ", count: 143), "", "   ", "^~", "'; DROP TABLE food; --"
    ])
    func hostileQueriesNeverFail(query: String) async throws {
        try await withFixtureCatalog { catalog, directory in
            try CatalogImporter(directory: directory).importInto(catalog)
            let result = try await catalog.read { db in try FoodSearch.search(db, query: query, brand: query) }
            #expect(result.totalHits >= 0)
            let foods = try await catalog.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM food") }
            #expect(foods == 4)
        }
    }

    @Test func searchNeedsEveryWordAndFollowsTyping() async throws {
        try await withFixtureCatalog { catalog, directory in
            try CatalogImporter(directory: directory).importInto(catalog)
            let typing = try await catalog.read { db in try FoodSearch.search(db, query: "bana") }
            #expect(typing.foods.map(\.description) == ["Bananas, raw"])
            let both = try await catalog.read { db in try FoodSearch.search(db, query: "broccoli butter") }
            #expect(both.totalHits == 0)
            let branded = try await catalog.read { db in try FoodSearch.search(db, query: "salad", brand: "acme") }
            #expect(branded.foods.map(\.brandOwner) == ["Acme Foods, Inc."])
            let otherBrand = try await catalog.read { db in try FoodSearch.search(db, query: "salad", brand: "kraft") }
            #expect(otherBrand.totalHits == 0)
        }
    }

    /// Search holds the generic foods' names in memory; a food picked online again, revised,
    /// is listed with its new name from the next search on.
    @Test func aFoodPickedOnlineAgainIsListedRevised() async throws {
        try await withFixtureCatalog { catalog, directory in
            try CatalogImporter(directory: directory).importInto(catalog)
            func pick(_ description: String, at seconds: TimeInterval) async throws {
                let json: [String: Any] = [
                    "fdcId": 2_345_678, "description": description, "dataType": "Foundation",
                    "foodNutrients": [["number": "208", "name": "Energy", "amount": 408.0, "unitName": "KCAL"]]
                ]
                _ = try await catalog.keep(
                    try FoodDataCentralFood(json: json), details: try JSONSerialization.data(withJSONObject: json),
                    now: Date(timeIntervalSince1970: 1_800_000_000 + seconds))
            }
            func listed() async throws -> [String] {
                try await catalog.read { db in try FoodSearch.search(db, query: "cheddar") }.foods.map(\.description)
            }
            try await pick("Cheese, cheddar", at: 0)
            #expect(try await listed() == ["Cheese, cheddar"])
            try await pick("Cheese, cheddar, sharp", at: 60)
            #expect(try await listed() == ["Cheese, cheddar, sharp"])
        }
    }

    @Test func misspellingsFindTheFoodWhenNothingMatches() async throws {
        try await withFixtureCatalog { catalog, directory in
            try CatalogImporter(directory: directory).importInto(catalog)
            let result = try await catalog.read { db in try FoodSearch.search(db, query: "brocoly") }
            #expect(result.foods.first?.description == "Broccoli, raw")
            #expect(result.correctedQuery == "broccoli")
        }
    }

    @Test func editDistanceCountsTranspositionsOnce() {
        // One set of rows for all four, as spelling reuses them from term to term.
        var rows = FoodSearch.EditDistanceRows()
        func distance(_ a: String, _ b: String) -> Int { rows.distance(Array(a.unicodeScalars), Array(b.unicodeScalars), limit: 2) }
        #expect(distance("bannana", "banana") == 1)
        #expect(distance("brocolli", "broccoli") == 2)
        #expect(distance("aple", "apel") == 1)
        #expect(distance("cheese", "butter") == 3)
    }
}

@testable import FoodDiaryCatalog
import Foundation
import GRDB
import Testing
import Logging
@testable import FoodDiary
@testable import FoodDiaryApp
import FoodDiaryStorage

/// FoodData Central's survey dishes and Foundation foods beside SR28: found, shown with their
/// source, logged with their nutrients exactly, and added once to a catalog made before them.
@Suite struct FoodDataCentralFoodsTests {
    @Test func aSurveyDishIsFoundShownAndLoggedWithItsSource() async throws {
        try await TestEnvironment.withFixtureApp { client, database in
            let search = try await client.get("/foods?q=latte").text
            #expect(search.contains("Coffee, Latte") && search.contains("FNDDS"))
            let id = try #require(search.firstMatch(of: #/href="/foods/(\d+)[?"]/#)?.output.1)
            #expect(Int64(id)! > FoodDataCentralFile.generic.firstID, "an id no NDB number or fdcId has")
            let page = try await client.get("/foods/\(id)").text
            #expect(page.contains("USDA FoodData Central, survey (FNDDS)") && page.contains("Coffee"))

            let meal = try await database.addMeal("2026-03-08T08:30", notes: "Breakfast")
            let added = try await client.postForm("/meals/\(meal)/foods", [("source", "catalog:\(id)"), ("amount", "g250")])
            #expect(added.status == .seeOther)
            let stored = try database.writer.read { db in
                try Row.fetchOne(
                    db, sql: "SELECT data_type, ndb_number, catalog_food_id, energy_kcal, protein_g, basis_grams FROM food_entry")
            }
            let row = try #require(stored)
            let (dataType, ndb, catalogID): (String, String?, Int64?) = (row[0], row[1], row[2])
            let (energy, protein, basis): (Double, Double, Double) = (row[3], row[4], row[5])
            #expect(dataType == "survey_fndds" && ndb == nil && catalogID == Int64(id))
            #expect(energy == 107.5 && abs(protein - 7.025) < 1e-9 && basis == 100, "per 100 g × 250 g")

            let oat = try await client.get("/api/foods/search?q=oat+milk").text
            #expect(oat.contains("\"dataType\":\"foundation\"") && oat.contains("Oat milk, unsweetened"))
            let catalogCount = try await client.get("/foods?q=coffee").text.components(separatedBy: "Coffee, Latte").count - 1
            #expect(catalogCount == 1, "the repeated row is one food")
        }
    }

    @Test func aCatalogMadeBeforeGetsThemOnceAtTheNextStart() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try SR28Fixture.write(to: directory.path)
        let catalog = try CatalogDatabase.open(path: directory.path + "/catalog.sqlite")
        try CatalogImporter(directory: directory.path).importInto(catalog)
        #expect(try catalog.foodDataCentralVersion == nil)
        try GenericFoodsFixture.write(to: directory.path)
        var config = TestEnvironment.config(dataDirectory: directory.path)
        config.sr28Directory = directory.path
        config.fdcDirectory = directory.path
        var logger = Logging.Logger(label: "test")
        logger.logLevel = .critical
        for _ in 0..<2 { try importCatalogIfMissing(catalog, config: config, logger: logger) }
        #expect(try catalog.foodDataCentralVersion == FoodDataCentralFile.generic.version)
        let counts = try await catalog.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT count(*) FROM food WHERE id >= ?", arguments: [FoodDataCentralFile.generic.firstID]) ?? 0,
                try Int.fetchOne(db, sql: "SELECT count(*) FROM fdc_search") ?? 0,
                try Int.fetchOne(db, sql: "SELECT count(*) FROM food WHERE data_type = 'sr_legacy'") ?? 0
            )
        }
        #expect(counts == (3, 3, 4))

        // A release that reads more of the file's columns reads them again, once, the same foods with the same ids.
        let ids = {
            try await catalog.read { db in
                try Int64.fetchAll(
                    db, sql: "SELECT id FROM food WHERE id >= ? ORDER BY id", arguments: [FoodDataCentralFile.generic.firstID])
            }
        }
        let before = try await ids()
        try await catalog.write { db in try db.execute(sql: "UPDATE catalog_info SET value = 'an older reading' WHERE key = 'fdc_generic'")
        }
        let reopened = try CatalogDatabase.open(path: directory.path + "/catalog.sqlite")
        #expect(try reopened.foodDataCentralVersion == "an older reading")
        for _ in 0..<2 { try importCatalogIfMissing(reopened, config: config, logger: logger) }
        #expect(try reopened.foodDataCentralVersion == FoodDataCentralFile.generic.version)
        #expect(try await ids() == before)
    }
}

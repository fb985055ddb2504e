@testable import FoodDiaryCatalog
import Foundation
import Testing
@testable import FoodDiary
import FoodDiaryBase
import FoodDiaryStorage
import GRDB

/// Open Food Facts (issue 41): a product read by its barcode, mapped exactly to the catalog's
/// nutrients, and every way its answer can go wrong met with a plain problem, never a wait.
@Suite struct OpenFoodFactsTests {
    static func read(_ product: [String: Any], asked: String = "7610000012345") throws -> OpenFoodFactsProduct {
        try OpenFoodFactsProduct(answer: ["code": asked, "status": 1, "product": product], asked: asked)
    }

    @Test func energyInKilojoulesOnlyIsKeptAndItsKcalWorkedOutExactly() throws {
        let bar = try Self.read(OpenFoodFactsStandIn.products[OpenFoodFactsStandIn.bar]!)
        #expect(bar.nutrientsPer100["268"] == 1690 && bar.nutrientsPer100["208"] == 1690 / 4.184)
        #expect(bar.nutrientsPer100["204"] == 9.5 && bar.nutrientsPer100["203"] == 7.4, "numbers written as strings")
        #expect(bar.name == "Birchermüesli-Riegel" && bar.brand == "Alpenkorn" && bar.basisUnit == .grams)
        #expect(bar.serving == .init(size: 25, text: "1 Riegel (25 g)"))
    }

    @Test func sodiumComesFromSaltOnlyWhenTheProductGivesNoSodium() throws {
        let bar = try Self.read(OpenFoodFactsStandIn.products[OpenFoodFactsStandIn.bar]!)
        #expect(bar.nutrientsPer100["307"] == 0.15 / 2.5 * 1000, "0.15 g salt is 60 mg sodium")
        let juice = try Self.read(OpenFoodFactsStandIn.products[OpenFoodFactsStandIn.juice]!, asked: OpenFoodFactsStandIn.juice)
        #expect(juice.nutrientsPer100["307"] == 4, "its own 0.004 g of sodium, not its salt's")
        #expect(juice.nutrientsPer100["306"] == 120 && juice.nutrientsPer100["208"] == 46 && juice.nutrientsPer100["268"] == 195)
        #expect(juice.basisUnit == .millilitres && juice.serving?.size == 200)
        #expect(juice.category == "Apple juices" && bar.category == nil, "the most specific category in English, if any")
    }

    @Test func valuesNoFoodHasAreLeftOutAndAProductWithoutNutritionRefused() throws {
        let odd = try Self.read([
            "code": "7610000012345", "product_name": "Odd",
            "nutriments": [
                "energy-kcal_100g": 4000, "energy-kj_100g": "-5", "fat_100g": 250, "proteins_100g": 12.5, "sugars_100g": true,
                "carbohydrates_100g": 40, "fiber_100g": 3, "salt_100g": "nan"
            ]
        ])
        #expect(odd.nutrientsPer100["208"] == nil && odd.nutrientsPer100["204"] == nil && odd.nutrientsPer100["269"] == nil)
        #expect(odd.nutrientsPer100["205"] == 40 && odd.nutrientsPer100["307"] == nil)
        #expect(throws: OpenFoodFactsProduct.Unreadable.self) {
            try Self.read(["code": "7610000012345", "product_name": "Air", "nutriments": [:]])
        }
    }

    @Test func anAnswerAboutAnotherBarcodeOrWithoutANameIsRefused() throws {
        let bar = OpenFoodFactsStandIn.products[OpenFoodFactsStandIn.bar]!
        #expect(throws: OpenFoodFactsProduct.Unreadable.self) { try Self.read(bar, asked: "4000000067890") }
        let upc = try OpenFoodFactsProduct(answer: ["product": bar.merging(["code": "0761000012345"]) { $1 }], asked: "761000012345")
        #expect(upc.code == "0761000012345", "a UPC-A and its EAN-13 are one code")
        #expect(throws: OpenFoodFactsProduct.Unreadable.self) {
            try Self.read(["code": "7610000012345", "nutriments": ["energy-kcal_100g": 1]])
        }
    }

    @Test func theClientReadsAProductAndSaysPlainlyWhyWhenItCannot() async throws {
        let standIn = OpenFoodFactsStandIn()
        try await standIn.start()
        // A minute, as FoodData Central's tests give: with the whole suite running, a loaded
        // machine must not turn a good answer into a timeout.
        let client = OpenFoodFactsClient(baseURL: standIn.baseURL, deadline: .seconds(60))
        let found = try await client.product(barcode: OpenFoodFactsStandIn.juice)
        #expect(found.product.name == "Apfelsaft naturtrüb" && !found.answer.isEmpty)
        let seen = try #require(standIn.seen.last)
        #expect(seen.userAgent?.hasPrefix("FoodDiary/") == true, "Open Food Facts asks every app to name itself")
        #expect(seen.query?.contains("fields=code,product_name") == true)

        func problem(_ code: String) async -> OnlineProblem? {
            do { _ = try await client.product(barcode: code); return nil } catch { return error }
        }
        #expect(await problem("4006381333931") == .notFound)
        #expect(await problem(OpenFoodFactsStandIn.nameless) == .unusable("product 5000000000017 has no name"))
        standIn.mode = .answering(code: OpenFoodFactsStandIn.juice)
        #expect(await problem(OpenFoodFactsStandIn.bar) == .unusable("the answer is about another barcode (4000000067890)"))
        standIn.mode = .huge
        #expect(await problem(OpenFoodFactsStandIn.bar) == .malformed, "3 MB is refused as it arrives")
        standIn.mode = .malformed
        #expect(await problem(OpenFoodFactsStandIn.bar) == .malformed)
        standIn.mode = .rateLimited
        #expect(await problem(OpenFoodFactsStandIn.bar) == .rateLimited(retryAfter: .seconds(42)))
        standIn.mode = .slow
        let hurried = OpenFoodFactsClient(baseURL: standIn.baseURL, deadline: .seconds(2))
        do {
            _ = try await hurried.product(barcode: OpenFoodFactsStandIn.bar)
            Issue.record("a 30 s answer came within a 2 s deadline")
        } catch {
            #expect(error == .timedOut(after: .seconds(2)), "the stand-in takes 30 s; the deadline holds")
        }
        await standIn.stop()
        #expect(await problem(OpenFoodFactsStandIn.bar) == .unreachable)
    }

    /// The data type widens three diary tables and the catalog's foods, which SQLite can only do
    /// by making each again: every row, index and id comes through.
    @Test func aDiaryAndACatalogTakeOpenFoodFactsProductsAndKeepWhatTheyHad() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/diaries/1/diary.sqlite"
        try DiaryUpgradeTests.writePreviousReleaseDiary(at: path, notes: "Old dinner", grams: 150)
        let queue = try DatabaseQueue(path: path)
        try DiaryMigrations.migrator.migrate(queue)
        try await queue.write { db in
            #expect(try Double.fetchOne(db, sql: "SELECT grams FROM food_entry WHERE id = 1") == 150)
            let indexes = try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'food_entry' AND sql IS NOT NULL")
            #expect(Set(indexes).isSuperset(of: ["food_entry_by_meal", "food_entry_energy_by_meal"]))
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
            let insert = """
                INSERT INTO food_entry (meal_id, data_type, description, grams, portion_label, basis_grams, basis_energy_kcal,
                    energy_kcal, created_at, updated_at)
                VALUES (1, ?, 'Apfelsaft', 200, '200 ml', 100, 46, 92, '2026-03-08 19:31:00.000', '2026-03-08 19:31:00.000')
                """
            try db.execute(sql: insert, arguments: ["open_food_facts"])
            #expect(throws: DatabaseError.self) { try db.execute(sql: insert, arguments: ["made_up"]) }
        }

        let catalog = try CatalogDatabase.open(path: directory.path + "/catalog.sqlite")
        try await catalog.writer.write { db in
            try db.execute(
                sql:
                    "INSERT INTO food (id, data_type, description, short_description, search_prior, core_terms, food_category) VALUES (?, 'open_food_facts', 'Apfelsaft naturtrüb', 'Apfelsaft', 0, 'apfelsaft', 'Beverages')",
                arguments: [1_004_000_000_067_890])
            #expect(try String.fetchOne(db, sql: "SELECT data_type FROM food WHERE id = 1004000000067890") == "open_food_facts")
        }
    }

    /// The issue's "done when": a barcode only Open Food Facts knows becomes a food with exact
    /// per-100 g values; kept, it answers offline; its page names the licence.
    @Test func aBarcodeOnlyOpenFoodFactsKnowsBecomesAFoodThatWorksOffline() async throws {
        try await OpenFoodFactsStandIn.withApp { standIn, client, database in
            let meal = try await database.addMeal("2026-03-09T10:15", notes: "Znüni")
            let bar = OpenFoodFactsStandIn.bar
            let found = try await client.get("/meals/\(meal)/foods/online?barcode=\(bar)")
            #expect(found.status == .ok && found.text.contains("Birchermüesli-Riegel") && found.text.contains("From Open Food Facts"))
            #expect(
                found.text.contains("Open Database License (ODbL)") && found.text.contains("/meals/\(meal)/foods/online/product/\(bar)"))

            let picked = try await client.postForm("/meals/\(meal)/foods/online/product/\(bar)", [])
            let id = try #require(OpenFoodFactsProduct.catalogID(barcode: bar))
            #expect(picked.status == .seeOther && picked.headers[.location] == "/meals/\(meal)/foods/new/catalog/\(id)")
            #expect(try await client.postForm("/meals/\(meal)/foods", [("source", "catalog:\(id)"), ("amount", "g50")]).status == .seeOther)
            let entry = try await database.read { db in
                try Row.fetchOne(db, sql: "SELECT data_type, energy_kcal, protein_g, fat_g FROM food_entry").map {
                    ($0[0] as String, $0[1] as Double, $0[2] as Double, $0[3] as Double)
                }
            }
            // The tests' small catalog knows energy, protein and fat; sodium from salt is tested above.
            #expect(entry?.0 == "open_food_facts")
            #expect(entry?.1 == 1690 / 4.184 * 50 / 100 && entry?.2 == 7.4 * 50 / 100 && entry?.3 == 9.5 * 50 / 100)
            // Our FoodData Central API answers with FoodData Central's foods only.
            #expect(try await client.get("/fdc/v1/food/\(id)").status == .notFound)
            let fdcSearch = try await client.get("/fdc/v1/foods/search?query=Birchermuesli")
            #expect(fdcSearch.status == .ok && !fdcSearch.text.contains("Birchermüesli-Riegel"))
            #expect(try await client.get("/foods?q=Birchermuesli").text.contains("Birchermüesli-Riegel"), "found by name offline")
            let foodPage = try await client.get("/foods/\(id)").text
            #expect(foodPage.contains("Values from Open Food Facts (barcode \(bar))") && foodPage.contains("ODbL"))

            await standIn.stop()
            let offline = try await client.get("/meals/\(meal)/foods/new?barcode=\(bar)").text
            #expect(offline.contains("Birchermüesli-Riegel") && offline.contains("kept here, works offline"))
            let unknown = try await client.get("/meals/\(meal)/foods/online?barcode=4006381333931")
            #expect(unknown.status == .ok && unknown.text.contains("Open Food Facts can’t be reached"))
        }
    }

    @Test func anUnreachableOpenFoodFactsAddsNoWait() async {
        // Nothing listens on the discard port: the connection check is refused at once. The
        // deadline is long so that the wait this guards against (the check's whole limit, 240 s)
        // stays far from what a loaded 2-core machine takes to answer at once (33 s was seen).
        let online = OpenFoodFactsOnline(baseURL: URL(string: "http://127.0.0.1:9")!, deadline: .seconds(600))
        func problem() async -> OnlineProblem? {
            if case .failure(let problem) = await online.product(barcode: OpenFoodFactsStandIn.bar) { return problem }
            return nil
        }
        let start = ContinuousClock.now
        #expect(await problem() == .unreachable)
        #expect(ContinuousClock.now - start < .seconds(90), "refused at once, never after the check's limit (two fifths of the deadline)")
        #expect(await online.knownProblem() == .unreachable, "remembered, so a page says so without asking")
        #expect(await problem() == .unreachable)
    }

    @Test func aRateLimitIsHonouredWithoutAsking() async throws {
        let standIn = OpenFoodFactsStandIn()
        try await standIn.start()
        defer { Task { await standIn.stop() } }
        standIn.mode = .rateLimited
        // The connection check may take two fifths of the deadline; on a loaded 2-core machine a
        // minute's deadline (a 24 s check) once ran out before the stand-in's 429 was asked for.
        let online = OpenFoodFactsOnline(baseURL: standIn.baseURL, deadline: .seconds(600))
        let first = await online.product(barcode: OpenFoodFactsStandIn.bar)
        #expect(first.problem == .rateLimited(retryAfter: .seconds(42)), "the stand-in's 429 and its Retry-After were read")
        let asked = standIn.seen.count
        standIn.mode = .normal
        let second = await online.product(barcode: OpenFoodFactsStandIn.bar).problem
        #expect(
            second.map { if case .rateLimited = $0 { true } else { false } } == true,
            "a known limit is honoured: \(String(describing: second))")
        #expect(standIn.seen.count == asked, "no request while the limit lasts")
    }
}

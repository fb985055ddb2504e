import FoodDiaryBase
@testable import FoodDiaryCatalog
import Foundation
import HummingbirdTesting
import GRDB
import Logging
import Testing
@testable import FoodDiary
@testable import FoodDiaryApp
import FoodDiaryStorage
import FoodDiaryWeb

/// A label's serving, as FoodData Central writes it, becomes a portion a person can count.
@Suite struct BrandedServingTests {
    @Test(arguments: [
        ("2.5 ONZ", 70.0, 2.5, "oz"), ("8 OZA", 240, 8, "fl oz"), ("1 BAR", 40, 1, "bar"), ("2 Tbsp", 32, 2, "tbsp"),
        ("1 1/2 cup", 180, 1.5, "cup"), ("about 1 pickle", 28, 1, "serving (about 1 pickle)"), ("", 30, 1, "serving"),
        ("1 SLICE (28g)", 28, 1, "slice"), ("1 Riegel (25 g)", 25, 1, "Riegel"), ("1 cup (240 ml)", 240, 1, "cup"),
        ("2 pieces (about 30 g each)", 60, 2, "pieces (about 30 g each)")
    ])
    func readsTheAmountAndUnit(text: String, grams: Double, amount: Double, unit: String) throws {
        let portion = try #require(BrandedServing.portion(text: text, grams: grams))
        #expect(portion.amount == amount && portion.description == unit)
    }

    @Test func twoThirdsOfACupIsAFraction() throws {
        let portion = try #require(BrandedServing.portion(text: "2/3 cup", grams: 150))
        #expect(abs(portion.amount - 2.0 / 3) < 1e-12 && portion.description == "cup")
    }

    @Test func aServingWithoutAWeightIsNoPortion() {
        #expect(BrandedServing.portion(text: "1 BAR", grams: 0) == nil)
        #expect(BrandedServing.portion(text: "1 BAR", grams: .nan) == nil)
        #expect(BrandedServing.portion(text: "0 BAR", grams: 40)?.description == "serving (0 BAR)")
    }
}

/// The branded foods arrive in the background, a batch per transaction, and a stopped import
/// carries on where it stopped with nothing repeated.
@Suite struct BrandedFoodsImportTests {
    static func fixtureCatalog(_ directory: TemporaryDirectory) throws -> CatalogDatabase {
        try SR28Fixture.write(to: directory.path)
        try GenericFoodsFixture.write(to: directory.path)
        try BrandedFoodsFixture.write(to: directory.path)
        let catalog = try CatalogDatabase.open(path: directory.path + "/catalog.sqlite")
        try CatalogImporter(directory: directory.path, fdcDirectory: directory.path).importInto(catalog)
        return catalog
    }

    static var quiet: Logger {
        var logger = Logger(label: "tests")
        logger.logLevel = .critical
        return logger
    }

    /// Every branded food with its place in prior order, its nutrients and its portion.
    static func contents(_ catalog: CatalogDatabase) throws -> [String] {
        try catalog.writer.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT f.id || ' ' || f.search_position || ' ' || f.description || ' ' ||
                           (SELECT group_concat(nutrient_number || '=' || amount_per_100g, ',') FROM food_nutrient
                               WHERE food_id = f.id) || ' ' ||
                           ifnull((SELECT amount || ' ' || description || ' ' || gram_weight FROM portion WHERE food_id = f.id),
                               '-') || ' ' ||
                           (SELECT count(*) FROM branded_search WHERE food_id = f.id AND rowid = f.search_position)
                    FROM food f WHERE f.data_type = 'branded' ORDER BY f.id
                    """)
        }
    }

    @Test func importsEachFoodOnceWithItsServingAndPlace() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Self.fixtureCatalog(directory)
        #expect(try catalog.brandedFoodsProgress == BrandedFoodsImport.Progress(done: 0, total: nil, isComplete: false))
        let importer = BrandedFoodsImport(catalog: catalog, directory: directory.path, logger: Self.quiet)
        #expect(try importer.isNeeded())
        let progress = try await importer.run()
        #expect(
            progress
                == BrandedFoodsImport.Progress(done: BrandedFoodsFixture.foodCount, total: BrandedFoodsFixture.foodCount, isComplete: true))
        #expect(try !importer.isNeeded())
        #expect(try await importer.run() == progress, "a finished import adds nothing")

        let rows = try Self.contents(catalog)
        #expect(rows.count == BrandedFoodsFixture.foodCount)
        #expect(rows.allSatisfy { $0.hasSuffix(" 1") }, "each food is in the index at its place")
        #expect(rows.filter { $0.contains("PEANUT BUTTER") }.count == 2, "products named alike with other nutrients are both kept")
        #expect(rows.contains { $0.contains("BANANA CHIPS, BANANA") && $0.contains("208=519.0") && $0.contains(" 2.5 oz 70.0 ") })
        #expect(rows.contains { $0.contains("BROCCOLI FLORETS") && $0.contains(" - ") }, "no weight, no portion")
        let positions = try await catalog.writer.read { db in
            try Int.fetchAll(db, sql: "SELECT search_position FROM food WHERE data_type = 'branded' ORDER BY 1")
        }
        #expect(positions == Array(1...BrandedFoodsFixture.foodCount))
    }

    @Test func aStoppedImportResumesAndEndsAsAWholeOneDoes() async throws {
        let whole = try TemporaryDirectory(), stopped = try TemporaryDirectory()
        defer { whole.remove(); stopped.remove() }
        let expected = try Self.fixtureCatalog(whole)
        try await BrandedFoodsImport(catalog: expected, directory: whole.path, batchSize: 3, logger: Self.quiet).run()

        let catalog = try Self.fixtureCatalog(stopped)
        let importer = BrandedFoodsImport(catalog: catalog, directory: stopped.path, batchSize: 3, logger: Self.quiet)
        let first = try await importer.run(shouldStop: { true })
        #expect(first == BrandedFoodsImport.Progress(done: 3, total: BrandedFoodsFixture.foodCount, isComplete: false))
        #expect(first.isUnderway)
        let second = try await importer.run(shouldStop: { true })
        #expect(second.done == 6 && !second.isComplete)
        #expect(try await importer.run().isComplete)
        #expect(try Self.contents(catalog) == Self.contents(expected))
    }

    @Test func aNewCatalogImportStartsTheBrandedFoodsAgain() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Self.fixtureCatalog(directory)
        try await BrandedFoodsImport(catalog: catalog, directory: directory.path, logger: Self.quiet).run()
        try CatalogImporter(directory: directory.path, fdcDirectory: directory.path).importInto(catalog)
        #expect(try catalog.brandedFoodsProgress == BrandedFoodsImport.Progress(done: 0, total: nil, isComplete: false))
        #expect(try Self.contents(catalog).isEmpty)
        let counts = try await catalog.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM branded_search") }
        #expect(counts == 0)
    }

    @Test func theCommandLineRefusesWhileAServerHoldsTheData() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try Self.fixtureCatalog(directory)
        var config = TestEnvironment.config(dataDirectory: directory.path)
        config.fdcDirectory = directory.path
        do {
            let lock = try DataDirectoryLock(path: config.lockPath, directory: config.dataDirectory)
            await #expect(throws: DataDirectoryLock.Held.self) { try await addBrandedFoods(config: config, logger: Self.quiet) }
            withExtendedLifetime(lock) {}
        }
        #expect(try await addBrandedFoods(config: config, logger: Self.quiet).isComplete)
        config.fdcDirectory = directory.path + "/nowhere"
        await #expect(throws: BrandedFoodsImport.Missing.self) { try await addBrandedFoods(config: config, logger: Self.quiet) }
    }
}

/// Generic foods come first; the branded ones fill in, or lead when a brand or Branded is chosen.
@Suite struct BrandedFoodsSearchTests {
    /// The app's own background import starts with it; this one finishes the work before the test
    /// looks (the two add each batch once between them).
    static func withBrandedApp(_ body: @escaping @Sendable (any TestClientProtocol, AppDatabase, CatalogDatabase) async throws -> Void)
        async throws
    {
        try await TestEnvironment.withRunningApp(
            withFixtureCatalog: true,
            prepare: { config in
                try BrandedFoodsFixture.write(to: config.dataDirectory)
            }
        ) { client, database, config, _ in
            let catalog = try CatalogDatabase.open(path: config.catalogPath)
            #expect(
                try await BrandedFoodsImport(catalog: catalog, directory: config.dataDirectory, logger: BrandedFoodsImportTests.quiet).run()
                    .isComplete)
            try await body(client, database, catalog)
        }
    }

    static func names(_ page: String) -> [String] {
        page.matches(of: #/<span class="food-result-name">(?:★ )?([^<]+)</span>/#).map { String($0.output.1) }
    }

    @Test func genericFoodsComeBeforeTheBrandedOnesTheyName() async throws {
        try await Self.withBrandedApp { client, _, _ in
            let all = Self.names(try await client.get("/foods?q=banana").text)
            #expect(all.first == "Bananas, raw")
            #expect(all.contains("BANANA CHIPS, BANANA") && all.contains("CHIQUITA, BANANAS"))
            let generic = Self.names(try await client.get("/foods?q=banana&kind=generic").text)
            #expect(generic == ["Bananas, raw"])
            let branded = try await client.get("/foods?q=banana&kind=branded").text
            #expect(!Self.names(branded).contains("Bananas, raw") && Self.names(branded).count == 2)
            #expect(branded.contains(#"value="branded" checked"#) && branded.contains(">Branded</span>"))
            let brand = Self.names(try await client.get("/foods?q=banana&brand=chiquita").text)
            #expect(brand.first == "CHIQUITA, BANANAS", "a named brand leads")
            let json = try await client.get("/api/foods/search?q=banana&kind=branded").text
            #expect(json.contains(#""dataType":"branded""#) && !json.contains("Bananas, raw"))
        }
    }

    @Test func aBrandIsNotTakenForAMisspelling() async throws {
        try await Self.withBrandedApp { client, _, _ in
            let page = try await client.get("/foods?q=doritos").text
            #expect(Self.names(page) == ["DORITOS, NACHO CHEESE"] && !page.contains("Nothing matched as typed"))
        }
    }

    /// A product's label misspells banana: the generic foods are shown for the word meant, and
    /// each search page offers the word as typed, which finds the product.
    @Test func aMisspellingAProductSharesIsReadAsMeantAndOfferedAsTyped() async throws {
        try await Self.withBrandedApp { client, database, _ in
            let meal = try await database.addMeal("2026-03-09T12:30")
            for page in ["/foods", "/meals/\(meal)/foods/new", "/log"] {
                let corrected = try await client.get(page + "?q=bannana").text
                #expect(
                    corrected.contains("Showing <strong>banana</strong>") && corrected.contains("search instead for bannana</a>"), "\(page)"
                )
                #expect(!corrected.contains("BANNANA"), "\(page)")
                let typed = try await client.get(page + "?q=bannana&exact=1").text
                #expect(typed.contains("ORGANIC FRUIT PUREE, BANNANA") && !typed.contains("search instead"), "\(page)")
            }
        }
    }

    @Test func productsNamedAlikeAreListedOnce() async throws {
        try await Self.withBrandedApp { client, _, _ in
            let page = try await client.get("/foods?q=peanut+butter").text
            #expect(Self.names(page) == ["PEANUT BUTTER"])
        }
    }

    @Test func theBrandedHintLinksToTheBrandedFoodsWhenTheGenericOnesFillThePage() async throws {
        try await Self.withBrandedApp { _, _, catalog in
            let result = try await catalog.read { db in try FoodSearch.search(db, query: "banana", limit: 1) }
            #expect(result.foods.map(\.description) == ["Bananas, raw"] && result.brandedHits == 2 && result.totalHits == 3)
            let view = FoodSearchView(query: "banana & co", brand: "", result: result)
            #expect(view.scope.brandedHint == "2 branded products match too.")
            #expect(view.scope.brandedURL == "/foods?q=banana%20%26%20co&brand=&kind=branded")
        }
    }

    @Test func aBrandedFoodLoggedBeforeRanksUp() async throws {
        try await Self.withBrandedApp { _, _, catalog in
            let chiquita = try await catalog.read { db in
                try Int64.fetchOne(db, sql: "SELECT id FROM food WHERE description = 'CHIQUITA, BANANAS'")
            }
            let id = try #require(chiquita)
            let before = try await catalog.read { db in try FoodSearch.search(db, query: "banana", scope: .branded) }
            #expect(before.foods.first?.description == "BANANA CHIPS, BANANA")
            let after = try await catalog.read { db in try FoodSearch.search(db, query: "banana", scope: .branded, logged: [id: 3]) }
            #expect(after.foods.first?.id == id)
        }
    }

    @Test func aProductWhoseLabelGaveNoEnergyComesAfterOnesWithIt() async throws {
        try await Self.withBrandedApp { client, _, _ in
            let page = try await client.get("/foods?q=kosher+dill&kind=branded").text
            #expect(Self.names(page) == ["KOSHER DILL BABY WHOLES", "KOSHER DILL SPEARS"])
        }
    }

    @Test func anUnknownChoiceIsABadRequest() async throws {
        try await Self.withBrandedApp { client, database, _ in
            for uri in ["/foods?q=banana&kind=brands", "/api/foods/search?q=banana&kind=%F0%9F%8D%8C"] {
                let response = try await client.get(uri)
                #expect(response.status == .badRequest && response.text.contains("generic or branded"), "\(uri)")
            }
            let meal = try await database.addMeal("2026-03-08T08:30", notes: "Lunch")
            let response = try await client.get("/meals/\(meal)/foods/new?q=banana&kind=x")
            #expect(response.status == .badRequest)
        }
    }

    @Test func aBrandedFoodShowsItsServingAndSourceAndLogsByIt() async throws {
        try await Self.withBrandedApp { client, database, _ in
            let search = try await client.get("/foods?q=banana+chips").text
            let id = try #require(search.firstMatch(of: #/href="/foods/(\d+)[?"]/#)?.output.1)
            let page = try await client.get("/foods/\(id)").text
            #expect(page.contains("Serving on the label: 2.5 oz = 70 g"))
            #expect(page.contains("USDA FoodData Central, Branded"))
            #expect(page.contains("Amount: <strong>2.5 oz = 70 g</strong>"), "the page opens at the label's serving")

            let meal = try await database.addMeal("2026-03-08T15:00", notes: "Snack")
            let added = try await client.postForm("/meals/\(meal)/foods", [("source", "catalog:\(id)"), ("amount", "p1"), ("count", "2")])
            #expect(added.status == .seeOther)
            let stored = try database.writer.read { db in
                try Row.fetchOne(db, sql: "SELECT data_type, grams, energy_kcal, portion_label FROM food_entry")
            }
            let row = try #require(stored)
            #expect(row[0] as String == "branded" && row[1] as Double == 140 && row[2] as Double == 726.6)
            #expect((row[3] as String).contains("2.5 oz"))
        }
    }

    /// The import is a service of the server's: its end, or having nothing to do, must not end the server.
    @Test(arguments: [false, true])
    func theServerOutlivesTheBackgroundImport(alreadyImported: Bool) async throws {
        try await TestEnvironment.withRunningApp(
            withFixtureCatalog: true, testing: .live,
            prepare: { config in
                try BrandedFoodsFixture.write(to: config.dataDirectory)
                guard alreadyImported else { return }
                try importReferenceDataIfMissing(config: config, logger: BrandedFoodsImportTests.quiet)
                _ = try await addBrandedFoods(config: config, logger: BrandedFoodsImportTests.quiet)
            }
        ) { client, _, config, _ in
            let catalog = try CatalogDatabase.open(path: config.catalogPath)
            let progress = { try await catalog.read { db in try BrandedFoodsImport.Progress.read(db) } }
            for _ in 0..<600 where !(try await progress().isComplete) { try await Task.sleep(for: .milliseconds(100)) }
            #expect(try await progress().isComplete, "the server added them itself")
            try await Task.sleep(for: .milliseconds(300))
            let page = try await client.get("/foods?q=banana").text
            #expect(Self.names(page).contains("CHIQUITA, BANANAS"))
        }
    }

    @Test func theSearchPageSaysWhileTheBrandedFoodsAreComing() async throws {
        // The file sits outside the server's FoodData Central folder, so only this test imports it.
        let elsewhere = try TemporaryDirectory()
        defer { elsewhere.remove() }
        try BrandedFoodsFixture.write(to: elsewhere.path)
        try await TestEnvironment.withRunningApp(withFixtureCatalog: true) { client, database, config, _ in
            let catalog = try CatalogDatabase.open(path: config.catalogPath)
            let importer = BrandedFoodsImport(
                catalog: catalog, directory: elsewhere.path, batchSize: 3, logger: BrandedFoodsImportTests.quiet)
            try await importer.run(shouldStop: { true })
            let meal = try await database.addMeal("2026-03-08T08:30", notes: "Lunch")
            for uri in ["/foods?q=banana", "/meals/\(meal)/foods/new?q=banana"] {
                let page = try await client.get(uri).text
                #expect(page.contains("Adding 10 branded products from USDA FoodData Central in the background: 3 so far (30 %)"), "\(uri)")
            }
            try await importer.run()
            let done = try await client.get("/foods?q=banana").text
            #expect(!done.contains("in the background"))
        }
    }
}

/// The whole catalog, 367,670 foods: the issue's examples still lead, and no branded food comes
/// above the generic ones in a search that names no brand.
@Suite(.enabled(if: RealSR28.isPresent && RealSR28.hasBrandedFoods)) struct RealBrandedCatalogTests {
    @Test(arguments: EverydayWordsOfTheIssueTests.examples)
    func theIssuesExamplesStillLead(query: String, expected: String) async throws {
        let catalog = try await RealSR28.catalogWithBrandedFoods.value
        let foods = try await catalog.read { db in try FoodSearch.search(db, query: query, limit: 3) }.foods.map(\.description)
        #expect(foods.contains { $0.hasPrefix(expected) }, "\(query) → \(foods)")
    }

    /// The same examples through the page and the JSON route of a server on the whole catalog.
    @Test func theIssuesExamplesLeadOnThePageAndInTheAPI() async throws {
        let whole = try await RealSR28.catalogWithBrandedFoods.value
        try await TestEnvironment.withRunningApp(prepare: { config in
            try whole.writer.backup(to: try DatabaseQueue(path: config.catalogPath))
        }) { client, _, config, _ in
            #expect(try await CatalogDatabase.open(path: config.catalogPath).foodCount() > 360_000)
            for (query, expected) in EverydayWordsOfTheIssueTests.examples {
                let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                let page = BrandedFoodsSearchTests.names(try await client.get("/foods?q=\(encoded)").text).prefix(3)
                #expect(page.contains { $0.hasPrefix(expected) }, "page: \(query) → \(page)")
                let json = try await client.get("/api/foods/search?q=\(encoded)&limit=3").text
                let api = try JSONDecoder().decode(SearchAnswer.self, from: Data(json.utf8)).foods.map(\.description)
                #expect(api.contains { $0.hasPrefix(expected) }, "API: \(query) → \(api)")
            }
        }
    }

    struct SearchAnswer: Decodable {
        struct Food: Decodable { let description: String }
        let foods: [Food]
    }

    @Test(arguments: ["relevance.tsv", "relevance-heldout.tsv", "everyday-words.tsv"])
    func noBrandedFoodOutranksAGenericOne(file: String) async throws {
        let catalog = try await RealSR28.catalogWithBrandedFoods.value
        for query in try CatalogRelevanceTests.judgements(file).map(\.query) {
            let foods = try await catalog.read { db in try FoodSearch.search(db, query: query, limit: 50) }.foods
            if let firstBranded = foods.firstIndex(where: { $0.dataType == .branded }) {
                #expect(!foods[firstBranded...].contains { $0.dataType != .branded }, "\(query)")
            }
        }
    }

    @Test(arguments: [("kind bar", "KIND"), ("chobani", "CHOBANI"), ("kraft mac", "KRAFT"), ("doritos", "Doritos")])
    func aNamedBrandFindsItsProducts(query: String, brand: String) async throws {
        let catalog = try await RealSR28.catalogWithBrandedFoods.value
        let foods = try await catalog.read { db in try FoodSearch.search(db, query: query, limit: 5) }.foods
        #expect(
            foods.contains { $0.dataType == .branded && $0.description.localizedCaseInsensitiveContains(brand) },
            "\(query) → \(foods.map(\.description))")
    }

    @Test func brandedChoiceListsPlainProductsFirst() async throws {
        let catalog = try await RealSR28.catalogWithBrandedFoods.value
        let foods = try await catalog.read { db in try FoodSearch.search(db, query: "peanut butter", scope: .branded, limit: 5) }
        #expect(foods.totalIsFloor && foods.foods.allSatisfy { $0.dataType == .branded })
        #expect(foods.foods.first?.description == "PEANUT BUTTER")
    }
}

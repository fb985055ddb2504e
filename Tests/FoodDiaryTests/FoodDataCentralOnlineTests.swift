import FoodDiaryBase
@testable import FoodDiaryCatalog
import Foundation
import GRDB
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import FoodDiary
@testable import FoodDiaryApp
import FoodDiaryStorage
import FoodDiaryWeb

/// FoodData Central online, against a stand-in server that speaks its protocol: search, pick,
/// keep, and every way the network or the service can fail.
@Suite struct FoodDataCentralOnlineTests {
    /// The real app, signed in, with a meal, talking to a running stand-in.
    /// The deadline is long: on a machine running the whole suite a local answer can take seconds.
    /// `aSlowServiceIsCutOffAtFiveSeconds` keeps the real one.
    static func withStandIn(
        deadline: Duration = .seconds(60),
        _ body: @escaping @Sendable (any TestClientProtocol, AppDatabase, AppConfig, FoodDataCentralStandIn, Int64) async throws -> Void
    ) async throws {
        let standIn = FoodDataCentralStandIn()
        try await standIn.start()
        do {
            try await TestEnvironment.withRunningApp(
                withFixtureCatalog: true,
                configure: {
                    $0.fdcBaseURL = standIn.baseURL
                    $0.fdcDeadline = deadline
                    Self.addLabelNutrients(to: $0.sr28Directory!)
                }
            ) { client, database, config, _ in
                let meal = try await database.addMeal("2026-03-09T12:30", notes: "Lunch")
                try await body(client, database, config, standIn, meal)
            }
        } catch {
            await standIn.stop()
            throw error
        }
        await standIn.stop()
    }

    /// The SR28 fixture defines four nutrients; a label names more.
    static func addLabelNutrients(to directory: String) {
        let lines = [
            ("205", "g", "Carbohydrate, by difference", 1110), ("269", "g", "Sugars, total", 1510),
            ("291", "g", "Fiber, total dietary", 1200),
            ("306", "mg", "Potassium, K", 5700), ("307", "mg", "Sodium, Na", 5800), ("601", "mg", "Cholesterol", 15700),
            ("606", "g", "Fatty acids, total saturated", 9700)
        ]
        .map { "~\($0.0)~^~\($0.1)~^~X~^~\($0.2)~^~2~^~\($0.3)~\r\n" }.joined()
        let handle = FileHandle(forWritingAtPath: directory + "/NUTR_DEF.txt")!
        handle.seekToEndOfFile()
        handle.write(Data(lines.utf8))
        handle.closeFile()
    }

    static func firstEntry(_ database: AppDatabase, meal: Int64) async throws -> FoodEntry? {
        try await database.read { db in
            try MealQueries.mealFoods(db, meals: [try #require(try MealQueries.meal(db, id: meal))]).first?.entries.first
        }
    }

    @Test func searchPickStopTheServerAndTheFoodStaysWithExactLabelNutrients() async throws {
        try await Self.withStandIn { client, database, config, standIn, meal in
            let online = try await client.get("/meals/\(meal)/foods/online?q=almond%20bar")
            #expect(online.status == .ok)
            let page = String(buffer: online.body)
            #expect(page.contains("ALMOND CRUNCH BAR") && page.contains("Online · Branded · Hillside Snacks Co."))
            #expect(page.contains("action=\"/meals/\(meal)/foods/online/\(FoodDataCentralStandIn.bar)\""))
            // Generic types first, then branded, each its own request, the key in a header and never in the address.
            let searches = standIn.seen.filter { $0.path == "/fdc/v1/foods/search" }
            #expect(searches.count == 2)
            #expect(searches.allSatisfy { $0.apiKeyHeader == "DEMO_KEY" && $0.query == nil })
            // In kJ, a hit's energy is too (the online rows once wrote kcal whatever was chosen).
            try await UnitsTests.chooseKilojoules(client)
            let inKilojoules = String(buffer: try await client.get("/meals/\(meal)/foods/online?q=almond%20bar").body)
            #expect(inKilojoules.contains(" kJ<small>") && !inKilojoules.contains(" kcal<small>"))
            try await client.postForm("/settings/body", [("units", "metric"), ("energy", "kcal"), ("glass", "330")])

            // Asked offline before the pick: search remembers recent answers, and must not keep this one.
            let before = String(buffer: try await client.get("/meals/\(meal)/foods/new?q=almond%20crunch").body)
            #expect(!before.contains("ALMOND CRUNCH BAR"))

            let picked = try await client.postForm("/meals/\(meal)/foods/online/\(FoodDataCentralStandIn.bar)", [("q", "almond bar")])
            #expect(picked.status == .seeOther)
            #expect(picked.headers[.location] == "/meals/\(meal)/foods/new/catalog/\(FoodDataCentralStandIn.bar)?q=almond%20bar")

            await standIn.stop()
            let local = String(buffer: try await client.get("/meals/\(meal)/foods/new?q=almond%20crunch").body)
            #expect(local.contains("ALMOND CRUNCH BAR"), "searchable offline once kept")
            let amountPage = String(buffer: try await client.get("/meals/\(meal)/foods/new/catalog/\(FoodDataCentralStandIn.bar)").body)
            #expect(amountPage.contains("1 bar = 45 g"))

            let added = try await client.postForm(
                "/meals/\(meal)/foods",
                [
                    ("source", "catalog:\(FoodDataCentralStandIn.bar)"),
                    ("amount", "grams"), ("grams", "30")
                ])
            #expect(added.status == .seeOther)
            let entry = try #require(try await Self.firstEntry(database, meal: meal))
            // Label value × grams / serving size, though USDA's rounded per-100 g values differ.
            let expected: [(NutrientKind, Double)] = [
                (.energyKcal, 210), (.fatG, 12), (.saturatedFatG, 1.5), (.sodiumMg, 95),
                (.carbohydrateG, 22), (.sugarsG, 9), (.proteinG, 6), (.potassiumMg, 180)
            ]
            for (kind, label) in expected {
                #expect(abs((entry.nutrients[kind] ?? -1) - label * 30 / 45) < 0.01, "\(kind)")
            }
            // Not on the label: USDA's value per 100 g.
            #expect(abs((entry.nutrients[.fiberG] ?? -1) - 6.7 * 0.3) < 0.01)
            #expect(entry.food.dataType == .branded && entry.food.catalogFoodID == FoodDataCentralStandIn.bar)
            #expect(entry.food.brandOwner == "Hillside Snacks Co.")

            // A re-import of the catalog rebuilds it from the files; the kept food comes back with it.
            let catalog = try CatalogDatabase.open(path: config.catalogPath)
            try CatalogImporter(directory: config.sr28Directory!, fdcDirectory: config.fdcDirectory).importInto(catalog)
            let again = try await catalog.read { db in try FoodSearch.search(db, query: "almond crunch") }
            #expect(again.foods.first?.id == FoodDataCentralStandIn.bar)
            let label = try await catalog.read { db in try FoodDetails.fetch(db, id: FoodDataCentralStandIn.bar)?.label }
            #expect(label?.nutrients["306"] == 180, "the label's “postassium” is potassium")

            // The diary keeps what its person picked: a new catalog (a restore onto another machine,
            // a deleted catalog.sqlite) gets it back at the next start, offline.
            let fresh = try TemporaryDirectory()
            defer { fresh.remove() }
            let newCatalog = try CatalogDatabase.open(path: fresh.path + "/catalog.sqlite")
            try CatalogImporter(directory: config.sr28Directory!).importInto(newCatalog)
            #expect(try await newCatalog.restoreKeptFoods(database.fetchedFoods()) == 1)
            #expect(try await newCatalog.restoreKeptFoods(database.fetchedFoods()) == 0, "nothing twice")
            let back = try await newCatalog.read { db in try FoodSearch.search(db, query: "almond crunch") }
            #expect(back.foods.map(\.id) == [FoodDataCentralStandIn.bar])
        }
    }

    @Test func aDrinkLabelledInMillilitresIsMeasuredInMillilitresWithEmptyLabelNutrients() async throws {
        try await Self.withStandIn { client, database, _, _, meal in
            let picked = try await client.postForm("/meals/\(meal)/foods/online/\(FoodDataCentralStandIn.drink)", [])
            #expect(picked.status == .seeOther)
            let amountPage = String(buffer: try await client.get("/meals/\(meal)/foods/new/catalog/\(FoodDataCentralStandIn.drink)").body)
            #expect(
                amountPage.contains("Millilitres") && amountPage.contains("1 can = 355 ml") && amountPage.contains("never counted as grams")
            )
            #expect(!amountPage.contains("355 g"))
            try await client.postForm(
                "/meals/\(meal)/foods", [("source", "catalog:\(FoodDataCentralStandIn.drink)"), ("amount", "grams"), ("grams", "330")])
            let entry = try #require(try await Self.firstEntry(database, meal: meal))
            #expect(entry.portionLabel == "330 ml")
            #expect(entry.food.basisUnit == .millilitres)
            #expect(abs((entry.nutrients[.sodiumMg] ?? -1) - 13.2) < 0.01)
            let entryPage = String(buffer: try await client.get("/meals/\(meal)/foods/\(entry.id)").body)
            #expect(entryPage.contains("per 100 ml") && entryPage.contains("Millilitres"))
            // The JSON API names the unit in the field: a drink has millilitres, no grams.
            let api = try #require(
                try JSONSerialization.jsonObject(with: Data(buffer: try await client.get("/api/meals/\(meal)").body)) as? [String: Any])
            let food = try #require((api["foods"] as? [[String: Any]])?.first)
            #expect(food["millilitres"] as? Double == 330 && food["grams"] is NSNull)
            // Saved for later, it keeps its unit: one tap adds a can, in ml.
            try await client.postForm("/saved-foods", [("catalog_food", "\(FoodDataCentralStandIn.drink)")])
            let saved = try #require(try await database.read { db in try EntryQueries.savedFoods(db) }.first)
            #expect(saved.defaultAmount.label == "1 can (355 ml)" && saved.food.basisUnit == .millilitres)
        }
    }

    @Test func aSurveyFoodKeepsItsPortionsAndSkipsGroupHeaders() async throws {
        try await Self.withStandIn { client, _, config, _, meal in
            try await client.postForm("/meals/\(meal)/foods/online/\(FoodDataCentralStandIn.porridge)", [])
            let catalog = try CatalogDatabase.open(path: config.catalogPath)
            let food = try #require(try await catalog.read { db in try FoodDetails.fetch(db, id: FoodDataCentralStandIn.porridge) })
            #expect(food.summary.dataType == .surveyFNDDS && food.summary.foodGroup == "Oatmeal")
            #expect(food.portions.map(\.description) == ["cup"] && food.portions.first?.gramWeight == 234)
            #expect(food.nutrients.map(\.number).sorted() == ["203", "205", "208"])
        }
    }

    @Test func anSRLegacyHitIsTheOfflineSR28FoodWithNoFetch() async throws {
        try await Self.withStandIn { client, _, _, standIn, meal in
            let page = String(buffer: try await client.get("/meals/\(meal)/foods/online?q=bananas").body)
            #expect(page.contains("href=\"/meals/\(meal)/foods/new/catalog/9040?q=bananas\""))
            #expect(!standIn.seen.contains { $0.path.hasPrefix("/fdc/v1/food/") })
        }
    }

    @Test func offlineTheAddFoodPageAnswersAtOnceAndSaysWhy() async throws {
        // The configured address refuses connections, as a machine with no network does.
        try await TestEnvironment.withRunningApp(withFixtureCatalog: true) { client, database, _, _ in
            let meal = try await database.addMeal("2026-03-09T12:30")
            // Before anyone asked, the page answers with its local results and loads the online ones after.
            let first = String(buffer: try await client.get("/meals/\(meal)/foods/new?q=banana&online=1").body)
            #expect(first.contains("Bananas, raw") && first.contains("data-online-src=\"/meals/\(meal)/foods/online?q=banana\""))
            #expect(first.contains("Searching online…"))
            let online = String(buffer: try await client.get("/meals/\(meal)/foods/online?q=banana").body)
            #expect(online.contains("FoodData Central can’t be reached; these are your offline results."))
            #expect(online.contains("Open Food Facts can’t be reached; these are your offline results."))
            // Remembered: the add-food page now says so itself, asking the network nothing.
            // (The time it takes is measured in docs/BENCHMARKS.md, on a machine not running the whole suite.)
            let page = String(buffer: try await client.get("/meals/\(meal)/foods/new?q=banana&online=1").body)
            #expect(page.contains("Bananas, raw") && page.contains(OnlineSlotView.offline))
            #expect(!page.contains("Searching online…"))
            #expect(page.range(of: "Bananas, raw")!.lowerBound < page.range(of: OnlineSlotView.offline)!.lowerBound, "local results first")
            let pick = try await client.postForm("/meals/\(meal)/foods/online/2000111", [])
            #expect(pick.status == .serviceUnavailable && String(buffer: pick.body).contains("can’t be reached"))
        }
    }

    @Test(arguments: [
        (FoodDataCentralStandIn.Mode.rateLimited, "limit for this key is reached; try again in 30 min", 429),
        (.serverError, "FoodData Central had a problem (HTTP 500)", 502),
        (.malformed, "sent an answer this diary could not read", 502)
    ])
    func aFailingServiceGetsAPlainMessage(mode: FoodDataCentralStandIn.Mode, message: String, pickStatus: Int) async throws {
        try await Self.withStandIn { client, _, _, standIn, meal in
            standIn.mode = mode
            let page = String(buffer: try await client.get("/meals/\(meal)/foods/online?q=almond").body)
            #expect(page.contains(message))
            let pick = try await client.postForm("/meals/\(meal)/foods/online/\(FoodDataCentralStandIn.bar)", [])
            #expect(Int(pick.status.code) == pickStatus)
            if mode == .rateLimited {
                // Known now: no more calls until the limit lifts.
                let calls = standIn.seen.count
                _ = try await client.get("/meals/\(meal)/foods/online?q=walnut")
                #expect(standIn.seen.count == calls)
            }
        }
    }

    /// A 500 MB answer is read no further than the cap: before, it was buffered whole (82 MB → 1.6 GB).
    @Test func aHugeAnswerStopsAtTheCap() async throws {
        try await Self.withStandIn { client, _, _, standIn, meal in
            standIn.mode = .huge
            let page = String(buffer: try await client.get("/meals/\(meal)/foods/online?q=almond").body)
            #expect(page.contains("sent an answer this diary could not read"))
            let pick = try await client.postForm("/meals/\(meal)/foods/online/\(FoodDataCentralStandIn.bar)", [])
            #expect(pick.status == .badGateway)
            try await Task.sleep(for: .milliseconds(300))
            let sent = standIn.hugeMegabytesSent.withLockedValue { $0 }
            #expect(sent < 3 * 64, "\(sent) MB went out for three requests capped at \(FoodDataCentralClient.maxResponseBytes >> 20) MB")
        }
    }

    /// Before, a 307 to another host was followed with the key in `X-Api-Key`.
    @Test func aRedirectElsewhereIsNotFollowedWithTheKey() async throws {
        let elsewhere = FoodDataCentralStandIn()
        try await elsewhere.start()
        defer { Task { await elsewhere.stop() } }
        try await Self.withStandIn { client, _, _, standIn, meal in
            standIn.mode = .redirecting(to: elsewhere.baseURL.absoluteString)
            let page = String(buffer: try await client.get("/meals/\(meal)/foods/online?q=almond").body)
            #expect(page.contains("FoodData Central had a problem (HTTP 307)") && !page.contains("ALMOND CRUNCH BAR"))
            #expect(try await client.postForm("/meals/\(meal)/foods/online/\(FoodDataCentralStandIn.bar)", []).status == .badGateway)
            #expect(elsewhere.seen.isEmpty, "\(elsewhere.seen.map(\.path))")
        }
        #expect(
            OutboundHTTP.mayFollow(
                from: URL(string: "https://api.nal.usda.gov/fdc/v1/food/1"), to: URL(string: "https://api.nal.usda.gov/fdc/v1/food/2")))
        for target in [
            "https://evil.example/fdc", "http://api.nal.usda.gov/fdc", "https://api.nal.usda.gov:8443/fdc", "https://169.254.169.254/latest"
        ] {
            #expect(
                !OutboundHTTP.mayFollow(from: URL(string: "https://api.nal.usda.gov/fdc/v1/food/1"), to: URL(string: target)), "\(target)")
        }
        for inside in [
            "10.0.0.8", "192.168.1.1", "172.20.0.1", "127.0.0.1", "localhost", "[::1]", "[fe80::1]", "[fd12::1]", "169.254.169.254"
        ] {
            #expect(OutboundHTTP.isInsideTheNetwork(inside), "\(inside)")
            #expect(
                !OutboundHTTP.mayFollow(from: URL(string: "http://\(inside)/fdc/v1"), to: URL(string: "http://\(inside)/fdc/v2")),
                "\(inside)")
        }
        #expect(!OutboundHTTP.isInsideTheNetwork("8.8.8.8") && !OutboundHTTP.isInsideTheNetwork("api.nal.usda.gov"))
    }

    /// Before, an answer under another fdcId replaced that catalog row for everyone: "Bananas, raw" (9040).
    @Test(arguments: [Int64(9040), FoodDataCentralStandIn.drink])
    func anAnswerForAnotherFoodIsNotKept(answeredAs other: Int64) async throws {
        try await Self.withStandIn { client, _, config, standIn, meal in
            standIn.mode = .answering(fdcId: other)
            let before = try await CatalogDatabase.open(path: config.catalogPath).read { db in
                try String.fetchOne(db, sql: "SELECT description FROM food WHERE id = ?", arguments: [other])
            }
            let pick = try await client.postForm("/meals/\(meal)/foods/online/\(FoodDataCentralStandIn.bar)", [])
            #expect(pick.status == .badGateway && String(buffer: pick.body).contains("could not read"))
            let after = try await CatalogDatabase.open(path: config.catalogPath).read { db in
                try String.fetchOne(db, sql: "SELECT description FROM food WHERE id = ?", arguments: [other])
            }
            #expect(after == before, "\(String(describing: after))")
        }
    }

    @Test func aSlowServiceIsCutOffAtFiveSeconds() async throws {
        try await Self.withStandIn(deadline: .seconds(5)) { client, _, _, standIn, meal in
            standIn.mode = .slow
            let start = ContinuousClock.now
            let page = String(buffer: try await client.get("/meals/\(meal)/foods/online?q=almond").body)
            let took = ContinuousClock.now - start
            // The stand-in answers after 8 s; the page says the deadline passed, so it did not wait for it.
            #expect(took >= .seconds(5))
            #expect(page.contains("did not answer within 5 seconds") && !page.contains("ALMOND CRUNCH BAR"))
        }
    }

    @Test func aBarcodeFindsAKeptFoodOfflineAndAnUnknownOneOnline() async throws {
        try await Self.withStandIn { client, _, _, standIn, meal in
            // FoodData Central is asked a barcode with a key of one's own; the shared DEMO_KEY's
            // few requests are kept for searches, and Open Food Facts asked instead.
            try await client.postForm("/settings/food-data-central", [("api_key", "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789wxyz")])
            let before = String(buffer: try await client.get("/meals/\(meal)/foods/new?barcode=111222333").body)
            #expect(before.contains("data-online-src=\"/meals/\(meal)/foods/online?barcode=111222333\""))
            let online = String(buffer: try await client.get("/meals/\(meal)/foods/online?barcode=0111222333").body)
            #expect(online.contains("ALMOND CRUNCH BAR") && !online.contains("LEMON"))
            let unknown = String(buffer: try await client.get("/meals/\(meal)/foods/online?barcode=5012345678900").body)
            #expect(unknown.contains("Open Food Facts can’t be reached"), "FoodData Central had none, and Open Food Facts is offline here")
            try await client.postForm("/meals/\(meal)/foods/online/\(FoodDataCentralStandIn.bar)", [])
            await standIn.stop()
            // UPC-A typed with or without its leading zeros, the EAN-13 form too.
            for typed in ["000111222333", "0000111222333", "111 222 333"] {
                let page = String(buffer: try await client.get("/meals/\(meal)/foods/new?barcode=\(formEscaped(typed))").body)
                #expect(page.contains("ALMOND CRUNCH BAR") && page.contains("kept here, works offline"), "\(typed)")
                #expect(!page.contains("data-online-src"))
            }
            let bad = String(buffer: try await client.get("/meals/\(meal)/foods/new?barcode=12ab").body)
            #expect(bad.contains(Barcode.problem))
        }
    }

    @Test func theKeyIsKeptInTheDiaryShownMaskedAndSentInAHeader() async throws {
        try await Self.withStandIn { client, database, _, standIn, meal in
            let demo = String(buffer: try await client.get("/settings/food-data-central").body)
            #expect(demo.contains("The shared DEMO_KEY.") && demo.contains("30 searches an hour"))
            let refused = try await client.postForm("/settings/food-data-central", [("api_key", "not a key!")])
            #expect(refused.status == .unprocessableContent)
            let key = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789wxyz"
            let saved = try await client.postForm("/settings/food-data-central", [("api_key", key)])
            #expect(saved.status == .seeOther)
            #expect(try await database.foodDataCentralKey() == key)
            let page = String(buffer: try await client.get("/settings/food-data-central?notice=saved").body)
            #expect(page.contains("••••••••wxyz") && !page.contains(key))
            _ = try await client.get("/meals/\(meal)/foods/online?q=oat")
            #expect(standIn.seen.last?.apiKeyHeader == key)
            #expect(!String(buffer: try await client.get("/meals/\(meal)/foods/online?q=oat").body).contains("DEMO_KEY"))
            try await client.postForm("/settings/food-data-central/remove", [])
            #expect(try await database.foodDataCentralKey() == nil)
        }
    }

    @Test func recipesSearchAndPickOnlineToo() async throws {
        try await Self.withStandIn { client, database, _, _, _ in
            try await client.postForm("/recipes", [("name", "Trail mix"), ("servings", "4")])
            let recipe = try #require(try await database.read { db in try Int64.fetchOne(db, sql: "SELECT max(id) FROM recipe") })
            let page = String(buffer: try await client.get("/recipes/\(recipe)/ingredients/new?q=almond&online=1").body)
            #expect(page.contains("data-online-src=\"/recipes/\(recipe)/ingredients/online?q=almond\""))
            let picked = try await client.postForm("/recipes/\(recipe)/ingredients/online/\(FoodDataCentralStandIn.bar)", [])
            #expect(picked.headers[.location] == "/recipes/\(recipe)/ingredients/new/catalog/\(FoodDataCentralStandIn.bar)")
        }
    }

    /// Behind a proxy, the connection check asks the proxy, as libcurl's requests would go.
    @Test func theConnectionCheckGoesWhereLibcurlWould() {
        let api = FoodDataCentralOnline.officialBaseURL
        #expect(UpstreamReachability.firstHop(to: api, environment: [:]) == ("api.nal.usda.gov", 443))
        #expect(UpstreamReachability.firstHop(to: api, environment: ["HTTPS_PROXY": "http://proxy.lan:3128"]) == ("proxy.lan", 3128))
        #expect(UpstreamReachability.firstHop(to: api, environment: ["https_proxy": "proxy.lan"]) == ("proxy.lan", 1080))
        #expect(
            UpstreamReachability.firstHop(to: api, environment: ["https_proxy": "http://proxy.lan:3128", "no_proxy": "localhost,.usda.gov"])
                == ("api.nal.usda.gov", 443))
        #expect(
            UpstreamReachability.firstHop(
                to: URL(string: "http://mirror.lan:8099/fdc")!, environment: ["https_proxy": "http://proxy.lan:3128"])
                == ("mirror.lan", 8099), "an http mirror only follows http_proxy")
    }

    @Test func searchHitsAndDetailsReadTheSameNutrients() throws {
        let hit = try FoodDataCentralFood(json: FoodDataCentralStandIn.searchHits[2])
        let details = try FoodDataCentralFood(json: FoodDataCentralStandIn.foods[FoodDataCentralStandIn.bar]!)
        #expect(hit.nutrientsPer100["208"] == 467 && details.labelNutrients["208"] == 210)
        #expect(hit.serving == details.serving && hit.gtinUpc == "000111222333")
        // Abridged details: flat, `number` and `amount`; Atwater energy where 208 is missing.
        let abridged = try FoodDataCentralFood(json: [
            "fdcId": 2_345_678, "description": "Cheese, cheddar", "dataType": "Foundation",
            "ndbNumber": "1009",
            "foodNutrients": [
                ["number": "958", "name": "Energy (Atwater Specific Factors)", "amount": 408.0, "unitName": "KCAL"],
                ["number": "203", "name": "Protein", "amount": "23.3E0", "unitName": "G"]
            ]
        ])
        #expect(abridged.energyKcalPer100 == 408 && abridged.nutrientsPer100["203"] == 23.3 && abridged.ndbNumber == nil)
        #expect(throws: FoodDataCentralFood.Unreadable.self) {
            try FoodDataCentralFood(json: ["fdcId": 5, "description": "x", "dataType": "Experimental"])
        }
    }
}

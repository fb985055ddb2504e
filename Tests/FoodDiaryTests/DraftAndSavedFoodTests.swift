import FoodDiaryBase
import Foundation
import GRDB
import HummingbirdTesting
import Testing
@testable import FoodDiary
@testable import FoodDiaryApp
import FoodDiaryCatalog
import FoodDiaryStorage
import FoodDiaryWeb

/// A meal whose Save was pressed is in the diary at once, whichever button saved it, and only an
/// explicit delete removes it: no background job deletes what a person entered.
@Suite struct SavedMealTests {
    static let newMeal: [(String, String)] = [("eaten_at", "2026-03-09T12:30"), ("utc_offset", "0"), ("notes", "Picnic"), ("then", "foods")]

    static func mealID(_ response: TestResponse) throws -> Int64 {
        let location = try #require(response.headers[.location])
        let match = try #require(location.wholeMatch(of: /\/meals\/(\d+)\/foods\/new\?notice=created/))
        return Int64(match.1)!
    }

    @Test func nextAddFoodsSavesTheMealAndShowsItEverywhereAtOnce() async throws {
        try await TestEnvironment.withFixtureApp { client, database in
            let response = try await client.postForm("/meals", Self.newMeal + [("tags", "outdoors")])
            #expect(response.status == .seeOther)
            let id = try Self.mealID(response)
            #expect(try await client.get("/meals/\(id)/foods/new?notice=created").text.contains("Meal saved. Now add what was in it."))
            // The person wanders off before adding anything: the meal is already there.
            #expect(try await client.get("/").text.contains("Picnic"))
            #expect(try await client.get("/days/2026-03-09").text.contains("Picnic"))
            #expect(try await client.get("/api/meals").text.contains("Picnic"))
            #expect(try await client.get("/tags").text.contains("Outdoors"))
            try await client.postForm("/meals/\(id)/foods", [("source", "catalog:9040"), ("amount", "g125")])
            #expect(try await client.get("/").text.contains("111 kcal"))
            #expect(try await database.mealCount() == 1)
        }
    }

    @Test func maintenanceNeverDeletesAMealHoweverOld() async throws {
        try await TestEnvironment.withDatabase { database in
            let input = MealInput(eatenAt: LocalDateTime(parsing: "2026-03-09T12:30")!, utcOffsetMinutes: 0, notes: "Untouched for months")
            let now = TestEnvironment.fixedNow
            let id = try await database.createMeal(input, now: now.addingTimeInterval(-90 * 24 * 3600))
            let diary = Diary(
                id: 1, database: database, photosDirectory: NSTemporaryDirectory() + "/fooddiary-unused-\(UUID().uuidString)",
                maxPhotoPixels: 1)
            await Maintenance(diaries: { [diary] }, now: { now }, logger: .init(label: "test")).runOnce(diary, atStartUp: false)
            let remaining = try await database.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM meal") }
            #expect(remaining == [id])
        }
    }

    /// A diary written by the previous release, with a draft it kept hidden, opens with that meal
    /// listed, its foods and tags intact.
    @Test func draftsFromAnEarlierVersionBecomeOrdinaryMeals() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/diary.sqlite"
        let old = try DatabaseQueue(path: path)
        try DiaryMigrations.migrator.migrate(old, upTo: "createMyFoodsAndRecipes")
        try await old.write { db in
            try db.execute(
                sql: """
                    INSERT INTO meal (id, eaten_local, utc_offset_minutes, notes, created_at, updated_at, is_draft)
                    VALUES (7, '2026-03-01T19:00', 0, 'Half-finished dinner', '2026-03-01 19:00:00.000', '2026-03-01 19:00:00.000', 1);
                    INSERT INTO tag (id, name) VALUES (3, 'dinner');
                    INSERT INTO meal_tag (meal_id, tag_id, position) VALUES (7, 3, 0);
                    """)
        }
        try old.close()
        let upgraded = try AppDatabase.open(path: path)
        let page = try #require(try await upgraded.read { db in try MealQueries.listPage(db, page: 1) })
        #expect(page.meals.map(\.notes) == ["Half-finished dinner"])
        #expect(page.meals.first?.tags.map(\.name) == ["dinner"])
        let columns = try await upgraded.read { db in try db.columns(in: "meal").map(\.name) }
        #expect(!columns.contains("is_draft"))
    }
}

@Suite struct SavedFoodTests {
    /// The add-food page is one read, without HTTP: the meal, the person's own and saved foods,
    /// the catalog's finds, and, before any search, the foods usual for this meal.
    @Test func theAddFoodPageIsOneReadOfTheMealTheDiaryAndTheCatalog() async throws {
        try await TestEnvironment.withConfiguredApp(withFixtureCatalog: true) { client, database, config in
            let earlier = try await database.addMeal("2026-03-08T12:30")
            try await client.postForm("/meals/\(earlier)/foods", [("source", "catalog:9040"), ("amount", "g125")])
            try await client.postForm("/saved-foods", [("catalog_food", "1001"), ("return_to", "/")])
            let id = try await database.addMeal("2026-03-09T12:30")
            let diary = Diary(
                id: 1, database: database, photosDirectory: NSTemporaryDirectory() + "/fooddiary-unused-\(UUID().uuidString)",
                maxPhotoPixels: 1)
            let catalog = try CatalogDatabase.open(path: config.catalogPath)
            let accounts = try AccountsDatabase.open(path: config.accountsPath)
            let viewer = try #require(try await accounts.account(named: TestPerson.name))
            let pool = DiaryPool(files: DiaryFiles(directory: config.diariesDirectory), maxPhotoPixels: config.maxPhotoPixels)
            let household = HouseholdFoods(diaries: DiaryAccess(accounts: accounts, pool: pool))
            func read(_ fields: [String: String]) async throws -> AddFoodPageRead {
                try await AddFoodPageRead.read(
                    mealID: id, FormFields(fields), diary: diary, viewer: viewer, catalog: catalog, household: household)
            }

            let nothingTyped = try await read([:])
            #expect(nothingTyped.meal.id == id && nothingTyped.result == nil)
            #expect(nothingTyped.suggestions?.foods.map(\.description) == ["Bananas, raw"], "yesterday's lunch banana, usual at this time")
            #expect(nothingTyped.own.saved.map(\.food.catalogFoodID) == [1001] && nothingTyped.savedCatalogIDs == [1001])

            let butter = try await read(["q": "butter"])
            #expect(butter.suggestions == nil, "a search shows what it finds, not the usual foods")
            #expect(butter.result?.foods.first?.id == 1001 && butter.own.saved.count == 1)
            let branded = try await read(["q": "butter", "brand": "Nobody's Dairy"])
            #expect(branded.sharedFoods.isEmpty && branded.brand == "Nobody's Dairy")

            await #expect(throws: Meal.Missing.self) {
                try await AddFoodPageRead.read(
                    mealID: 999_999, FormFields(), diary: diary, viewer: viewer,
                    catalog: catalog, household: household)
            }
        }
    }

    @Test func savedFoodsComeFirstAndAddWithOneTap() async throws {
        try await TestEnvironment.withFixtureApp { client, database in
            let id = try await database.addMeal("2026-03-09T12:30")
            let save = try await client.postForm(
                "/saved-foods", [("catalog_food", "1001"), ("return_to", "/meals/\(id)/foods/new/catalog/1001")])
            #expect(save.headers[.location] == "/meals/\(id)/foods/new/catalog/1001?notice=saved_food")

            let search = try await client.get("/meals/\(id)/foods/new?q=butter").text
            let savedAt = try #require(search.range(of: "My saved foods matching")).lowerBound
            let catalogAt = try #require(search.range(of: "USDA foods")).lowerBound
            #expect(savedAt < catalogAt, "saved foods are listed above the catalog results")
            #expect(search.contains("value=\"saved:"))
            #expect(!(try await client.get("/meals/\(id)/foods/new?q=banana").text.contains("My saved foods matching")))

            let savedID = try await database.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM saved_food")! }
            // One tap: no amount sent, the saved default (the first household measure) is used.
            #expect(try await client.postForm("/meals/\(id)/foods", [("source", "saved:\(savedID)")]).status == .seeOther)
            let food = try await FoodEntryTests.meal(client, id).foods[0]
            #expect(food.portion == "1 pat (1\" sq, 1/3\" high) (5 g)")
            #expect(food.nutrients.energyKcal == 35.85)
            #expect(food.ndbNumber == "01001")
            // Or choose another amount for it.
            try await client.postForm("/meals/\(id)/foods", [("source", "saved:\(savedID)"), ("amount", "p2"), ("count", "1")])
            #expect(try await FoodEntryTests.meal(client, id).foods[1].portion == "1 tbsp (14.2 g)")

            let removed = try await client.postForm("/saved-foods/\(savedID)/delete", [("return_to", "//evil.example/")])
            #expect(removed.headers[.location] == "/saved-foods?notice=unsaved_food", "only local paths are followed")
            #expect(!(try await client.get("/saved-foods").text.contains("Butter")))
            #expect(try await FoodEntryTests.meal(client, id).foods.count == 2, "entries keep their snapshots")
            #expect(try await client.postForm("/saved-foods/\(savedID)/delete", []).status == .notFound)
        }
    }

    @Test func anEntryCanBeSavedWithItsAmountOnce() async throws {
        try await TestEnvironment.withFixtureApp { client, database in
            let id = try await database.addMeal("2026-03-09T12:30")
            try await client.postForm(
                "/meals/\(id)/foods/typed",
                [("name", "Granola bar"), ("serving_grams", "40"), ("energy_kcal", "180"), ("amount", "serving"), ("count", "1")])
            let entryID = try await FoodEntryTests.meal(client, id).foods[0].id
            for _ in 0..<2 {
                let response = try await client.postForm(
                    "/saved-foods", [("entry", "\(id):\(entryID)"), ("return_to", "/meals/\(id)/foods/\(entryID)")])
                #expect(response.headers[.location] == "/meals/\(id)/foods/\(entryID)?notice=saved_food")
            }
            let count = try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM saved_food") }
            #expect(count == 1)
            let list = try await client.get("/saved-foods").text
            #expect(list.contains("Granola bar") && list.contains("1 serving (40 g)") && list.contains("180 kcal"))
            #expect(try await client.get("/meals/\(id)/foods/\(entryID)").text.contains("In <a href=\"/saved-foods\">My saved foods</a>"))
            #expect(try await client.postForm("/saved-foods", [("entry", "\(id):999")]).status == .notFound)
            #expect(try await client.postForm("/saved-foods", []).status == .badRequest)
        }
    }
}

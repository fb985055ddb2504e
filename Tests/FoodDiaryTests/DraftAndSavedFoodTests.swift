import Foundation
import HummingbirdTesting
import Testing
@testable import FoodDiary

/// A meal added together with its foods is a draft until finished; cancelling or abandoning it leaves nothing.
@Suite struct DraftMealTests {
    static let newMeal: [(String, String)] = [("eaten_at", "2026-03-09T12:30"), ("utc_offset", "0"), ("notes", "Picnic"), ("then", "foods")]

    static func draftID(_ response: TestResponse) throws -> Int64 {
        let location = try #require(response.headers[.location])
        let match = try #require(location.wholeMatch(of: /\/meals\/(\d+)\/foods\/new/))
        return Int64(match.1)!
    }

    @Test func cancellingADraftLeavesNoMealAndNoEntries() async throws {
        try await TestEnvironment.withFixtureApp { client, database in
            let response = try await client.postForm("/meals", Self.newMeal)
            #expect(response.status == .seeOther)
            let id = try Self.draftID(response)
            try await client.postForm("/meals/\(id)/foods", [("source", "catalog:9040"), ("amount", "g125")])
            try await client.postForm("/meals/\(id)/foods/typed", [("name", "Lemonade"), ("serving_grams", "250"), ("energy_kcal", "100"), ("amount", "serving"), ("count", "1")])

            let page = try await client.get("/meals/\(id)").text
            #expect(page.contains("New meal, not in your diary yet") && page.contains("Bananas, raw") && page.contains("Lemonade"))
            #expect(!(try await client.get("/").text.contains("Picnic")), "a draft is not in the list")
            #expect(!(try await client.get("/api/meals").text.contains("Picnic")), "nor in the JSON list")

            let cancel = try await client.postForm("/meals/\(id)/discard", [])
            #expect(cancel.status == .seeOther)
            #expect(cancel.headers[.location] == "/?notice=discarded")
            #expect(try await database.mealCount() == 0)
            #expect(try await FoodEntryTests.entryCount(database) == 0)
            #expect(try await client.get("/meals/\(id)").status == .notFound)
        }
    }

    @Test func finishingADraftPutsItInTheDiary() async throws {
        try await TestEnvironment.withFixtureApp { client, database in
            let id = try Self.draftID(try await client.postForm("/meals", Self.newMeal))
            try await client.postForm("/meals/\(id)/foods", [("source", "catalog:9040"), ("amount", "g125")])
            #expect(try await client.postForm("/meals/\(id)/finish", []).headers[.location] == "/meals/\(id)?notice=created")
            let list = try await client.get("/").text
            #expect(list.contains("Picnic") && list.contains("111 kcal"))
            #expect(!(try await client.get("/meals/\(id)").text.contains("not in your diary yet")))
            let refused = try await client.postForm("/meals/\(id)/discard", [])
            #expect(refused.status == .conflict, "Cancel never removes a finished meal")
            #expect(try await database.mealCount() == 1)
        }
    }

    @Test func savingWithoutFoodsIsNotADraft() async throws {
        try await TestEnvironment.withApp { client, database in
            let response = try await client.postForm("/meals", Array(Self.newMeal.dropLast()))
            #expect(response.headers[.location]?.hasSuffix("?notice=created") == true)
            #expect(try await client.get("/").text.contains("Picnic"))
        }
    }

    @Test func abandonedDraftsAreSweptAndFreshOnesKept() async throws {
        try await TestEnvironment.withDatabase { database in
            let input = MealInput(eatenAt: LocalDateTime(parsing: "2026-03-09T12:30")!, utcOffsetMinutes: 0, notes: "")
            let now = TestEnvironment.fixedNow
            let old = try await database.createMeal(input, asDraft: true, now: now.addingTimeInterval(-25 * 3600))
            let touched = try await database.createMeal(input, asDraft: true, now: now.addingTimeInterval(-30 * 3600))
            let finished = try await database.createMeal(input, now: now.addingTimeInterval(-48 * 3600))
            let fresh = try await database.createMeal(input, asDraft: true, now: now.addingTimeInterval(-3600))
            // Adding a food keeps a draft alive.
            _ = try await database.addEntry(mealID: touched, food: FoodSnapshot(dataType: .handTyped, catalogFoodID: nil, ndbNumber: nil,
                                                                               description: "Tea", brandOwner: nil, basisGrams: 250, basis: .init()),
                                            amount: ChosenAmount(grams: 250, label: "250 g"), now: now.addingTimeInterval(-60))
            _ = try await database.addEntry(mealID: old, food: FoodSnapshot(dataType: .handTyped, catalogFoodID: nil, ndbNumber: nil,
                                                                           description: "Tea", brandOwner: nil, basisGrams: 250, basis: .init()),
                                            amount: ChosenAmount(grams: 250, label: "250 g"), now: now.addingTimeInterval(-25 * 3600))
            let photos = PhotoStore(root: NSTemporaryDirectory() + "/fooddiary-unused-\(UUID().uuidString)", maxPixels: 1)
            await Maintenance(database: database, photos: photos, now: { now }, logger: .init(label: "test")).runOnce(atStartUp: false)
            let remaining = try await database.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM meal ORDER BY id") }
            #expect(remaining == [touched, finished, fresh])
            #expect(try await FoodEntryTests.entryCount(database) == 1, "the swept draft's entry went with it")
        }
    }
}

@Suite struct SavedFoodTests {
    @Test func savedFoodsComeFirstAndAddWithOneTap() async throws {
        try await TestEnvironment.withFixtureApp { client, database in
            let id = try await database.addMeal("2026-03-09T12:30")
            let save = try await client.postForm("/saved-foods", [("catalog_food", "1001"), ("return_to", "/meals/\(id)/foods/new/catalog/1001")])
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
            try await client.postForm("/meals/\(id)/foods/typed", [("name", "Granola bar"), ("serving_grams", "40"), ("energy_kcal", "180"), ("amount", "serving"), ("count", "1")])
            let entryID = try await FoodEntryTests.meal(client, id).foods[0].id
            for _ in 0..<2 {
                let response = try await client.postForm("/saved-foods", [("entry", "\(id):\(entryID)"), ("return_to", "/meals/\(id)/foods/\(entryID)")])
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

import FoodDiaryBase
@testable import FoodDiaryCatalog
import Foundation
import HummingbirdTesting
import Testing
@testable import FoodDiary
import FoodDiaryStorage
import FoodDiaryWeb

/// Adding, changing and removing foods through the pages, checked through the JSON and the database.
@Suite struct FoodEntryTests {
    struct Nutrients: Decodable, Equatable {
        var energyKcal, proteinG, fatG, carbohydrateG, sodiumMg, fiberG, sugarsG, saturatedFatG, cholesterolMg, potassiumMg: Double?
    }
    struct Entry: Decodable {
        let id: Int64
        let description: String
        let brandOwner: String?
        let dataType: String
        let catalogFoodId: Int64?
        let ndbNumber: String?
        let grams: Double?
        let portion: String
        let nutrients: Nutrients

        enum CodingKeys: String, CodingKey { case id, description, brandOwner, dataType, catalogFoodId, ndbNumber, grams, portion }
        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int64.self, forKey: .id)
            description = try container.decode(String.self, forKey: .description)
            brandOwner = try container.decodeIfPresent(String.self, forKey: .brandOwner)
            dataType = try container.decode(String.self, forKey: .dataType)
            catalogFoodId = try container.decodeIfPresent(Int64.self, forKey: .catalogFoodId)
            ndbNumber = try container.decodeIfPresent(String.self, forKey: .ndbNumber)
            grams = try container.decodeIfPresent(Double.self, forKey: .grams)
            portion = try container.decode(String.self, forKey: .portion)
            nutrients = try Nutrients(from: decoder)
        }
    }
    struct MealBody: Decodable {
        let foods: [Entry]
        let totals: Nutrients
        let foodCount: Int
        let energyKcal: Double?
    }

    /// Decoded with JSONDecoder: JSONSerialization on Linux rounds the last digit of some doubles.
    static func meal(_ client: any TestClientProtocol, _ id: Int64) async throws -> MealBody {
        let response = try await client.get("/api/meals/\(id)")
        #expect(response.status == .ok)
        return try JSONDecoder().decode(MealBody.self, from: Data(response.text.utf8))
    }

    static func entryCount(_ database: AppDatabase) async throws -> Int {
        try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM food_entry") ?? -1 }
    }

    @Test func pickingACatalogFoodAndAPresetStoresAnExactSnapshot() async throws {
        try await TestEnvironment.withApp(withFixtureCatalog: true) { client, database in
            let id = try await database.addMeal("2026-03-09T12:30")
            let response = try await client.postForm("/meals/\(id)/foods", [("source", "catalog:1001"), ("amount", "g125")])
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/meals/\(id)?notice=food_added#foods")
            let json = try await Self.meal(client, id)
            let food = json.foods[0]
            #expect(food.description == "Butter, salted")
            #expect(food.ndbNumber == "01001")
            #expect(food.catalogFoodId == 1001)
            #expect(food.dataType == "sr_legacy")
            #expect(food.grams == 125)
            #expect(food.portion == "125 g")
            #expect(food.nutrients.energyKcal == 896.25)
            #expect(food.nutrients.proteinG == 1.0625)
            #expect(food.nutrients.sodiumMg == nil, "the fixture has no sodium for butter: unknown, not 0")
            #expect(json.totals.energyKcal == 896.25)
            #expect(json.foodCount == 1)
            let raw = try JSONSerialization.jsonObject(with: Data(try await client.get("/api/meals/\(id)").text.utf8)) as! [String: Any]
            let rawFood = (raw["foods"] as! [[String: Any]])[0], rawTotals = raw["totals"] as! [String: Any]
            for key in [
                "energyKcal", "proteinG", "fatG", "carbohydrateG", "sodiumMg", "fiberG", "sugarsG", "saturatedFatG", "cholesterolMg",
                "potassiumMg"
            ] {
                #expect(rawFood.keys.contains(key) && rawTotals.keys.contains(key), "\(key) is always named, null when unknown")
            }

            let page = try await client.get("/meals/\(id)").text
            #expect(page.contains("Butter, salted") && page.contains("125 g") && page.contains("896 kcal"))
            let list = try await client.get("/").text
            #expect(list.contains("896 kcal") && list.contains("Butter, salted"))
        }
    }

    /// Entries and saved foods are read by position, through the query interface and through SQL:
    /// both must select the same columns in the same order.
    @Test func recordsReadAlikeThroughTheQueryInterfaceAndSQL() async throws {
        try await TestEnvironment.withApp(withFixtureCatalog: true) { client, database in
            let id = try await database.addMeal("2026-03-09T12:30")
            #expect(try await client.postForm("/meals/\(id)/foods", [("source", "catalog:1001"), ("amount", "g125")]).status == .seeOther)
            #expect(
                try await client.postForm("/saved-foods", [("catalog_food", "1001"), ("return_to", "/meals/\(id)")]).status == .seeOther)
            try await database.read { db in
                let bySQL = try #require(try db.cachedRecords(FoodEntry.self, "SELECT \(FoodEntry.selectedColumns) FROM food_entry").first)
                #expect(bySQL.food.description == "Butter, salted" && bySQL.grams == 125 && bySQL.nutrients[.energyKcal] == 896.25)
                #expect(try EntryQueries.entry(db, mealID: id, entryID: bySQL.id) == bySQL)
                let saved = try #require(try EntryQueries.savedFoods(db).first)
                #expect(saved.food.description == "Butter, salted")
                #expect(try EntryQueries.savedFood(db, id: saved.id) == saved)
            }
        }
    }

    @Test func householdPortionsAreCountedAndTotalsAreSums() async throws {
        try await TestEnvironment.withApp(withFixtureCatalog: true) { client, database in
            let id = try await database.addMeal("2026-03-09T12:30")
            try await client.postForm("/meals/\(id)/foods", [("source", "catalog:1001"), ("amount", "p2"), ("count", "2")])
            try await client.postForm("/meals/\(id)/foods", [("source", "catalog:11090"), ("amount", "p5"), ("count", "1.5")])
            try await client.postForm("/meals/\(id)/foods", [("source", "catalog:9040"), ("amount", "grams"), ("grams", "118.5")])
            let json = try await Self.meal(client, id)
            #expect(json.foods.map(\.portion) == ["2 × 1 tbsp (28.4 g)", "1.5 × 0.5 cup, chopped or diced (66 g)", "118.5 g"])
            // 717 × 28.4 / 100, 34 × 66 / 100, 89 × 118.5 / 100
            let kcal = json.foods.map { $0.nutrients.energyKcal! }
            #expect(abs(kcal[0] - 203.628) < 1e-9 && abs(kcal[1] - 22.44) < 1e-9 && abs(kcal[2] - 105.465) < 1e-9)
            #expect(json.totals.energyKcal == kcal.reduce(0, +))
            #expect(json.totals.fatG == 0.33 * 118.5 / 100, "only bananas report fat in the fixture")
            #expect(json.energyKcal == kcal.reduce(0, +))
        }
    }

    @Test func badAmountsShowTheFormAgainAndStoreNothing() async throws {
        try await TestEnvironment.withApp(withFixtureCatalog: true) { client, database in
            let id = try await database.addMeal("2026-03-09T12:30")
            for (fields, message) in [
                ([("amount", "grams"), ("grams", "jkl")], "the grams eaten as a plain number"),
                ([("amount", "grams"), ("grams", "-5")], "the grams eaten as a plain number"),
                ([("amount", "grams"), ("grams", "1e308")], "the grams eaten as a plain number"),
                ([("amount", "grams"), ("grams", "NaN")], "the grams eaten as a plain number"),
                ([("amount", "grams"), ("grams", "")], "Enter the grams eaten."),
                ([("amount", "grams"), ("grams", "5000.5")], "from 0.1 to 5,000"),
                ([("amount", "p2"), ("count", "lots")], "how many as a plain number"),
                ([("amount", "p9")], "not one of this food’s choices"),
                ([], "Choose how much you had.")
            ] as [([(String, String)], String)] {
                let response = try await client.postForm("/meals/\(id)/foods", [("source", "catalog:1001")] + fields)
                #expect(response.status == .unprocessableContent, "\(fields)")
                #expect(response.text.contains(message), "\(fields) explains: \(message)")
                #expect(response.text.contains("Butter, salted"), "the chosen food is still on the page")
            }
            #expect(try await Self.entryCount(database) == 0)
            #expect(try await client.postForm("/meals/\(id)/foods", [("source", "catalog:99999"), ("amount", "g25")]).status == .notFound)
            #expect(try await client.postForm("/meals/\(id)/foods", [("source", "1001"), ("amount", "g25")]).status == .badRequest)
            #expect(try await client.postForm("/meals/999/foods", [("source", "catalog:1001"), ("amount", "g25")]).status == .notFound)
            #expect(
                try await client.postForm("/meals/\(id)/foods", [("source", "catalog:1001"), ("amount", "g25")], token: nil).status
                    == .forbidden)
            #expect(try await Self.entryCount(database) == 0)
        }
    }

    @Test func handTypedFoodsScalePerServingAndRefuseBadNumbers() async throws {
        try await TestEnvironment.withApp { client, database in
            let id = try await database.addMeal("2026-03-09T12:30")
            let label: [(String, String)] = [
                ("name", "<b>Granola</b> bar"), ("brand", "Trail Co"), ("serving_grams", "40"),
                ("energy_kcal", "180"), ("fat_g", "7"), ("sodium_mg", "95")
            ]
            for bad in ["jkl", "-5", "1e308", "NaN", "99999"] {
                let response = try await client.postForm(
                    "/meals/\(id)/foods/typed", label + [("protein_g", bad), ("amount", "serving"), ("count", "1")])
                #expect(response.status == .unprocessableContent)
                #expect(response.text.contains("id=\"protein_g-error\""), "the message sits beside the protein field for \(bad)")
                #expect(response.text.contains("&lt;b&gt;Granola&lt;/b&gt; bar"), "what was typed comes back, escaped")
            }
            let missing = try await client.postForm(
                "/meals/\(id)/foods/typed", [("name", ""), ("serving_grams", ""), ("amount", "serving")])
            #expect(missing.status == .unprocessableContent)
            #expect(missing.text.contains("Enter the food’s name") && missing.text.contains("Enter the serving size in grams."))
            #expect(try await Self.entryCount(database) == 0)

            let saved = try await client.postForm(
                "/meals/\(id)/foods/typed", label + [("amount", "grams"), ("grams", "60"), ("save", "on")])
            #expect(saved.status == .seeOther)
            let food = try await Self.meal(client, id).foods[0]
            #expect(food.nutrients.energyKcal == 270)
            #expect(food.nutrients.fatG == 10.5)
            #expect(food.nutrients.sodiumMg == 142.5)
            #expect(food.nutrients.proteinG == nil)
            #expect(food.dataType == "hand_typed")
            #expect(food.ndbNumber == nil && food.catalogFoodId == nil)
            #expect(food.brandOwner == "Trail Co")
            #expect(food.portion == "60 g")
            let savedList = try await client.get("/saved-foods").text
            #expect(savedList.contains("&lt;b&gt;Granola&lt;/b&gt; bar") && !savedList.contains("<b>Granola"))
        }
    }

    @Test func changingTheAmountRescalesFromTheSnapshotAndRemovingEmptiesTheMeal() async throws {
        try await TestEnvironment.withApp(withFixtureCatalog: true) { client, database in
            let id = try await database.addMeal("2026-03-09T12:30", notes: "Lunch at the desk")
            try await client.postForm("/meals/\(id)/foods", [("source", "catalog:11090"), ("amount", "g125")])
            let entryID = try await Self.meal(client, id).foods[0].id
            let page = try await client.get("/meals/\(id)/foods/\(entryID)")
            #expect(page.status == .ok)
            #expect(page.text.contains("Broccoli, raw") && page.text.contains("Lunch at the desk") && page.text.contains("12:30"))
            #expect(page.text.contains(/value="g125"[^>]*checked/), "the form starts from the current amount")

            let bad = try await client.postForm("/meals/\(id)/foods/\(entryID)", [("amount", "grams"), ("grams", "0")])
            #expect(bad.status == .unprocessableContent)
            #expect(try await Self.meal(client, id).foods[0].grams == 125, "a refused change changes nothing")

            let changed = try await client.postForm("/meals/\(id)/foods/\(entryID)", [("amount", "p1"), ("count", "2")])
            #expect(changed.status == .seeOther)
            let food = try await Self.meal(client, id).foods[0]
            #expect(food.portion == "2 × 1 cup chopped (182 g)")
            #expect(food.nutrients.energyKcal == 34 * 182 / 100.0)

            #expect(try await client.postForm("/meals/\(id)/foods/\(entryID)/delete", []).status == .seeOther)
            let empty = try await Self.meal(client, id)
            #expect(empty.foods.isEmpty)
            #expect(empty.totals == Nutrients(), "an empty meal has no known nutrients")
            #expect(empty.energyKcal == nil, "a meal with no foods again waits to be itemised: unknown, not 0 kcal")
            #expect(try await client.get("/meals/\(id)").text.contains("<strong>To itemise</strong>"))
            #expect(try await client.postForm("/meals/\(id)/foods/\(entryID)/delete", []).status == .notFound)
            #expect(try await client.get("/meals/\(id)/foods/\(entryID)").status == .notFound)
        }
    }

    @Test func anEntryBelongsToItsMealOnly() async throws {
        try await TestEnvironment.withApp(withFixtureCatalog: true) { client, database in
            let first = try await database.addMeal("2026-03-09T08:00")
            let second = try await database.addMeal("2026-03-09T12:00")
            try await client.postForm("/meals/\(first)/foods", [("source", "catalog:9040"), ("amount", "g50")])
            let entryID = try await Self.meal(client, first).foods[0].id
            #expect(try await client.get("/meals/\(second)/foods/\(entryID)").status == .notFound)
            #expect(try await client.postForm("/meals/\(second)/foods/\(entryID)/delete", []).status == .notFound)
            #expect(try await client.postForm("/meals/\(second)/foods/\(entryID)", [("amount", "g25")]).status == .notFound)
            #expect(try await Self.entryCount(database) == 1)
        }
    }

    @Test func deletingAMealDeletesItsEntries() async throws {
        try await TestEnvironment.withApp(withFixtureCatalog: true) { client, database in
            let id = try await database.addMeal("2026-03-09T08:00")
            try await client.postForm("/meals/\(id)/foods", [("source", "catalog:9040"), ("amount", "g50")])
            #expect(try await client.postForm("/meals/\(id)/delete", []).status == .seeOther)
            #expect(try await Self.entryCount(database) == 0)
        }
    }
}

/// Snapshots outlive the catalog they came from.
@Suite struct SnapshotTests {
    @Test func reimportingAChangedCatalogLeavesSavedEntriesAlone() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try SR28Fixture.write(to: directory.path)
        let catalog = try CatalogDatabase.open(path: directory.path + "/catalog.sqlite")
        try CatalogImporter(directory: directory.path).importInto(catalog)
        let database = try AppDatabase.open(path: directory.path + "/diary.sqlite")
        let mealID = try await database.addMeal("2026-03-09T12:30")
        let butter = try await catalog.read { db in try FoodDetails.fetch(db, id: 1001)! }
        let entryID = try await database.addEntry(
            mealID: mealID, food: FoodSnapshot(catalogFood: butter),
            amount: ChosenAmount(grams: 50, label: "50 g"), now: TestEnvironment.fixedNow)!

        // A new release: butter now has 700 kcal per 100 g.
        let changed = try String(contentsOfFile: directory.path + "/NUT_DATA.txt", encoding: .isoLatin1)
            .replacingOccurrences(of: "~01001~^~208~^717^", with: "~01001~^~208~^700^")
        try changed.write(toFile: directory.path + "/NUT_DATA.txt", atomically: true, encoding: .isoLatin1)
        try CatalogImporter(directory: directory.path).importInto(catalog)
        #expect(try await catalog.read { db in try FoodDetails.fetch(db, id: 1001)! }.summary.energyKcalPer100g == 700)

        let entry = try await database.read { db in try EntryQueries.entry(db, mealID: mealID, entryID: entryID)! }
        #expect(entry.nutrients[.energyKcal] == 358.5)
        #expect(entry.food.basis[.energyKcal] == 717)
        #expect(
            try await database.changeEntryAmount(
                mealID: mealID, entryID: entryID, to: ChosenAmount(grams: 200, label: "200 g"), now: TestEnvironment.fixedNow))
        let rescaled = try await database.read { db in try EntryQueries.entry(db, mealID: mealID, entryID: entryID)! }
        #expect(rescaled.nutrients[.energyKcal] == 1434, "re-scaled from the 717 kcal snapshot, not the new catalog")
    }
}

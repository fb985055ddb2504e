import FoodDiaryBase
import Foundation
import GRDB
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import FoodDiary
import FoodDiaryApp
import FoodDiaryStorage

/// Planning the week's meals and shopping for them (issue 82): a recipe planned on days, their
/// planned energy, the list summed in kitchen units by aisle, ticks kept, a planned meal logged in
/// one tap, the household's shared plan and list, and the plan in and out of an export.
@Suite struct PlanTests {
    /// "Chili", 4 servings (2,000 kcal): 2 onions (220 g), 2 cans of tomatoes (800 g), 500 g of
    /// beef mince and 2 eggs (100 g), each typed by hand.
    static func chili(_ database: AppDatabase) async throws -> Int64 {
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO recipe (name, servings, notes, created_at, updated_at) VALUES ('Chili', 4, '', ?, ?)",
                arguments: [TestEnvironment.fixedNow, TestEnvironment.fixedNow])
            let recipe = db.lastInsertedRowID
            for (name, grams, kcal, protein) in [
                ("Onions, raw", 220.0, 88.0, 2.0), ("Tomatoes, red, ripe, canned", 800, 160, 8), ("Beef, ground, 85% lean", 500, 1_600, 90),
                ("Eggs", 100, 152, 12)
            ] {
                try db.execute(
                    sql: """
                        INSERT INTO recipe_ingredient (recipe_id, data_type, description, grams, portion_label, basis_grams,
                            basis_energy_kcal, basis_protein_g, energy_kcal, protein_g, created_at)
                        VALUES (?, 'hand_typed', ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [recipe, name, grams, "\(Int(grams)) g", grams, kcal, protein, kcal, protein, TestEnvironment.fixedNow])
            }
            return recipe
        }
    }

    static func plan(_ client: any TestClientProtocol, recipe: Int64, servings: String, day: String, slot: String = "dinner")
        async throws -> TestResponse
    {
        try await client.postForm("/plan/add", [("day", day), ("slot", slot), ("recipe", String(recipe)), ("servings", servings)])
    }

    /// The issue's "done when": a recipe planned on two days shows both days' energy; the list
    /// sums its ingredients across the plan in kitchen units; a ticked item stays ticked.
    @Test func aRecipeOnTwoDaysShowsBothDaysEnergyAndTheListSumsItInKitchenUnits() async throws {
        try await TestEnvironment.withApp { client, database in
            let chili = try await Self.chili(database)
            let planned = try await Self.plan(client, recipe: chili, servings: "2", day: "2026-03-10")
            #expect(planned.status == .seeOther && planned.headers[.location] == "/plan?week=2026-03-09#day-2026-03-10")
            try await Self.plan(client, recipe: chili, servings: "2", day: "2026-03-11")

            let week = try await client.get("/plan?week=2026-03-12").text
            #expect(week.contains("30 Nov") == false && week.contains("9 Mar – 15 Mar"))
            for day in ["2026-03-10", "2026-03-11"] {
                let card = Self.card(week, day)
                #expect(card.contains("<strong>1,000 kcal</strong>") && card.contains("Chili") && card.contains("2 servings"), "\(card)")
            }
            #expect(Self.card(week, "2026-03-12").contains("Nothing planned yet."))

            let list = try await client.get("/shopping?from=2026-03-10&to=2026-03-11").text
            // Four servings of a four-serving recipe: the whole of it, summed over the two days.
            #expect(Self.item(list, "Onions").contains("2 onions") && Self.item(list, "Onions").contains("needs 220 g"))
            #expect(Self.item(list, "Tomatoes, red, ripe, canned").contains("2 cans"))
            #expect(Self.item(list, "Beef, ground, 85% lean").contains("500 g"))
            #expect(Self.item(list, "Eggs").contains("2 eggs"))
            #expect(Self.item(list, "Onions").contains("for Chili"))
            let aisles = ["Fruit and vegetables", "Dairy and eggs", "Meat and fish", "Cupboard"].map {
                list.range(of: "<h2>\($0)</h2>")?.lowerBound
            }
            #expect(aisles.allSatisfy { $0 != nil } && aisles.map { $0! } == aisles.map { $0! }.sorted(), "aisles in the shop's order")
            #expect(Self.section(list, "Fruit and vegetables").contains("Onions") && Self.section(list, "Cupboard").contains("canned"))

            // One day only: half of it.
            let oneDay = try await client.get("/shopping?from=2026-03-10&to=2026-03-10").text
            #expect(Self.item(oneDay, "Onions").contains("1 onion") && Self.item(oneDay, "Beef, ground, 85% lean").contains("250 g"))

            // A tick is kept, through a change of the plan, until the list is cleared.
            let tick = try await client.postForm(
                "/shopping/tick", [("key", "n:onions, raw"), ("ticked", "1"), ("back", "/shopping?from=2026-03-10&to=2026-03-11")])
            #expect(tick.status == .seeOther && tick.headers[.location] == "/shopping?from=2026-03-10&to=2026-03-11#item-n-onions--raw")
            try await Self.plan(client, recipe: chili, servings: "4", day: "2026-03-12")
            let after = try await client.get("/shopping?from=2026-03-10&to=2026-03-12").text
            #expect(Self.item(after, "Onions").contains("shopping-item ticked") && Self.item(after, "Onions").contains("4 onions"))
            #expect(!Self.item(after, "Eggs").contains("shopping-item ticked"))
            #expect(after.contains("Clear the ticked (1 ticked)"))
            try await client.postForm("/shopping/clear", [("back", "/shopping")])
            #expect(!(try await client.get("/shopping?from=2026-03-10&to=2026-03-12").text.contains("shopping-item ticked")))

            let api = try await client.get("/api/shopping?from=2026-03-10&to=2026-03-12").text
            #expect(api.contains(#""amount":"1 kg""#) && api.contains(#""aisle":"meat""#), "\(api)")
        }
    }

    /// A planned meal logs in one tap with the right servings, once; a day to come cannot.
    @Test func aPlannedMealLogsInOneTapWithItsServings() async throws {
        try await TestEnvironment.withApp { client, database in
            let chili = try await Self.chili(database)
            try await Self.plan(client, recipe: chili, servings: "1.5", day: "2026-03-09", slot: "lunch")
            try await client.postForm("/plan/add", [("day", "2026-03-09"), ("slot", "dinner"), ("note", "Eat out with Jo")])
            try await Self.plan(client, recipe: chili, servings: "1", day: "2026-03-10")
            let ids = try await database.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM planned_meal ORDER BY id") }

            let week = try await client.get("/plan").text
            #expect(
                week.contains("action=\"/plan/\(ids[0])/log\"") && !week.contains("action=\"/plan/\(ids[1])/log\""), "a note logs nothing")
            #expect(!week.contains("action=\"/plan/\(ids[2])/log\""), "tomorrow is not eaten yet")

            // Today shows what lunch plans, with its tap, until it is logged.
            let today = try await client.get("/today").text
            #expect(today.contains("action=\"/plan/\(ids[0])/log\"") && today.contains("1.5 servings · 750 kcal"))
            #expect(!today.contains("Eat out with Jo"), "a note is the plan's, not the day's")
            let fromToday = try await client.postForm("/plan/\(ids[0])/log", [("back", "/today")])
            #expect(fromToday.status == .seeOther && fromToday.headers[.location] == "/today")
            #expect(!(try await client.get("/today").text.contains("action=\"/plan/\(ids[0])/log\"")))
            let logged = try await client.postForm("/plan/\(ids[0])/log", [])
            #expect(logged.status == .seeOther && logged.headers[.location] == "/plan?week=2026-03-09&notice=logged#day-2026-03-09")
            let meals = try await database.read { db in try MealQueries.meals(db, from: nil, through: nil) }
            // Lunch, now (12:34 is lunch time), with one and a half servings of 405 g: 607.5 g, 750 kcal.
            let meal = try #require(meals.first)
            #expect(meals.count == 1 && meal.eatenAt.description == "2026-03-09T12:34")
            let entry = try #require(try await database.read { db in try MealQueries.mealFoods(db, mealID: meal.id) }?.entries.first)
            #expect(entry.food.description == "Chili" && entry.grams == 607.5 && entry.nutrients[.energyKcal] == 750)
            #expect(entry.portionLabel.hasPrefix("1.5 × 1 serving"), "\(entry.portionLabel)")

            // A second tap changes nothing; the plan says where it went.
            try await client.postForm("/plan/\(ids[0])/log", [])
            #expect(try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM meal") } == 1)
            #expect(try await client.get("/plan").text.contains("href=\"/meals/\(meal.id)\""))
            #expect(try await client.postForm("/plan/\(ids[2])/log", []).status == .conflict)

            // Changed before logging: servings; a bad number is shown in its day's card.
            #expect(try await client.postForm("/plan/\(ids[2])/servings", [("servings", "3")]).status == .seeOther)
            #expect(Self.card(try await client.get("/plan").text, "2026-03-10").contains("1,500 kcal"))
            let bad = try await client.postForm("/plan/\(ids[2])/servings", [("servings", "lots")])
            #expect(bad.status == .unprocessableContent && Self.card(bad.text, "2026-03-10").contains("role=\"alert\""))
            #expect(try await client.postForm("/plan/9999/log", []).status == .notFound)

            // A planned food's amount, changed as typed; a recipe has servings instead.
            let egg = FoodSnapshot(
                dataType: .handTyped, catalogFoodID: nil, ndbNumber: nil, description: "Boiled egg", brandOwner: nil, basisGrams: 100,
                basis: NutrientValues([.energyKcal: 150]))
            let eggID = try #require(
                try await database.plan(
                    .food(egg, ChosenAmount(grams: 50, label: "1 egg")), on: LocalDate(parsing: "2026-03-11")!,
                    slot: .breakfast, now: TestEnvironment.fixedNow))
            #expect(Self.card(try await client.get("/plan").text, "2026-03-11").contains("1 egg · 75 kcal"))
            #expect(try await client.postForm("/plan/\(eggID)/amount", [("amount", "120 g")]).status == .seeOther)
            #expect(Self.card(try await client.get("/plan").text, "2026-03-11").contains("120 g · 180 kcal"))
            let tooMuch = try await client.postForm("/plan/\(eggID)/amount", [("amount", "9 kg")])
            #expect(tooMuch.status == .unprocessableContent && Self.card(tooMuch.text, "2026-03-11").contains("role=\"alert\""))
            #expect(try await client.postForm("/plan/\(ids[2])/amount", [("amount", "120 g")]).status == .notFound)
        }
    }

    /// A day that plans most of itself shows what it falls short on; the add page refuses a bad
    /// note where it was typed; copying a day and last week adds beside what is there.
    @Test func shortfallsNotesAndCopies() async throws {
        try await TestEnvironment.withApp { client, database in
            let chili = try await Self.chili(database)
            try await client.postForm("/goals", [("energy_kcal", "2000"), ("protein_g", "150")])
            try await Self.plan(client, recipe: chili, servings: "2", day: "2026-03-10")
            let card = Self.card(try await client.get("/plan").text, "2026-03-10")
            #expect(card.contains("of 2,000 kcal") && card.contains("Short on: Protein"), "\(card)")

            let long = String(repeating: "a", count: 201)
            let refused = try await client.postForm("/plan/add", [("day", "2026-03-10"), ("slot", "lunch"), ("note", long)])
            #expect(refused.status == .unprocessableContent && refused.text.contains("up to 200 characters") && refused.text.contains(long))

            let copied = try await client.postForm("/plan/days/2026-03-10/copy", [("to", "2026-03-17")])
            #expect(copied.headers[.location] == "/plan?week=2026-03-16&notice=copied#day-2026-03-17")
            let weekCopied = try await client.postForm("/plan/copy-last-week", [("week", "2026-03-23")])
            #expect(weekCopied.headers[.location] == "/plan?week=2026-03-23&notice=copied")
            let days = try await database.read { db in try String.fetchAll(db, sql: "SELECT day FROM planned_meal ORDER BY day") }
            #expect(days == ["2026-03-10", "2026-03-17", "2026-03-24"])
            #expect(try await client.get("/plan?week=March").status == .badRequest)
            #expect(try await client.get("/shopping?from=2026-03-01&to=2026-05-01").status == .badRequest)
        }
    }

    /// The household sees a shared plan and list, ticks it, and sees nothing once it is unshared.
    @Test func theHouseholdSharesAPlanAndItsList() async throws {
        try await TestEnvironment.withRunningApp { client, database, config, _ in
            let chili = try await Self.chili(database)
            try await Self.plan(client, recipe: chili, servings: "4", day: "2026-03-10")
            let robin = try await TestPerson.addMember("Robin", in: config)
            #expect(!(try await client.get("/shopping?from=2026-03-10&to=2026-03-10", session: robin.session).text.contains("Onions")))
            #expect(!(try await client.get("/plan", session: robin.session).text.contains("Chili")))

            try await client.postForm("/plan/sharing", [("shared", "1")])
            #expect(Self.card(try await client.get("/plan", session: robin.session).text, "2026-03-10").contains("Chili, 4 servings"))
            let list = try await client.get("/shopping?from=2026-03-10&to=2026-03-10", session: robin.session).text
            #expect(list.contains("Sam’s list") && list.contains("2 onions"))
            let diary = try #require(list.firstMatch(of: #/action="/shopping/household/(\d+)/tick"/#).map { String($0.output.1) })
            let ticked = try await client.postForm(
                "/shopping/household/\(diary)/tick", [("key", "n:onions, raw"), ("ticked", "1")], token: robin.token, session: robin.session
            )
            #expect(ticked.status == .seeOther)
            #expect(Self.item(try await client.get("/shopping?from=2026-03-10&to=2026-03-10").text, "Onions").contains("ticked"))

            try await client.postForm("/plan/sharing", [("shared", "0")])
            #expect(!(try await client.get("/shopping?from=2026-03-10&to=2026-03-10", session: robin.session).text.contains("Onions")))
            let refused = try await client.postForm(
                "/shopping/household/\(diary)/tick", [("key", "n:eggs"), ("ticked", "1")], token: robin.token, session: robin.session)
            #expect(refused.status == .notFound)
            // One's own diary is never "the household's".
            #expect(
                try await client.postForm("/shopping/household/\(diary)/tick", [("key", "n:eggs"), ("ticked", "1")]).status == .notFound)
        }
    }

    /// The plan, the list's own items and its ticks go out in an export and come back into an
    /// empty diary as they were, the recipe and the logged meal found again.
    @Test func thePlanAndListGoThroughAnExport() async throws {
        try await TestEnvironment.withApp { client, database in
            let chili = try await Self.chili(database)
            try await Self.plan(client, recipe: chili, servings: "2", day: "2026-03-09", slot: "lunch")
            try await client.postForm("/plan/add", [("day", "2026-03-10"), ("slot", "dinner"), ("note", "Eat out")])
            let id = try await database.read { db in try Int64.fetchOne(db, sql: "SELECT min(id) FROM planned_meal") }!
            try await client.postForm("/plan/\(id)/log", [])
            try await client.postForm("/shopping/items", [("name", "Kitchen roll"), ("amount", "2 packs"), ("aisle", "pantry")])
            try await client.postForm("/shopping/tick", [("key", "n:eggs"), ("ticked", "1")])

            let document = try await database.read { db in
                var document = try PortabilityQueries.document(db)
                try PortabilityQueries.forEachMeal(db) { document.meals.append($0) }
                return document
            }
            #expect(document.plannedMeals.count == 2 && document.shoppingItems.count == 1 && document.shoppingTicks.count == 1)
            let json = String(decoding: try JSONEncoder().encode(document), as: UTF8.self)
            #expect(json.contains(#""planned_meals""#) && json.contains(#""kind":"recipe""#) && json.contains(#""logged":{"#))

            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let other = try PortabilityFixtures.emptyDiary(in: directory, "other").database
            let decoded = try JSONDecoder().decode(DiaryDocument.self, from: Data(json.utf8))
            let outcome = try await other.importDocument(decoded, dryRun: false, now: TestEnvironment.fixedNow)
            #expect(outcome.plannedAdded == 2 && outcome.shoppingItemsAdded == 1)
            let back = try await other.read { db in try PortabilityQueries.document(db) }
            #expect(back.plannedMeals == document.plannedMeals, "\(back.plannedMeals) against \(document.plannedMeals)")
            #expect(back.shoppingItems == document.shoppingItems)
            #expect(back.shoppingTicks == document.shoppingTicks)
            // Twice is once.
            #expect(try await other.importDocument(document, dryRun: false, now: TestEnvironment.fixedNow).plannedAdded == 0)
        }
    }

    /// Weights and volumes as a shop sells them, in either system; eggs by the dozen.
    @Test func kitchenAmountsReadAsAShopSellsThem() {
        #expect(KitchenAmount.measure(283, unit: .grams, system: .metric) == "280 g")
        #expect(KitchenAmount.measure(1_240, unit: .grams, system: .metric) == "1.2 kg")
        #expect(KitchenAmount.measure(100, unit: .grams, system: .us) == "3.5 oz")
        #expect(KitchenAmount.measure(500, unit: .grams, system: .us) == "1.1 lb")
        #expect(KitchenAmount.measure(480, unit: .millilitres, system: .us) == "2 cups")
        #expect(KitchenAmount.measure(180, unit: .millilitres, system: .us) == "¾ cup")
        #expect(KitchenAmount.measure(30, unit: .millilitres, system: .us) == "2 tbsp")
        let nine = KitchenAmount(grams: 450, description: "Egg, whole, raw, fresh", unit: .grams, system: .metric)
        #expect(nine.text == "1 dozen eggs" && nine.needed == "9 eggs")
        let three = KitchenAmount(grams: 150, description: "Eggs", unit: .grams, system: .metric)
        #expect(three.text == "3 eggs" && three.needed == "150 g")
        #expect(KitchenAmount(grams: 1_000, description: "Beans, kidney, canned", unit: .grams, system: .metric).text == "3 cans")
        #expect(
            KitchenAmount(grams: 121, description: "Onions, raw", unit: .grams, system: .metric).text == "1 onion",
            "a tenth over is rounding")
        #expect(Aisle(group: "Spices and Herbs", name: "Spices, pepper, black") == .pantry)
        #expect(Aisle(group: nil, name: "Frozen peas") == .frozen && Aisle(group: "Cheese", name: "Cheddar") == .dairy)
    }

    static func card(_ page: String, _ day: String) -> String {
        guard let start = page.range(of: "id=\"day-\(day)\"") else { return "" }
        let rest = page[start.upperBound...]
        return String(rest[..<(rest.range(of: "</section>")?.lowerBound ?? rest.endIndex)])
    }

    static func item(_ page: String, _ name: String) -> String {
        guard let at = page.range(of: "<span class=\"shopping-item-name\">\(name)</span>") else { return "" }
        let start = page[..<at.lowerBound].range(of: "<li class=\"shopping-item", options: .backwards)?.lowerBound ?? at.lowerBound
        let rest = page[start...]
        return String(rest[..<(rest.range(of: "</li>")?.upperBound ?? rest.endIndex)])
    }

    static func section(_ page: String, _ heading: String) -> String {
        guard let start = page.range(of: "<h2>\(heading)</h2>") else { return "" }
        let rest = page[start.upperBound...]
        return String(rest[..<(rest.range(of: "</section>")?.lowerBound ?? rest.endIndex)])
    }
}

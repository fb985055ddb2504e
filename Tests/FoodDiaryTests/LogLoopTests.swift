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

/// "＋ What did you eat?": a food in one tap, the meal made with the first, undo, usual foods for
/// everyone with history whatever the hour, and a day read as breakfast, lunch, dinner and snacks.
/// The tests' clock says 2026-03-09 12:34 UTC: lunch.
@Suite struct LogLoopTests {
    static func onlyMeal(_ database: AppDatabase) async throws -> Meal {
        let meals = try await database.read { db in try MealQueries.listPage(db, page: 1)?.meals ?? [] }
        return try #require(meals.count == 1 ? meals.first : nil, "exactly one meal, not \(meals.count)")
    }

    static func redirectQuery(_ response: TestResponse) throws -> [String: String] {
        let location = try #require(response.headers[.location])
        #expect(location.hasPrefix("/log?"))
        return Dictionary(
            uniqueKeysWithValues: location.dropFirst(5).split(separator: "&").map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1)
                return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
            })
    }

    @Test func aNewAccountFindsItsFirstFoodAndOneTapMakesTheMealWithIt() async throws {
        try await TestEnvironment.withApp(withFixtureCatalog: true) { client, database in
            let empty = try await client.get("/log").text
            #expect(
                empty.contains("Search for the first thing you ate") && empty.contains(" autofocus"),
                "nothing to offer yet: the search, ready to type")
            #expect(empty.contains("A new meal: lunch, now"))

            let results = try await client.get("/log?q=banana").text
            #expect(
                results.contains("Bananas, raw") && results.contains("1 medium (140 g) · 125 kcal"),
                "no measures: a medium fruit's weight, and what that costs, before the tap")
            #expect(results.contains(#"name="source" value="catalog:9040""#))
            let butter = try await client.get("/log?q=butter").text
            #expect(butter.contains("1 tbsp (14.2 g) · 102 kcal"), "a customary tablespoon, not 100 g of butter")

            let added = try await client.postForm("/log", [("source", "catalog:9040"), ("q", "banana")])
            #expect(added.status == .seeOther)
            let query = try Self.redirectQuery(added)
            #expect(query["made"] == "1" && query["focus"] == "1", "a search's add comes back ready for the next search")
            let meal = try await Self.onlyMeal(database)
            #expect(meal.eatenAt.description == "2026-03-09T12:34" && query["meal"] == String(meal.id))
            let entries = try await SnapAndItemiseTests.entries(database, meal.id)
            #expect(
                entries.count == 1 && entries[0].grams == 140 && entries[0].nutrients[.energyKcal] == 124.6
                    && entries[0].food.catalogFoodID == 9040)

            let back = try await client.get(try #require(added.headers[.location])).text
            #expect(back.contains("✓ Added <strong>Bananas, raw</strong> · 1 medium (140 g) · 125 kcal") && back.contains(">Undo</button>"))
            #expect(back.contains("Lunch at 12:34") && back.contains(#"name="meal" value="\#(meal.id)""#), "the next food joins this meal")
            #expect(back.contains(#"id="log-q" name="q" value="" "#) && back.contains(" autofocus"))
        }
    }

    /// ＋'s page is one read, without HTTP: the target, what nothing typed offers, what words find
    /// with the amounts one tap adds, and what a tap just added.
    @Test func theLogPageIsOneReadOfTheDiaryAndTheCatalog() async throws {
        try await TestEnvironment.withConfiguredApp(withFixtureCatalog: true) { client, database, config in
            let added = try Self.redirectQuery(try await client.postForm("/log", [("source", "catalog:9040")]))
            let mealID = try #require(added["meal"].flatMap { Int64($0) })
            let diary = Diary(
                id: 1, database: database, photosDirectory: NSTemporaryDirectory() + "/fooddiary-unused-\(UUID().uuidString)",
                maxPhotoPixels: 1)
            let catalog = try CatalogDatabase.open(path: config.catalogPath)
            let targets = MealTargets(
                geonames: try GeoNamesDatabase.open(path: config.geonamesPath), timeZone: config.timeZone,
                now: { TestEnvironment.fixedNow })
            func read(_ fields: [String: String]) async throws -> LogPageRead {
                try await LogPageRead.read(FormFields(fields), diary: diary, catalog: catalog, targets: targets, searchLimit: 15)
            }

            let nothingTyped = try await read([:])
            #expect(nothingTyped.found == nil && nothingTyped.added == nil)
            #expect(nothingTyped.target.meal?.id == mealID, "the next food joins the lunch just made")
            #expect(nothingTyped.suggestions?.atThisTime.isEmpty == true, "what this meal already has is not offered for it")
            let newMeal = try await read(["new": "1"])
            #expect(newMeal.target.meal == nil)
            let usual = try #require(newMeal.suggestions)
            #expect(usual.atThisTime.map(\.description) == ["Bananas, raw"], "for another meal, the banana had at this time is usual")

            let searched = try await read(["q": "banana", "meal": String(mealID)])
            #expect(searched.suggestions == nil && searched.target.meal?.id == mealID)
            let found = try #require(searched.found)
            #expect(found.result.foods.first?.id == 9040)
            #expect(found.last[9040]?.grams == 140, "the amount last had, which the next tap adds")
            let butter = try #require(try await read(["q": "butter"]).found)
            #expect(butter.portions[1001]?.map(\.grams).contains(14.2) == true, "the catalog's measures of each food found, read with it")
            #expect(
                butter.last[1001] == nil && butter.last[9040]?.grams == 140,
                "no butter had yet; the last amounts of all foods had are read once")

            let back = try await read(["meal": String(mealID), "added": try #require(added["added"])])
            #expect(back.added?.entries.map(\.food.catalogFoodID) == [9040] && back.added?.mealID == mealID)
            let undone = try await read(["meal": String(mealID), "added": "999999"])
            #expect(undone.added == nil, "an entry no longer there reads as nothing added")
        }
    }

    @Test func laterFoodsJoinTheMealAndUndoTakesBackOneTapAtATime() async throws {
        try await TestEnvironment.withApp(withFixtureCatalog: true) { client, database in
            let first = try Self.redirectQuery(try await client.postForm("/log", [("source", "catalog:9040")]))
            let mealID = try #require(first["meal"])
            #expect(first["focus"] == nil, "not from a search: no keyboard pushed up")
            let second = try Self.redirectQuery(try await client.postForm("/log", [("meal", mealID), ("source", "catalog:1001")]))
            #expect(second["meal"] == mealID && second["made"] == nil)
            let meal = try await Self.onlyMeal(database)
            let entries = try await SnapAndItemiseTests.entries(database, meal.id)
            #expect(entries.map(\.portionLabel) == ["1 medium (140 g)", "1 tbsp (14.2 g)"])
            // A meal of this slot eaten in the last three hours takes the next "＋" without being named.
            let joined = try await client.get("/log").text
            #expect(joined.contains("Lunch at 12:34</a>"))
            // Issue 74: the meal being built, a line a food, and its total (folded on a phone, open beside the search on a desktop).
            let building = String(
                try #require(joined.firstMatch(of: /<details class="card log-building" id="log-building">(?s:.*?)<\/details>/)).0)
            #expect(building.contains("<span class=\"log-building-count\">2 foods</span>"), "\(building)")
            #expect(
                building.contains("Bananas, raw <span class=\"muted\">1 medium (140 g)</span>")
                    && building.contains("Butter, salted <span class=\"muted\">1 tbsp (14.2 g)</span>"))
            #expect(
                building.contains("Total \(kcalText(NutrientValues.sum(entries.map(\.nutrients))))")
                    && building.contains("href=\"/meals/\(meal.id)\""))

            let undoButter = try await client.postForm("/log/undo", [("entry", second["added"]!), ("meal", mealID)])
            #expect(undoButter.status == .seeOther && undoButter.headers[.location] == "/log?meal=\(mealID)")
            #expect(try await SnapAndItemiseTests.entries(database, meal.id).count == 1)
            #expect(
                try await client.postForm("/log/undo", [("entry", second["added"]!), ("meal", mealID)]).status == .notFound,
                "an undo sent twice finds nothing to take back")

            let undoFirst = try await client.postForm("/log/undo", [("entry", first["added"]!), ("meal", mealID), ("made", "1")])
            #expect(undoFirst.headers[.location] == "/log")
            #expect(
                try await database.read { db in try MealQueries.meal(db, id: meal.id) } == nil,
                "the tap that made the meal takes it back too")
            #expect(
                try await client.get("/log").text.contains(#"<details class="card log-building is-empty" id="log-building">"#),
                "a meal still to make holds its place, empty")
        }
    }

    @Test func undoNeverRemovesAMealSomethingElseWasPutIn() async throws {
        try await TestEnvironment.withApp(withFixtureCatalog: true) { client, database in
            let first = try Self.redirectQuery(try await client.postForm("/log", [("source", "catalog:9040")]))
            let mealID = try #require(first["meal"].flatMap { Int64($0) })
            _ = try await database.updateMeal(
                id: mealID,
                with: MealInput(
                    eatenAt: LocalDateTime(parsing: "2026-03-09T12:34")!, utcOffsetMinutes: 0,
                    notes: "Picnic in the park"), now: TestEnvironment.fixedNow)
            let undo = try await client.postForm("/log/undo", [("entry", first["added"]!), ("meal", String(mealID)), ("made", "1")])
            #expect(undo.headers[.location] == "/log?meal=\(mealID)")
            let meal = try await Self.onlyMeal(database)
            #expect(meal.notes == "Picnic in the park" && meal.foodCount == 0, "its notes keep it: a meal to itemise now, not gone")
        }
    }

    @Test func usualFoodsAreOfferedWhateverTheHourInTheAmountLastHad() async throws {
        try await TestEnvironment.withApp(withFixtureCatalog: true) { client, database in
            let porridge = SnapAndItemiseTests.food("Porridge", kcalPer100g: 70)
            for day in 2...4 { try await SnapAndItemiseTests.meal(database, "2026-03-0\(day)T07:45", foods: [(porridge, 300)]) }
            try await SnapAndItemiseTests.meal(
                database, "2026-03-05T12:50", foods: [(SnapAndItemiseTests.food("Lentil soup", kcalPer100g: 90), 350)])
            let broccoli = try await SnapAndItemiseTests.meal(database, "2026-03-06T19:00")
            #expect(
                try await client.postForm("/meals/\(broccoli)/foods", [("source", "catalog:11090"), ("amount", "g250")]).status == .seeOther
            )

            let page = try await client.get("/log").text
            let lunch = try #require(page.range(of: "Usual at lunch")), often = try #require(page.range(of: "Also often"))
            #expect(page[lunch.upperBound..<often.lowerBound].contains("Lentil soup"), "lunch's usual food first at lunchtime")
            #expect(
                page[often.upperBound...].contains("Porridge") && page.contains("300 g · 3 times · 210 kcal"),
                "a breakfast food still one tap away at noon")
            #expect(!page.contains(" autofocus"), "with foods to tap, the keyboard stays down")

            let entryID = try #require(
                page.firstMatch(of: /name="entry" value="(\d+)">\s*<button[^>]*aria-label="Add 300 g of Porridge"/)?.1)
            let added = try Self.redirectQuery(try await client.postForm("/log", [("entry", String(entryID))]))
            let copied = try await SnapAndItemiseTests.entries(database, try #require(added["meal"].flatMap { Int64($0) }))
            #expect(copied.count == 1 && copied[0].food == porridge && copied[0].grams == 300)

            let search = try await client.get("/log?q=broccoli").text
            #expect(search.contains("250 g, as last time"), "a searched food comes in the amount last had, not USDA's first measure")
            let broccoliAdded = try Self.redirectQuery(
                try await client.postForm("/log", [("meal", added["meal"]!), ("source", "catalog:11090")]))
            let entries = try await SnapAndItemiseTests.entries(database, Int64(broccoliAdded["meal"]!)!)
            #expect(entries.last?.grams == 250 && entries.last?.portionLabel == "250 g")
            #expect(
                try await client.postForm("/meals/\(broccoli)/foods", [("source", "catalog:11090"), ("amount", "grams"), ("grams", "120")])
                    .status == .seeOther)
            #expect(
                try await client.get("/log?q=broccoli").text.contains("120 g, as last time"),
                "the last amount kept between searches follows each new entry")
            #expect(
                !(try await client.get("/log?meal=\(added["meal"]!)").text.contains("aria-label=\"Add 300 g of Porridge\"")),
                "what the meal has is not offered again")
        }
    }

    @Test func someoneBackAfterMonthsAwayStillFindsWhatTheyHad() async throws {
        try await TestEnvironment.withApp { client, database in
            try await SnapAndItemiseTests.meal(
                database, "2025-11-02T08:10", foods: [(SnapAndItemiseTests.food("Kedgeree", kcalPer100g: 160), 250)])
            let page = try await client.get("/log").text
            #expect(page.contains("What you have often") && page.contains("Kedgeree"), "four months on, the last meals still count")
        }
    }

    @Test func aPastDaysSlotMakesItsMealOnThatDayAtTheSlotsHour() async throws {
        try await TestEnvironment.withApp(withFixtureCatalog: true) { client, database in
            let page = try await client.get("/log?day=2026-03-07&slot=breakfast").text
            #expect(page.contains("A new meal: breakfast, 08:00 on Saturday 7 March 2026"))
            #expect(page.contains(#"name="day" value="2026-03-07""#) && page.contains(#"name="slot" value="breakfast""#))
            let added = try Self.redirectQuery(
                try await client.postForm("/log", [("day", "2026-03-07"), ("slot", "breakfast"), ("source", "catalog:9040")]))
            let meal = try await Self.onlyMeal(database)
            #expect(meal.eatenAt.description == "2026-03-07T08:00" && added["meal"] == String(meal.id))
            let again = try await client.get("/log?day=2026-03-07&slot=breakfast").text
            #expect(again.contains("Breakfast at 08:00 on Saturday 7 March 2026"), "the day's breakfast takes the next food")
            #expect(again.contains("/log?day=2026-03-07&amp;slot=breakfast&amp;new=1"), "a second breakfast is one tap away")
            #expect(try await client.get("/log?day=2026-03-07&slot=breakfast&new=1").text.contains("A new meal: breakfast"))
        }
    }

    @Test func aNewMealIsWhereTheMealJustBeforeItWas() async throws {
        try await TestEnvironment.withApp(withFixtureCatalog: true) { client, database in
            let office = Coordinates(latitude: 51.5155, longitude: -0.0922)!
            try await SnapAndItemiseTests.meal(
                database, "2026-03-09T11:05", at: office, foods: [(SnapAndItemiseTests.food("Coffee", kcalPer100g: 2), 200)])
            try await SnapAndItemiseTests.meal(database, "2026-03-09T06:30", at: Coordinates(latitude: 48.85, longitude: 2.29)!)
            // 11:05 is lunch too, so without `new` the food would join that meal.
            let added = try Self.redirectQuery(try await client.postForm("/log", [("new", "1"), ("source", "catalog:9040")]))
            let meal = try #require(try await database.read { db in try MealQueries.meal(db, id: Int64(added["meal"]!)!) })
            #expect(meal.place != nil && meal.location == office, "the desk's place, from the meal 89 minutes before")
        }
    }

    @Test func yesterdaysMealOfTheSlotIsOneTapAndOneUndo() async throws {
        try await TestEnvironment.withApp(withFixtureCatalog: true) { client, database in
            let egg = SnapAndItemiseTests.food("Egg, boiled", kcalPer100g: 155), toast = SnapAndItemiseTests.food("Toast", kcalPer100g: 300)
            let yesterday = try await SnapAndItemiseTests.meal(database, "2026-03-08T13:05", foods: [(egg, 100), (toast, 40)])
            try await SnapAndItemiseTests.meal(database, "2026-03-08T19:30", foods: [(toast, 80)])
            let page = try await client.get("/log").text
            #expect(
                page.contains("Like yesterday’s lunch") && page.contains("Yesterday’s lunch at 13:05")
                    && page.contains("Egg, boiled + Toast · 275 kcal"))
            #expect(!page.contains("Yesterday’s lunch at 19:30"), "yesterday's dinner is not lunch")
            let added = try Self.redirectQuery(try await client.postForm("/log", [("like", String(yesterday))]))
            let mealID = try #require(added["meal"].flatMap { Int64($0) })
            #expect(try await SnapAndItemiseTests.entries(database, mealID).map(\.grams) == [100, 40])
            let back = try await client.get("/log?meal=\(mealID)&added=\(added["added"]!)&through=\(added["through"]!)&made=1").text
            #expect(back.contains("✓ Added <strong>Egg, boiled + Toast</strong> · 2 foods · 275 kcal") && back.contains(#"name="through""#))
            let undo = try await client.postForm(
                "/log/undo", [("entry", added["added"]!), ("through", added["through"]!), ("meal", String(mealID)), ("made", "1")])
            #expect(undo.headers[.location] == "/log")
            #expect(try await database.read { db in try MealQueries.meal(db, id: mealID) } == nil)
            #expect(try await SnapAndItemiseTests.entries(database, yesterday).count == 2, "yesterday's meal is untouched")
            #expect(try await client.postForm("/log/undo", [("entry", "5"), ("through", "4"), ("meal", "1")]).status == .badRequest)
        }
    }

    @Test func quickAddNeedsNoMealFirst() async throws {
        try await TestEnvironment.withApp(withFixtureCatalog: true) { client, database in
            #expect(try await client.postForm("/log", [("quick", "1"), ("energy_kcal", "")]).status == .unprocessableContent)
            #expect(try await client.postForm("/log", [("quick", "1"), ("energy_kcal", "lots")]).status == .unprocessableContent)
            #expect(try await database.mealCount() == 0)
            let added = try Self.redirectQuery(
                try await client.postForm("/log", [("quick", "1"), ("energy_kcal", "1,200"), ("name", "Wedding buffet 🍰")]))
            let entries = try await SnapAndItemiseTests.entries(database, try #require(added["meal"].flatMap { Int64($0) }))
            #expect(
                entries.count == 1 && entries[0].food.description == "Wedding buffet 🍰" && entries[0].nutrients[.energyKcal] == 1200
                    && entries[0].grams == nil)
        }
    }

    @Test func numbersAreReadAsTheBrowsersLanguageWritesThem() async throws {
        try await TestEnvironment.withApp { client, database in
            #expect(
                try await client.postForm("/goals", [("energy_kcal", "1.800"), ("protein_g", "72,5")], language: "de-DE,de;q=0.9").status
                    == .seeOther)
            var goals = try await database.read { db in try DailyGoals.fetch(db) }
            #expect(goals[.energyKcal] == 1800 && goals[.proteinG] == 72.5)
            #expect(
                try await client.postForm("/goals", [("energy_kcal", "1.800"), ("protein_g", "72,5")], language: "en-GB").status
                    == .seeOther)
            goals = try await database.read { db in try DailyGoals.fetch(db) }
            #expect(goals[.energyKcal] == 1.8, "in English 1.800 is one point eight")
            let quick = try Self.redirectQuery(try await client.postForm("/log", [("quick", "1"), ("energy_kcal", "0,5")], language: "fr"))
            #expect(try await SnapAndItemiseTests.entries(database, Int64(quick["meal"]!)!).first?.nutrients[.energyKcal] == 0.5)
        }
    }

    @Test func aFoodsPageAddsTheChosenAmountToTheMealChosen() async throws {
        try await TestEnvironment.withApp(withFixtureCatalog: true) { client, database in
            let fresh = try await client.get("/foods/11090?amount=p5").text
            #expect(fresh.contains(#"<option value="new" selected>A new meal now (lunch)</option>"#))
            #expect(fresh.contains(#"name="amount" value="p5""#) && fresh.contains("Add 0.5 cup, chopped or diced = 44 g</button>"))
            let made = try Self.redirectQuery(
                try await client.postForm("/log", [("source", "catalog:11090"), ("amount", "p5"), ("meal", "new")]))
            let lunch = try #require(Int64(made["meal"]!))
            #expect(try await SnapAndItemiseTests.entries(database, lunch).map(\.grams) == [44])

            let page = try await client.get("/foods/9040?amount=g125").text
            #expect(
                page.contains(#"<option value="\#(lunch)" selected>Lunch at 12:34 · Broccoli, raw</option>"#),
                "the meal \u{FF0B} would join")
            _ = try await client.postForm("/log", [("source", "catalog:9040"), ("amount", "g125"), ("meal", String(lunch))])
            #expect(try await SnapAndItemiseTests.entries(database, lunch).map(\.grams) == [44, 125])
            let wrong = try await client.postForm("/log", [("source", "catalog:9040"), ("amount", "p99"), ("meal", String(lunch))])
            #expect(wrong.status == .unprocessableContent && wrong.text.contains("not one of this food’s choices"))
            #expect(try await SnapAndItemiseTests.entries(database, lunch).count == 2)
        }
    }

    @Test func withNoMealBeforeItANewMealIsWhereThePhoneIs() async throws {
        try await TestEnvironment.withApp(withFixtureCatalog: true) { client, database in
            #expect(
                try await client.postForm("/log", [("source", "catalog:9040"), ("latitude", "91"), ("longitude", "0")]).status
                    == .badRequest)
            #expect(try await client.postForm("/log", [("source", "catalog:9040"), ("latitude", "51.5")]).status == .badRequest)
            #expect(try await database.mealCount() == 0)
            let added = try Self.redirectQuery(
                try await client.postForm("/log", [("source", "catalog:9040"), ("latitude", "51.50135"), ("longitude", "-0.14189")]))
            let meal = try #require(try await database.read { db in try MealQueries.meal(db, id: Int64(added["meal"]!)!) })
            #expect(
                meal.location == Coordinates(latitude: 51.50135, longitude: -0.14189) && meal.locationSource == .device && meal.place != nil
            )
            // The next food joins that meal: where the phone is then changes nothing.
            _ = try await client.postForm(
                "/log", [("meal", added["meal"]!), ("source", "catalog:1001"), ("latitude", "48.85"), ("longitude", "2.29")])
            #expect(try await database.read { db in try MealQueries.meal(db, id: meal.id) }?.location == meal.location)
        }
    }

    @Test func badValuesAreClearRefusals() async throws {
        try await TestEnvironment.withApp(withFixtureCatalog: true) { client, database in
            #expect(try await client.postForm("/log", [("source", "catalog:abc")]).status == .badRequest)
            #expect(try await client.postForm("/log", [("source", "")]).status == .badRequest)
            #expect(try await client.postForm("/log", [("source", "catalog:424242")]).status == .notFound)
            #expect(try await client.postForm("/log", [("entry", "99999")]).status == .notFound)
            #expect(try await client.postForm("/log", [("meal", "99999"), ("source", "catalog:9040")]).status == .notFound)
            #expect(try await client.postForm("/log", [("day", "yesterday"), ("source", "catalog:9040")]).status == .badRequest)
            #expect(try await client.get("/log?day=2026-02-30").status == .badRequest)
            #expect(try await client.postForm("/log/undo", [("entry", "1")]).status == .badRequest)
            #expect(try await client.postForm("/log/undo", [("entry", "1"), ("meal", "1")]).status == .notFound)
            let meals = try await database.read { db in try MealQueries.listPage(db, page: 1)?.meals ?? [] }
            #expect(meals.isEmpty, "no refused tap leaves a meal behind")
            #expect(try await client.get("/log?q=%26%20%C3%A9%F0%9F%8D%8C").status == .ok)
        }
    }

    @Test func thePersonNamesTheirDaysMeals() async throws {
        try await TestEnvironment.withApp { client, database in
            try await SnapAndItemiseTests.meal(
                database, "2026-03-09T16:10", foods: [(SnapAndItemiseTests.food("Scone", kcalPer100g: 360), 70)])
            let renamed = try await client.postForm(
                "/meal-names",
                [
                    ("slot_breakfast", "Breakfast"), ("slot_lunch", "  "), ("slot_dinner", "Supper"),
                    ("slot_snacks", "Tea & cake 🍰")
                ])
            #expect(renamed.status == .seeOther && renamed.headers[.location] == "/goals?notice=meal_names")
            let today = try await client.get("/today").text
            #expect(
                today.contains(#"aria-label="Tea &amp; cake 🍰""#) && today.contains("Supper") && today.contains(#"aria-label="Lunch""#),
                "a blank name is the usual one")
            #expect(today.contains(#"aria-label="Add to Tea &amp; cake 🍰""#) && today.contains(#"aria-label="Add to lunch""#))
            #expect(try await client.get("/log?slot=dinner").text.contains("A new meal: Supper, 19:00"))
            #expect(try await client.get("/goals").text.contains(#"name="slot_dinner" value="Supper""#))
            let long = try await client.postForm("/meal-names", [("slot_dinner", String(repeating: "é", count: 41))])
            #expect(long.status == .unprocessableContent && long.text.contains("Keep “Dinner” to 40 characters."))
            #expect(try await client.get("/today").text.contains("Supper"), "a refused name changes nothing")
            _ = try await client.postForm("/meal-names", [("slot_dinner", "Dinner")])
            let stored = try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM meal_slot_name") }
            #expect(stored == 0, "names put back are forgotten, not stored")
        }
    }

    @Test func aDayReadsAsBreakfastLunchDinnerAndSnacksEachWithItsOwnAdd() async throws {
        try await TestEnvironment.withApp { client, database in
            let egg = SnapAndItemiseTests.food("Egg, boiled", kcalPer100g: 155), toast = SnapAndItemiseTests.food("Toast", kcalPer100g: 300)
            try await SnapAndItemiseTests.meal(database, "2026-03-09T07:40", foods: [(egg, 100), (toast, 30), (toast, 30), (egg, 40)])
            try await SnapAndItemiseTests.meal(database, "2026-03-09T19:10", foods: [(toast, 60)])
            try await SnapAndItemiseTests.meal(database, "2026-03-09T23:30")
            let page = try await client.get("/today").text
            let order = ["aria-label=\"Breakfast\"", "aria-label=\"Lunch\"", "aria-label=\"Dinner\"", "aria-label=\"Snacks\""].map {
                page.range(of: $0)?.lowerBound
            }
            #expect(order.allSatisfy { $0 != nil } && order.map { $0! } == order.map { $0! }.sorted())
            // Issue 60: a day lists each meal's foods, so its heading does not name them again (issue
            // 74: their names are for a folded list alone, and a day of five foods is not folded).
            #expect(
                page.components(separatedBy: #"<span class="entry-name">Toast</span>"#).count == 4
                    && !page.contains("meal-row-foods\">Egg, boiled"))
            #expect(
                page.contains(
                    #"open><summary><span class="fold-open">Foods</span><span class="fold-names">Egg, boiled + Toast + Toast + 1 more</span>"#
                ))
            #expect(page.contains("Breakfast <span class=\"day-slot-kcal\">397 kcal</span>"))
            #expect(page.contains("href=\"/log?day=2026-03-09&amp;slot=lunch\" aria-label=\"Add to lunch\""))
            let list = try await client.get("/").text
            #expect(list.contains("Egg, boiled + Toast + Toast + 1 more") && list.contains("No foods yet"))
        }
    }
}

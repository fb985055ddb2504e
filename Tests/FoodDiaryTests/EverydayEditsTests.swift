import FoodDiaryBase
@testable import FoodDiaryCatalog
import Foundation
import HummingbirdTesting
import Testing
@testable import FoodDiary
import FoodDiaryWeb

/// Issue 60: an amount changed where the food is listed and back there afterwards; a meal's page
/// that leads with its foods and names the way back; one Settings page; a recipe's serving logged
/// from its page; yesterday's meal added once.
@Suite struct EverydayEditsTests {
    @Test func aWayBackIsAPathOnThisSiteOnly() {
        for path in ["/today", "/days/2026-03-09", "/log?meal=3&added=9", "/meals/3?back=/today"] {
            #expect(ReturnPath.local(path) == path)
        }
        for hostile in [
            nil, "", "today", "//evil.example/x", "/\\evil.example", "https://evil.example", "/\t/evil.example", "/a b",
            "javascript:alert(1)",
            "/" + String(repeating: "a", count: 2_000)
        ] {
            #expect(ReturnPath.local(hostile) == nil, "\(hostile ?? "nil")")
        }
        #expect(ReturnPath.adding("changed", "9", to: "/today") == "/today?changed=9")
        #expect(
            ReturnPath.adding("changed", "9", to: "/log?meal=3&changed=4&added=9#x") == "/log?meal=3&added=9&changed=9#x",
            "one of each, the new one")
        #expect(
            ReturnPath.adding("back", "/log?meal=3&added=9", to: "/meals/3/foods/9") == "/meals/3/foods/9?back=/log%3Fmeal%3D3%26added%3D9")
    }

    /// Issue 74: a full day fits two phone screens: beyond six foods each meal folds to its foods'
    /// names, but for the one whose amount was just changed.
    @Test func aFullDayFoldsAllButItsLastMealsFoods() async throws {
        try await TestEnvironment.withApp(withFixtureCatalog: true) { client, database in
            var meals: [Int64] = []
            for time in ["08:00", "12:30", "19:00", "21:45"] {
                let meal = try await database.addMeal("2026-03-09T\(time)")
                for _ in 0..<2 { try await client.postForm("/meals/\(meal)/foods", [("source", "catalog:11090"), ("amount", "g125")]) }
                meals.append(meal)
            }
            let folds = { (page: String) in
                page.matches(of: #/<details class="day-meal-foods" data-fold="diary-1-meal-(\d+)"( open)?>/#).map {
                    (Int64($0.output.1)!, $0.output.2 != nil)
                }
            }
            let today = try await client.get("/today").text
            #expect(folds(today).map(\.0) == meals && folds(today).map(\.1) == [false, false, false, false], "\(folds(today))")
            #expect(today.contains(#"<span class="fold-names">Broccoli, raw + Broccoli, raw</span>"#), "a folded meal names its foods")
            let first = try #require(try await FoodEntryTests.meal(client, meals[0]).foods.first?.id)
            let back = try await client.get("/today?changed=\(first)").text
            #expect(folds(back).map(\.1) == [true, false, false, false], "the food just changed is in view")
        }
    }

    @Test func anAmountChangedFromTodayGoesBackThereWithTheFoodMarked() async throws {
        try await TestEnvironment.withApp(withFixtureCatalog: true) { client, database in
            let meal = try await database.addMeal("2026-03-09T12:30")
            try await client.postForm("/meals/\(meal)/foods", [("source", "catalog:11090"), ("amount", "g125")])
            let entry = try await FoodEntryTests.meal(client, meal).foods[0].id
            let today = try await client.get("/today").text
            #expect(today.contains(#"<li id="entry-\#(entry)"><a href="/meals/\#(meal)/foods/\#(entry)?back=/today" data-amount-editor>"#))
            #expect(
                today.contains(#"<details class="day-meal-foods" data-fold="diary-1-meal-\#(meal)" open>"#),
                "a day's foods are listed, each one tap from its amount")

            let page = try await client.get("/meals/\(meal)/foods/\(entry)?back=/today").text
            #expect(page.contains(#"<input type="hidden" name="back" value="/today">"#) && page.contains("← Today"))
            let form = try #require(page.range(of: "Save amount")), nutrients = try #require(page.range(of: "Nutrients in this amount"))
            #expect(form.lowerBound < nutrients.lowerBound, "the amount comes first on the food's page")

            let changed = try await client.postForm("/meals/\(meal)/foods/\(entry)", [("amount", "p1"), ("count", "2"), ("back", "/today")])
            #expect(changed.status == .seeOther && changed.headers[.location] == "/today?changed=\(entry)#entry-\(entry)")
            let after = try await client.get("/today?changed=\(entry)").text
            #expect(after.contains(#"<li id="entry-\#(entry)" class="is-changed">"#) && after.contains("2 × 1 cup chopped (182 g)"))

            let refused = try await client.postForm(
                "/meals/\(meal)/foods/\(entry)", [("amount", "grams"), ("grams", "0"), ("back", "/today")])
            #expect(
                refused.status == .unprocessableContent && refused.text.contains(#"name="back" value="/today""#),
                "a refusal keeps the way back")

            // Another site, however spelled, is never where a change goes: the food's own page is.
            for hostile in ["//evil.example/x", "/\\evil.example", "https://evil.example/"] {
                let response = try await client.postForm("/meals/\(meal)/foods/\(entry)", [("amount", "g125"), ("back", hostile)])
                #expect(response.headers[.location] == "/meals/\(meal)/foods/\(entry)?notice=amount", "\(hostile)")
            }

            let removed = try await client.postForm("/meals/\(meal)/foods/\(entry)/delete", [("back", "/meals/\(meal)?back=/today")])
            #expect(removed.headers[.location] == "/meals/\(meal)?back=/today")
            #expect(try await FoodEntryTests.meal(client, meal).foods.isEmpty)
        }
    }

    @Test func aMealsPageLeadsWithItsFoodsAndNamesTheWayBack() async throws {
        try await TestEnvironment.withApp(withFixtureCatalog: true) { client, database in
            let meal = try await database.addMeal("2026-03-09T12:30", notes: "At the desk")
            try await client.postForm("/meals/\(meal)/foods", [("source", "catalog:11090"), ("amount", "g125")])
            let entry = try await FoodEntryTests.meal(client, meal).foods[0].id
            let fromToday = try await client.get("/meals/\(meal)?back=/today").text
            #expect(fromToday.contains(#"<nav class="crumbs"><a href="/today">← Today</a></nav>"#))
            let foods = try #require(fromToday.range(of: #"id="foods""#)), notes = try #require(fromToday.range(of: "At the desk"))
            let place = try #require(fromToday.range(of: #"id="location""#))
            #expect(foods.lowerBound < notes.lowerBound && foods.lowerBound < place.lowerBound, "the foods come first")
            #expect(
                fromToday.contains("/meals/\(meal)/foods/\(entry)?back=/meals/\(meal)%3Fback%3D/today"),
                "a food's change comes back here, and this page's way back stays")
            #expect(try await client.get("/meals/\(meal)?back=/days/2026-03-08").text.contains("← Sunday 8 March 2026"))
            for missing in ["", "?back=https://evil.example", "?back=//evil.example"] {
                #expect(
                    try await client.get("/meals/\(meal)\(missing)").text.contains(#"<a href="/#day-2026-03-09">← All meals</a>"#),
                    "\(missing)")
            }
        }
    }

    @Test func unitsAndEveryOtherSettingAreOnePageAwayFromMoreAndAccount() async throws {
        try await TestEnvironment.withApp { client, _ in
            #expect(try await client.get("/more").text.contains(#"<a href="/settings">Settings"#))
            #expect(try await client.get("/account").text.contains(#"<a href="/settings">Settings</a>"#))
            let settings = try await client.get("/settings")
            #expect(settings.status == .ok)
            for link in [
                "/settings/body", "/goals#meal-names", "/goals", "/energy", "/settings/nutrients", "/settings/food-data-central",
                "/settings/model"
            ] {
                #expect(settings.text.contains(#"<a href="\#(link)">"#), "\(link)")
            }
            let dark = try await client.postForm("/settings/appearance", [("scheme", "dark"), ("back", "/settings#appearance")])
            #expect(dark.headers[.location] == "/settings#appearance")
            let elsewhere = try await client.postForm("/settings/appearance", [("scheme", "light"), ("back", "//evil.example")])
            #expect(elsewhere.headers[.location] == "/more#appearance")
        }
    }

    @Test func aRecipesServingsAreLoggedFromItsPageIntoTheMealChosen() async throws {
        try await TestEnvironment.withApp(withFixtureCatalog: true) { client, database in
            let created = try await client.postMultipart("/recipes", fields: [("name", "Banana oat bake"), ("servings", "4")])
            let recipe = try #require(created.headers[.location].flatMap { $0.firstMatch(of: /\/recipes\/(\d+)/) }.map { String($0.1) })
            let empty = try await client.get("/recipes/\(recipe)").text
            #expect(!empty.contains("recipe-log-form"), "nothing to log before an ingredient")
            try await client.postForm("/recipes/\(recipe)/ingredients", [("source", "catalog:9040"), ("amount", "g250")])
            let page = try await client.get("/recipes/\(recipe)").text
            // 12:34 on 9 March: lunch of today is chosen.
            #expect(
                page.contains(#"<option value="lunch" selected>Lunch</option>"#) && page.contains(#"value="2026-03-09" max="2026-03-09""#))
            let logged = try await client.postForm(
                "/log",
                [
                    ("source", "recipe:\(recipe)"), ("amount", "serving"), ("count", "1.5"),
                    ("slot", "dinner"), ("day", "2026-03-08")
                ])
            #expect(logged.status == .seeOther && logged.headers[.location]?.hasPrefix("/log?meal=") == true)
            let meals = try await database.read { db in try MealQueries.listPage(db, page: 1) }
            let meal = try #require(meals?.meals.first)
            #expect(meal.eatenAt.description == "2026-03-08T19:00", "yesterday's dinner, at its usual hour")
            let food = try await FoodEntryTests.meal(client, meal.id).foods[0]
            // 250 g of banana makes 4 servings: 1.5 servings is 93.75 g.
            #expect(food.grams == 93.75 && food.portion.hasPrefix("1.5 × 1 serving"), "\(food.portion)")
        }
    }

    @Test func yesterdaysMealOnceAddedSaysSoInsteadOfOfferingItAgain() async throws {
        try await TestEnvironment.withApp(withFixtureCatalog: true) { client, database in
            let yesterday = try await database.addMeal("2026-03-08T12:40")
            try await client.postForm("/meals/\(yesterday)/foods", [("source", "catalog:9040"), ("amount", "g125")])
            let before = try await client.get("/log?day=2026-03-09&slot=lunch").text
            #expect(before.contains(#"name="like" value="\#(yesterday)""#))
            let added = try await client.postForm("/log", [("day", "2026-03-09"), ("slot", "lunch"), ("like", "\(yesterday)")])
            let location = try #require(added.headers[.location])
            #expect(location.contains("&liked=\(yesterday)"))
            let after = try await client.get(location).text
            #expect(
                !after.contains(#"name="like" value="\#(yesterday)""#) && after.contains(#"<span class="log-row-done-text">✓ Added</span>"#)
            )
            #expect(after.contains("Undo adding Yesterday’s lunch at 12:40"))
        }
    }

    @Test func aFoodOpenedFromPlusAddsWhereItWasAddingAndTakesAWeight() async throws {
        try await TestEnvironment.withApp(withFixtureCatalog: true) { client, database in
            let plus = try await client.get("/log?day=2026-03-08&slot=dinner&q=banana").text
            #expect(plus.contains(#"href="/foods/9040?day=2026-03-08&amp;slot=dinner""#), "the name keeps yesterday's dinner")
            let page = try await client.get("/foods/9040?day=2026-03-08&slot=dinner").text
            #expect(page.contains(#"<input type="hidden" name="day" value="2026-03-08"><input type="hidden" name="slot" value="dinner">"#))
            #expect(page.contains("A new meal: dinner, Sunday 8 March 2026") && page.contains("← What did you eat?"))
            #expect(page.contains(#"day=2026-03-08&amp;slot=dinner""#), "choosing another amount keeps the meal")
            let added = try await client.postForm(
                "/log",
                [
                    ("source", "catalog:9040"), ("amount", "g100"), ("grams", "150"), ("meal", "new"),
                    ("day", "2026-03-08"), ("slot", "dinner")
                ])
            #expect(added.status == .seeOther)
            let meal = try #require(try await database.read { db in try MealQueries.listPage(db, page: 1) }?.meals.first)
            #expect(meal.eatenAt.description == "2026-03-08T19:00")
            #expect(try await FoodEntryTests.meal(client, meal.id).foods[0].grams == 150, "the weight typed, not the chip chosen")
        }
    }

    /// One tap's customary serving names a measure in fewer words than USDA ("2 cups (182 g)" of
    /// its "1 cup chopped"): changing it opens on that measure and count, not on grams.
    @Test func theAmountOpensOnTheMeasureOneTapAdded() async throws {
        try await TestEnvironment.withRunningApp(withFixtureCatalog: true) { client, database, config, _ in
            let catalog = try CatalogDatabase.open(path: config.catalogPath)
            let broccoli = try await catalog.read { db in try FoodDetails.fetch(db, id: 11090)! }
            let meal = try await database.addMeal("2026-03-09T12:30")
            for (label, count) in [("2 cups (182 g)", "2"), ("1 cup (91 g)", "1")] {
                let entry = try #require(
                    try await database.addEntry(
                        mealID: meal, food: FoodSnapshot(catalogFood: broccoli),
                        amount: ChosenAmount(grams: Double(count)! * 91, label: label), now: TestEnvironment.fixedNow))
                let page = try await client.get("/meals/\(meal)/foods/\(entry)").text
                #expect(page.contains(#"value="p1" data-grams="91.0" aria-labelledby="amount-legend amount-p1" checked"#), "\(label)")
                #expect(page.contains(#"name="count" inputmode="decimal" autocomplete="off" value="\#(count)""#), "\(label)")
            }
        }
    }

    @Test func theFirstPageOfAPersonHasTheBoxReady() async throws {
        try await TestEnvironment.withApp { client, _ in
            let welcome = try await client.get("/today?welcome=1").text
            #expect(
                welcome.contains(#"autofocus aria-describedby="say-it-hint""#)
                    && welcome.contains(#"<p class="say-it-hint" id="say-it-hint">"#))
            let later = try await client.get("/today").text
            #expect(!later.contains("autofocus") && !later.contains("say-it-hint"), "only the first visit takes the focus")
        }
    }
}

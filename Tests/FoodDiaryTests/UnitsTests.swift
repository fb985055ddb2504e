import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import FoodDiary
import FoodDiaryBase
import GRDB

/// kcal or kJ, metric or US amounts (issue 40): chosen once, read on every page and in the API,
/// typed in either, stored in kcal and grams.
@Suite struct UnitsTests {
    static func chooseKilojoules(_ client: some TestClientProtocol) async throws {
        let saved = try await client.postForm("/settings/body", [("units", "metric"), ("energy", "kJ"), ("glass", "330")])
        #expect(saved.status == .seeOther)
    }

    /// A route's path with its parameters filled in: the banana for a catalog food, the seeded
    /// day, and the first of everything else.
    static func samplePath(_ pattern: String) -> String {
        let catalogFood = pattern.hasPrefix("/foods/:") || pattern.hasPrefix("/api/foods/:")
        return pattern.split(separator: "/", omittingEmptySubsequences: false).map { part -> String in
            switch part {
            case ":id" where catalogFood: "9040"
            case ":date": "2026-03-09"
            case ":key": "weight"
            case ":sha256", ":size", ":name", ":token": "x"
            default: part.hasPrefix(":") ? "1" : String(part)
            }
        }.joined(separator: "/")
    }

    /// The guard: with kJ chosen, no page any route answers says kcal, and no answer of the API
    /// names it; the settings page alone offers it back.
    @Test func onceKilojoulesAreChosenNoPageOrAnswerSaysKcal() async throws {
        try await TestEnvironment.withRunningApp(withFixtureCatalog: true) { client, database, _, routes in
            let meal = try await database.addMeal("2026-03-09T12:30", notes: "Lunch")
            try await client.postForm("/meals/\(meal)/foods", [("source", "catalog:9040"), ("amount", "g500")])
            try await client.postForm("/log", [("quick", "1"), ("energy_kcal", "300"), ("meal", "\(meal)")])
            try await client.postForm("/goals", [("energy_kcal", "2000")])
            try await client.postForm("/saved-foods", [("catalog_food", "9040")])
            try await client.postMultipart("/my-foods", fields: MyFoodsAndRecipesTests.granola)
            try await client.postMultipart("/recipes", fields: [("name", "Bake"), ("servings", "4")])
            try await client.postForm("/recipes/1/ingredients", [("source", "catalog:9040"), ("amount", "g250")])
            try await database.addMeal("2026-03-09T19:00", notes: "Dinner to itemise")
            try await Self.chooseKilojoules(client)

            var pagesInKilojoules = 0
            for route in routes where route.methods.contains(.get) && route.path != "/settings/body" {
                let path = Self.samplePath(route.path)
                let response = try await client.get(
                    path + (path.hasPrefix("/foods") || path.hasSuffix("/new") || path.hasSuffix("/online") ? "?q=banana" : ""))
                // Class names ("entry-kcal") and field names (energy_kcal) are the stylesheet's and
                // the form's, read by nobody; the tests' own words are left out too.
                let said = response.text.replacing(#/\s(class|id|for|name)="[^"]*"/#, with: "")
                if let at = said.firstRange(of: /kcal|Kcal/) {
                    Issue.record(
                        "\(path) still speaks kcal: …\(said[(said.index(at.lowerBound, offsetBy: -80, limitedBy: said.startIndex) ?? said.startIndex)..<at.upperBound])"
                    )
                }
                if response.text.contains(" kJ") || response.text.contains("energyKj") { pagesInKilojoules += 1 }
            }
            #expect(pagesInKilojoules > 20, "the day, meal, foods, trends, API… speak kJ")

            let day = try await client.get("/days/2026-03-09").text
            // 500 g of banana: 445 kcal = 1,861.88 kJ; and 300 kcal typed as such before the switch.
            #expect(day.contains("1,862 kJ") && day.contains("1,255 kJ"))
            #expect(try await client.get("/today").status == .ok)
        }
    }

    /// The guard for amounts: with US units chosen, no page any route answers writes an amount
    /// of food in grams or a drink in millilitres. Nutrients stay in grams, as US labels print
    /// them, so the food amounts here are numbers no nutrient of these foods comes to.
    @Test func onceUSAmountsAreChosenNoPageWritesAFoodInGrams() async throws {
        try await TestEnvironment.withRunningApp(withFixtureCatalog: true) { client, database, _, routes in
            let meal = try await database.addMeal("2026-03-09T12:30", notes: "Lunch")
            try await client.postForm("/meals/\(meal)/foods", [("source", "catalog:9040"), ("amount", "grams"), ("grams", "137")])
            try await client.postForm("/meals/\(meal)/foods", [("source", "catalog:9040"), ("amount", "g500")])
            try await client.postMultipart(
                "/my-foods", fields: MyFoodsAndRecipesTests.granola.map { $0.0 == "serving_grams" ? ($0.0, "43") : $0 })
            try await client.postForm("/meals/\(meal)/foods", [("source", "my:1"), ("amount", "serving"), ("count", "1")])
            try await client.postForm("/saved-foods", [("catalog_food", "9040")])
            try await client.postMultipart("/recipes", fields: [("name", "Bake"), ("servings", "4")])
            try await client.postForm("/recipes/1/ingredients", [("source", "catalog:9040"), ("amount", "grams"), ("grams", "270")])
            try await client.postForm("/water", [("millilitres", "330")])
            try await database.addMeal("2026-03-09T19:00", notes: "Dinner to itemise")
            #expect(try await client.postForm("/settings/body", [("units", "us"), ("energy", "kcal"), ("glass", "12")]).status == .seeOther)

            // 137, 500, 43, 270 and a quarter of 270; banana's own measures (1 cup mashed is 225 g…)
            // are written after "=" or inside brackets.
            let foodInGrams = #/(?:^|[^\d.,])(137|500|43|270|67\.5)\s?g\b|[=(]\s?[\d.,]+\s?g\b|\d\s?ml\b/#
            var pagesInOunces = 0
            for route in routes where route.methods.contains(.get) && route.path != "/settings/body" {
                let path = Self.samplePath(route.path)
                guard !path.hasPrefix("/api") && !path.hasPrefix("/fdc") else { continue }
                let response = try await client.get(
                    path + (["/foods", "/log"].contains { path.hasPrefix($0) } || path.hasSuffix("/new") ? "?q=banana" : ""))
                let said = response.text.replacing(#/<[^>]*>/#, with: "")
                for match in said.matches(of: foodInGrams) {
                    let context = said[
                        (said.index(match.range.lowerBound, offsetBy: -60, limitedBy: said.startIndex) ?? said.startIndex)..<match.range
                            .upperBound]
                    Issue.record("\(path) writes a food in metric: …\(context.replacing(#/\s+/#, with: " "))")
                }
                if said.contains(" oz") { pagesInOunces += 1 }
            }
            #expect(pagesInOunces > 10)
        }
    }

    @Test func energyTypedInKilojoulesIsStoredInKcalAndShownAsTyped() async throws {
        try await TestEnvironment.withFixtureApp { client, database in
            try await Self.chooseKilojoules(client)
            #expect(try await client.postForm("/goals", [("energy_kcal", "8400")]).status == .seeOther)
            let goal = try #require(try await database.read { db in try DailyGoals.fetch(db) }[.energyKcal])
            #expect(goal == 8400 / 4.184)
            #expect(try await client.get("/goals").text.contains(#"value="8400""#), "the goal comes back as typed")
            let tooMuch = try await client.postForm("/goals", [("energy_kcal", "90000")])
            #expect(tooMuch.status == .unprocessableContent && tooMuch.text.contains("a daily energy goal in kJ from 0.42 to 83,680"))

            let meal = try await database.addMeal("2026-03-09T12:30", notes: "Lunch")
            #expect(try await client.postForm("/meals/\(meal)/estimate", [("kcal", "2500")]).status == .seeOther)
            let stored = try #require(try await database.read { db in try Double.fetchOne(db, sql: "SELECT energy_kcal FROM food_entry") })
            #expect(stored == 2500 / 4.184)
            let page = try await client.get("/meals/\(meal)").text
            #expect(page.contains("2,500 kJ"))

            // Back to kcal: the same stored values, in kcal.
            try await client.postForm("/settings/body", [("units", "metric"), ("energy", "kcal"), ("glass", "330")])
            #expect(try await client.get("/meals/\(meal)").text.contains("598 kcal"))
            #expect(try await client.get("/goals").text.contains(#"value="2007.65""#))
        }
    }

    @Test func theAPINamesItsEnergyUnitAndAScriptMayAskForEither() async throws {
        try await TestEnvironment.withFixtureApp { client, database in
            let meal = try await database.addMeal("2026-03-09T12:30", notes: "Lunch")
            try await client.postForm("/meals/\(meal)/foods", [("source", "catalog:9040"), ("amount", "g100")])
            func energy(_ uri: String) async throws -> (kcal: Double?, kJ: Double?) {
                let json = try #require(try JSONSerialization.jsonObject(with: Data(try await client.get(uri).text.utf8)) as? [String: Any])
                let totals = try #require(json["totals"] as? [String: Any])
                return (totals["energyKcal"] as? Double, totals["energyKj"] as? Double)
            }
            #expect(try await energy("/api/days/2026-03-09") == (89, nil))
            try await Self.chooseKilojoules(client)
            let kilojoules = try await energy("/api/days/2026-03-09")
            #expect(kilojoules.kcal == nil && abs(kilojoules.kJ! - 372.376) < 1e-9)
            #expect(try await energy("/api/days/2026-03-09?energy=kcal") == (89, nil), "a script may keep kcal")
            let search = try await client.get("/api/foods/search?q=banana").text
            #expect(search.contains("\"energyKjPer100g\":372.376") && !search.contains("energyKcal"))
            let wrong = try await client.get("/api/days/2026-03-09?energy=calories")
            #expect(wrong.status == .badRequest && wrong.text.contains("kcal or kJ"))
        }
    }

    /// The API's amounts follow the person's system under names that say it, as its energy does:
    /// a script written for grams finds no `grams` rather than a number in ounces. The catalog's
    /// own facts (per 100 g, a portion's gramWeight) stay as USDA gives them.
    @Test func theAPIWritesAmountsInThePersonsSystemAndAScriptMayAskForEither() async throws {
        try await TestEnvironment.withRunningApp(withFixtureCatalog: true) { client, database, _, routes in
            let meal = try await database.addMeal("2026-03-09T12:30", notes: "Lunch")
            try await client.postForm("/meals/\(meal)/foods", [("source", "catalog:9040"), ("amount", "grams"), ("grams", "137")])
            try await client.postMultipart("/my-foods", fields: MyFoodsAndRecipesTests.granola)
            try await client.postMultipart("/recipes", fields: [("name", "Bake"), ("servings", "4")])
            try await client.postForm("/recipes/1/ingredients", [("source", "catalog:9040"), ("amount", "g250")])
            try await client.postForm("/body/weight", [("value", "80")])
            try await client.postForm("/water", [("millilitres", "330")])
            try await client.postForm("/settings/body", [("units", "us"), ("energy", "kcal"), ("glass", "12"), ("water_goal", "64")])

            func json(_ uri: String) async throws -> [String: Any] {
                try #require(try JSONSerialization.jsonObject(with: Data(try await client.get(uri).text.utf8)) as? [String: Any])
            }
            func food(_ uri: String) async throws -> [String: Any] {
                let meals = try #require(try await json(uri)["meals"] as? [[String: Any]])
                return try #require((meals.first?["foods"] as? [[String: Any]])?.first)
            }
            let us = try await food("/api/days/2026-03-09")
            #expect(abs((us["ounces"] as? Double ?? 0) * 28.349523125 - 137) < 1e-9 && us["grams"] == nil)
            #expect(us["fluidOunces"] is NSNull && us["portion"] as? String == "4.83 oz")
            let metric = try await food("/api/days/2026-03-09?amounts=metric")
            #expect(
                metric["grams"] as? Double == 137 && metric["ounces"] == nil && metric["portion"] as? String == "137 g",
                "a script may keep grams")

            let myFoods = try #require(try await json("/api/my-foods")["myFoods"] as? [[String: Any]])
            #expect(abs((myFoods.first?["servingOunces"] as? Double ?? 0) * 28.349523125 - 40) < 1e-9)
            let recipe = try await json("/api/recipes/1")
            #expect(abs((recipe["servingOunces"] as? Double ?? 0) * 28.349523125 - 62.5) < 1e-9)
            let body = try await json("/api/body")
            #expect(body["units"] as? String == "us" && body["trendLb"] is Double && body["trendKg"] == nil)
            #expect(abs((body["waterGoalFlOz"] as? Double ?? 0) - 64) < 1e-9)
            let weight = try #require((body["measures"] as? [[String: Any]])?.first { $0["key"] as? String == "weight" })
            #expect(
                weight["unit"] as? String == "lb"
                    && abs(((weight["latest"] as? [String: Any])?["value"] as? Double ?? 0) / 2.204_622_621_8 - 80) < 1e-6)
            let drinks = try #require(try await json("/api/water")["drinks"] as? [[String: Any]])
            #expect(abs((drinks.first?["flOz"] as? Double ?? 0) * 29.5735295625 - 330) < 1e-9)
            #expect(try await client.get("/api/body?amounts=imperial").status == .badRequest)

            // Every answer of the API, but the catalog's, names no metric amount.
            let metricKey = #/"(grams|millilitres|ml|\w+(Grams|Kg|Ml))":/#
            for route in routes where route.methods.contains(.get) && route.path.hasPrefix("/api/") && !route.path.hasPrefix("/api/foods") {
                let path = Self.samplePath(route.path)
                let text = try await client.get(path).text
                #expect(text.firstMatch(of: metricKey) == nil, "\(path): \(text.prefix(300))")
            }
        }
    }

    @Test func theChoiceTravelsInTheDiaryFile() async throws {
        try await TestEnvironment.withFixtureApp { client, database in
            try await Self.chooseKilojoules(client)
            let document = try await database.read { db in try PortabilityQueries.document(db) }
            #expect(document.bodySettings?.energyUnit == "kJ")
        }
    }

    @Test func anAmountTypedInEitherSystemIsStoredInGrams() {
        func typed(_ text: String, _ measure: MeasureUnit = .grams) -> Result<(stored: Double, label: String), TypedAmount.Problem> {
            TypedAmount.parse(text, measure: measure, range: ChosenAmount.gramsRange)
        }
        RequestConventions.stored.with(energy: .kcal, amounts: .us).bound {
            #expect(try! typed("4").get() == (4 * 28.349523125, "4 oz"), "a bare number is in the person's unit")
            #expect(try! typed("125 g").get() == (125, "125 g"))
            #expect(try! typed("1 LB").get() == (453.59237, "1 lb"))
            #expect(try! typed("0.5kg").get() == (500, "0.5 kg"))
            #expect(try! typed("8 fl oz", .millilitres).get() == (8 * 29.5735295625, "8 fl oz"))
            #expect(try! typed("8", .millilitres).get().label == "8 fl oz")
            #expect(typed("2 fl oz").failure?.message.contains("weighed") == true)
            #expect(typed("2 cups").failure?.message.contains("ounces eaten") == true)
            #expect(typed("200").failure?.message.contains("from 0.01 to 176.36") == true, "5,000 g is 176.37 oz")
        }
        #expect(try! typed("4").get() == (4, "4 g"), "metric elsewhere")
    }

    @Test func aPersonOnUSUnitsIsOfferedOuncesAndTypesEither() async throws {
        try await TestEnvironment.withFixtureApp { client, database in
            #expect(try await client.postForm("/settings/body", [("units", "us"), ("energy", "kcal"), ("glass", "12")]).status == .seeOther)
            let meal = try await database.addMeal("2026-03-09T12:30", notes: "Lunch")
            let page = try await client.get("/meals/\(meal)/foods/new/catalog/9040").text
            #expect(page.contains(#"value="oz4""#) && page.contains(">4 oz<") && !page.contains(#"value="g125""#))
            #expect(page.contains(">Ounces<") && page.contains("0.01–176.36"))
            let broccoli = try await client.get("/meals/\(meal)/foods/new/catalog/11090").text
            #expect(broccoli.contains("1 cup chopped = 3.21 oz"), "a measure's weight in ounces")

            for (fields, grams, label) in [
                ([("amount", "oz4")], 4 * 28.349523125, "4 oz"),
                ([("amount", "grams"), ("grams", "125 g")], 125.0, "125 g"),
                ([("amount", "grams"), ("grams", "3.5")], 3.5 * 28.349523125, "3.5 oz"),
                ([("amount", "g100")], 100.0, "100 g")
            ] {
                #expect(
                    try await client.postForm("/meals/\(meal)/foods", [("source", "catalog:9040")] + fields).status == .seeOther,
                    "\(fields)")
                let stored = try await database.read { db in
                    try Row.fetchOne(db, sql: "SELECT grams, portion_label FROM food_entry ORDER BY id DESC").map {
                        ($0[0] as Double, $0[1] as String)
                    }
                }
                #expect(stored?.0 == grams && stored?.1 == label, "\(fields)")
            }
            let wrong = try await client.postForm(
                "/meals/\(meal)/foods", [("source", "catalog:9040"), ("amount", "grams"), ("grams", "2 fl oz")])
            #expect(wrong.status == .unprocessableContent && wrong.text.contains("This food is weighed"))

            // Changing an entry starts from the amount as it was given, so saving it unchanged keeps it exactly.
            let typedEntry = try #require(
                try await database.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM food_entry WHERE portion_label = '3.5 oz'") })
            #expect(try await client.get("/meals/\(meal)/foods/\(typedEntry)").text.contains(#"value="3.5 oz""#))
            let preset = try #require(
                try await database.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM food_entry WHERE portion_label = '100 g'") })
            #expect(
                try await client.get("/meals/\(meal)/foods/\(preset)").text.contains(#"value="100 g""#),
                "a metric preset, typed in its unit")
            let usPreset = try #require(
                try await database.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM food_entry WHERE portion_label = '4 oz'") })
            #expect(
                try await client.get("/meals/\(meal)/foods/\(usPreset)").text.contains(
                    #"value="oz4" data-grams="113.3980925" aria-labelledby="amount-legend amount-oz4" checked"#))
        }
    }

    /// A label keeps the amount as chosen; a reader sees it in their units and numbers, and a
    /// form gets it back in its own unit so that saving it unchanged changes nothing.
    @Test func aLabelIsReadInThePersonsUnitsAndNumbers() {
        let labels = [
            "137 g", "4 oz", "1 cup, mashed (225 g)", "1.5 × 1 bar (64.5 g)", "68.5 g, half of 137 g",
            "1 oz (28.35 g)", "2 Tbsp", "1 serving", "0.5 kg", "250 ml", "1,234.5 g", "1 container (6 oz) (170.1 g)", "1250 g", "3,5 g",
            "2.42 oz, half of 1 cup (225 g)", "1 cup (8 fl oz) (244 g)"
        ]
        let us = RequestConventions.stored.with(energy: .kcal, amounts: .us).bound { labels.map(PortionLabel.shown) }
        #expect(
            us == [
                "4.83 oz", "4 oz", "1 cup, mashed (7.94 oz)", "1.5 × 1 bar (2.28 oz)", "2.42 oz, half of 4.83 oz",
                "1 oz", "2 Tbsp", "1 serving", "17.64 oz", "8.45 fl oz", "43.55 oz", "1 container (6 oz)", "44.09 oz", "0.12 oz",
                "2.42 oz, half of 1 cup (7.94 oz)", "1 cup (8 fl oz) (8.61 oz)"
            ], "no amount said twice")
        let metric = labels.map(PortionLabel.shown)
        #expect(
            metric == [
                "137 g", "113.4 g", "1 cup, mashed (225 g)", "1.5 × 1 bar (64.5 g)", "68.5 g, half of 137 g",
                "1 oz (28.35 g)", "2 Tbsp", "1 serving", "0.5 kg", "250 ml", "1,234.5 g", "1 container (6 oz) (170.1 g)", "1,250 g",
                "3.5 g", "68.61 g, half of 1 cup (225 g)", "1 cup (8 fl oz) (244 g)"
            ],
            "a measure's own name stays; a long number grouped, a label kept with a decimal comma read")
        let german = RequestConventions(acceptLanguage: "de-DE")
        #expect(german.bound { PortionLabel.shown("1.5 × 1 bar (1234.5 g)") } == "1,5 × 1 bar (1\u{202F}234,5 g)")
        #expect(german.bound { PortionLabel.asTyped("3.5 oz") } == "3,5 oz", "a form's number in the reader's language, its unit kept")
        #expect(RequestConventions.stored.with(energy: .kcal, amounts: .us).bound { PortionLabel.asTyped("137 g") } == "137 g")
    }

    /// A food typed from its label takes its serving size in the person's unit, or any unit
    /// written after it, and gives it back exactly.
    @Test func aServingSizeIsTypedInEitherSystemAndKeptExactly() async throws {
        try await TestEnvironment.withFixtureApp { client, database in
            func serving(_ id: Int64) async throws -> Double? {
                try await database.read { db in
                    try Double.fetchOne(db, sql: "SELECT serving_grams FROM my_food WHERE id = ?", arguments: [id])
                }
            }
            try await client.postMultipart("/my-foods", fields: MyFoodsAndRecipesTests.granola)
            #expect(try await client.postForm("/settings/body", [("units", "us"), ("energy", "kcal"), ("glass", "12")]).status == .seeOther)
            let metricMade = try await client.get("/my-foods/1").text
            #expect(metricMade.contains(#"value="40 g""#) && metricMade.contains("<span>oz</span>"), "40 g is no round number of ounces")
            #expect(try await client.get("/my-foods").text.contains("1 bar = 1.41 oz"))

            let fields = MyFoodsAndRecipesTests.granola.filter { $0.0 != "serving_grams" }
            #expect(try await client.postMultipart("/my-foods", fields: fields + [("serving_grams", "1.5")]).status == .seeOther)
            #expect(try await serving(2) == 1.5 * 28.349523125)
            #expect(try await client.get("/my-foods/2").text.contains(#"value="1.5""#))
            #expect(try await client.postMultipart("/my-foods", fields: fields + [("serving_grams", "30 g")]).status == .seeOther)
            #expect(try await serving(3) == 30)

            let tooBig = try await client.postMultipart("/my-foods", fields: fields + [("serving_grams", "200")])
            #expect(tooBig.status == .unprocessableContent && tooBig.text.contains("the serving size in ounces from 0.01 to 176.36"))
            let cups = try await client.postMultipart("/my-foods", fields: fields + [("serving_grams", "2 cups")])
            #expect(cups.status == .unprocessableContent && cups.text.contains("Enter the serving size in ounces as a number"))

            // Back to metric: the ounce-typed serving comes back in ounces, exactly.
            try await client.postForm("/settings/body", [("units", "metric"), ("energy", "kcal"), ("glass", "330")])
            #expect(try await client.get("/my-foods/2").text.contains(#"value="1.5 oz""#))
            #expect(try await client.get("/my-foods/1").text.contains(#"value="40""#))

            let meal = try await database.addMeal("2026-03-09T12:30", notes: "Lunch")
            let typed = try await client.postForm(
                "/meals/\(meal)/foods/typed",
                [
                    ("name", "Crackers"), ("serving_grams", "1 oz"), ("energy_kcal", "120"),
                    ("amount", "serving"), ("count", "2")
                ])
            #expect(typed.status == .seeOther)
            let entry = try await database.read { db in
                try Row.fetchOne(db, sql: "SELECT grams, portion_label FROM food_entry").map { ($0[0] as Double, $0[1] as String) }
            }
            #expect(entry?.0 == 2 * 28.349523125 && entry?.1 == "2 × 1 serving (56.7 g)")
        }
    }

    /// Numbers, times and dates in the browser's language; the API and the files as scripts read them.
    @Test func pagesWriteNumbersAndTimesAsTheBrowsersLanguageDoes() async throws {
        try await TestEnvironment.withRunningApp(withFixtureCatalog: true) { client, database, _, routes in
            let meal = try await database.addMeal("2026-03-09T13:05", notes: "Lunch")
            try await client.postForm("/meals/\(meal)/foods", [("source", "catalog:9040"), ("amount", "g125")])
            try await client.postForm("/goals", [("energy_kcal", "2000")])

            let english = try await client.get("/days/2026-03-09").text
            #expect(
                english.contains("13:05") && english.contains("Monday 9 March 2026") && english.contains("2,000 kcal")
                    && english.contains("F 0.4 g"))
            let german = try await client.get("/days/2026-03-09", language: "de-DE,de;q=0.9").text
            #expect(
                german.contains("13:05") && german.contains("2\u{202F}000 kcal") && german.contains("F 0,4 g"),
                "a decimal comma, SI grouping")
            #expect(german.contains(#"width: 5.6%"#), "a style's number is CSS, in any language")
            let american = try await client.get("/days/2026-03-09", language: "en-US,en;q=0.9").text
            #expect(american.contains("1:05\u{202F}PM") && american.contains("Monday, March 9, 2026") && american.contains("2,000 kcal"))

            for language in ["de-DE", "en-US"] {
                let api = try await client.get("/api/days/2026-03-09", language: language).text
                #expect(api.contains(#""localTime":"13:05""#), "the API answers scripts alike: \(language)")
            }
            // Typed in German, read as German: "1,5" is one and a half.
            #expect(try await client.postForm("/goals", [("fat_g", "1,5")], language: "de-DE").status == .seeOther)
            #expect(try await client.get("/goals", language: "de-DE").text.contains(#"value="1,5""#))
            #expect(try await database.read { db in try DailyGoals.fetch(db) }[.fatG] == 1.5)

            // Every page answers in either language.
            for route in routes where route.methods.contains(.get) && !route.path.contains(":") {
                for language in ["de-DE", "en-US"] {
                    let status = try await client.get(route.path, language: language).status
                    #expect(status.code < 500, "\(route.path) in \(language): \(status)")
                }
            }
        }
    }
}

private extension Result {
    var failure: Failure? { if case .failure(let failure) = self { failure } else { nil } }
}

import Foundation
import HummingbirdTesting
import Testing
@testable import FoodDiary
import FoodDiaryCatalog
import FoodDiaryStorage
import FoodDiaryWeb

@Suite struct MyFoodsAndRecipesTests {
    static let granola: [(String, String)] = [
        ("name", "Granola bar"), ("brand", "Trail Co"), ("serving_grams", "40"), ("serving_label", "1 bar"),
        ("energy_kcal", "180"), ("protein_g", "4"), ("fat_g", "7"), ("sodium_mg", "95")
    ]

    struct RecipeBody: Decodable {
        struct Ingredient: Decodable { let description: String; let grams: Double; let myFoodId: Int64? }
        let name: String
        let servings: Double
        let servingGrams: Double?
        let ingredients: [Ingredient]
        let totals: FoodEntryTests.Nutrients
        let perServing: FoodEntryTests.Nutrients
    }

    static func id(_ database: AppDatabase, _ table: String) async throws -> Int64 {
        try await database.read { db in try Int64.fetchOne(db, sql: "SELECT max(id) FROM \(table)") ?? 0 }
    }

    @Test func myFoodsScalePerServingAndEditsLeaveTheDiaryAlone() async throws {
        try await TestEnvironment.withFixtureApp { client, database in
            #expect(try await client.postMultipart("/my-foods", fields: Self.granola).headers[.location] == "/my-foods?notice=saved")
            let foodID = try await Self.id(database, "my_food")
            let meal = try await database.addMeal("2026-03-09T10:00")
            #expect(try await client.get("/meals/\(meal)/foods/new?q=granola").text.contains("Granola bar"), "my foods are in the search")
            let amount = try await client.get("/meals/\(meal)/foods/new/my/\(foodID)").text
            #expect(amount.contains("1 bar = 40 g"))
            try await client.postForm("/meals/\(meal)/foods", [("source", "my:\(foodID)"), ("amount", "serving"), ("count", "1.5")])
            let entry = try await FoodEntryTests.meal(client, meal).foods[0]
            #expect(entry.portion == "1.5 × 1 bar (60 g)" && entry.grams == 60)
            #expect(entry.nutrients.energyKcal == 270 && entry.nutrients.fatG == 10.5 && entry.nutrients.sodiumMg == 142.5)

            try await client.postMultipart("/my-foods/\(foodID)", fields: Self.granola.map { $0.0 == "energy_kcal" ? ($0.0, "200") : $0 })
            #expect(try await FoodEntryTests.meal(client, meal).foods[0].nutrients.energyKcal == 270, "the logged entry kept its snapshot")
            let json = try await client.get("/api/my-foods").text
            #expect(json.contains("\"servingLabel\":\"1 bar\"") && json.contains("\"energyKcal\":200"))
            #expect(try await client.get("/foods?q=granola").text.contains("Mine · 1 bar = 40 g"), "marked as mine in food search")
        }
    }

    /// The search pages keep a diary's own foods between its writes (`Diary.ownFoods`): each
    /// write must show on the next search of every page, after searches that found nothing.
    @Test func everySearchPageListsOwnFoodsAsTheLastWriteLeftThem() async throws {
        try await TestEnvironment.withFixtureApp { client, database in
            let meal = try await database.addMeal("2026-03-09T10:00")
            func pages(_ query: String) -> [String] { ["/foods?q=\(query)", "/log?q=\(query)", "/meals/\(meal)/foods/new?q=\(query)"] }
            for page in pages("granola") { #expect(try await !client.get(page).text.contains("Granola bar"), "\(page)") }
            try await client.postMultipart("/my-foods", fields: Self.granola)
            for page in pages("granola") { #expect(try await client.get(page).text.contains("Granola bar"), "added: \(page)") }
            let foodID = try await Self.id(database, "my_food")
            try await client.postMultipart("/my-foods/\(foodID)", fields: Self.granola.map { $0.0 == "name" ? ($0.0, "Muesli bar") : $0 })
            for page in pages("granola") { #expect(try await !client.get(page).text.contains("Granola bar"), "renamed: \(page)") }
            for page in pages("muesli") { #expect(try await client.get(page).text.contains("Muesli bar"), "renamed: \(page)") }
        }
    }

    @Test func badMyFoodsAndQuickAddsAreExplained() async throws {
        try await TestEnvironment.withFixtureApp { client, database in
            let bad = try await client.postMultipart("/my-foods", fields: Self.granola.map { $0.0 == "protein_g" ? ($0.0, "1e308") : $0 })
            #expect(bad.status == .unprocessableContent && bad.text.contains("protein in g as a plain number"))
            let long = try await client.postMultipart(
                "/my-foods", fields: Self.granola + [("serving_label", String(repeating: "x", count: 61))])
            #expect(long.status == .unprocessableContent && long.text.contains("Keep the measure to 60 characters"))
            #expect(try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM my_food") } == 0)

            let meal = try await database.addMeal("2026-03-09T20:00")
            for (fields, message) in [
                ([("energy_kcal", "jkl")], "energy in kcal as a plain number"),
                ([("fat_g", "-5")], "fat in g as a plain number"),
                ([("name", "Curry night")], "Type at least one number")
            ] as [([(String, String)], String)] {
                let response = try await client.postForm("/meals/\(meal)/foods/quick", fields)
                #expect(response.status == .unprocessableContent && response.text.contains(message), "\(message)")
            }
            #expect(try await FoodEntryTests.entryCount(database) == 0)
        }
    }

    @Test func aQuickAddCountsInTotalsButHasNoWeight() async throws {
        try await TestEnvironment.withFixtureApp { client, database in
            let meal = try await database.addMeal("2026-03-09T20:00")
            try await client.postForm("/meals/\(meal)/foods", [("source", "catalog:9040"), ("amount", "g125")])
            #expect(
                try await client.postForm(
                    "/meals/\(meal)/foods/quick", [("name", "Pad thai"), ("energy_kcal", "850"), ("protein_g", "32.5")]
                ).status == .seeOther)
            let json = try await FoodEntryTests.meal(client, meal)
            let quick = try #require(json.foods.last)
            #expect(quick.description == "Pad thai" && quick.dataType == "quick_add" && quick.portion == "Quick add")
            #expect(quick.nutrients.energyKcal == 850 && quick.nutrients.proteinG == 32.5 && quick.nutrients.fatG == nil)
            #expect(json.totals.energyKcal == 850 + 111.25)
            let raw = try await client.get("/api/meals/\(meal)").text
            #expect(raw.contains("\"grams\":null"))
            #expect(try await client.postForm("/meals/\(meal)/foods/\(quick.id)", [("amount", "g25")]).status == .conflict)
            #expect(try await client.get("/meals/\(meal)/foods/\(quick.id)").status == .ok)
        }
    }

    @Test func recipeTotalsArePerServingSumsAndLoggingTakesServings() async throws {
        try await TestEnvironment.withFixtureApp { client, database in
            try await client.postMultipart("/my-foods", fields: Self.granola)
            let foodID = try await Self.id(database, "my_food")
            let created = try await client.postMultipart(
                "/recipes", fields: [("name", "Banana oat bake"), ("servings", "4"), ("notes", "Bake 25 min")])
            let recipeID = try await Self.id(database, "recipe")
            #expect(created.headers[.location] == "/recipes/\(recipeID)?notice=saved")
            #expect(
                try await client.postForm("/recipes/\(recipeID)/ingredients", [("source", "catalog:9040"), ("amount", "g250")]).status
                    == .seeOther)
            #expect(
                try await client.postForm(
                    "/recipes/\(recipeID)/ingredients", [("source", "my:\(foodID)"), ("amount", "serving"), ("count", "2")]
                ).status == .seeOther)
            let bad = try await client.postForm("/recipes/\(recipeID)/ingredients", [("source", "recipe:\(recipeID)"), ("amount", "g25")])
            #expect(bad.status == .badRequest, "a recipe cannot contain a recipe")

            let recipe = try JSONDecoder().decode(RecipeBody.self, from: Data(try await client.get("/api/recipes/\(recipeID)").text.utf8))
            #expect(recipe.ingredients.map(\.description) == ["Bananas, raw", "Granola bar"])
            #expect(recipe.ingredients[1].myFoodId == foodID && recipe.ingredients[1].grams == 80)
            // 89 × 250 / 100 + 180 × 80 / 40
            #expect(recipe.totals.energyKcal == 222.5 + 360)
            #expect(recipe.perServing.energyKcal == (222.5 + 360) / 4)
            #expect(recipe.servingGrams == 330.0 / 4)
            #expect(recipe.totals.fatG == 0.33 * 2.5 + 14)

            let meal = try await database.addMeal("2026-03-09T15:00")
            #expect(try await client.get("/meals/\(meal)/foods/new?q=bake").text.contains("Banana oat bake"))
            try await client.postForm("/meals/\(meal)/foods", [("source", "recipe:\(recipeID)"), ("amount", "serving"), ("count", "1.5")])
            let entry = try await FoodEntryTests.meal(client, meal).foods[0]
            #expect(entry.description == "Banana oat bake" && entry.portion == "1.5 × 1 serving (123.75 g)")
            #expect(abs(entry.nutrients.energyKcal! - 582.5 / 4 * 1.5) < 1e-9)

            // Changing the recipe afterwards leaves the logged serving as it was.
            let banana = try await database.read { db in try Int64.fetchOne(db, sql: "SELECT min(id) FROM recipe_ingredient") ?? 0 }
            #expect(try await client.postForm("/recipes/\(recipeID)/ingredients/\(banana)/delete", []).status == .seeOther)
            let after = try JSONDecoder().decode(RecipeBody.self, from: Data(try await client.get("/api/recipes/\(recipeID)").text.utf8))
            #expect(after.totals.energyKcal == 360, "recomputed when an ingredient goes")
            #expect(abs(try await FoodEntryTests.meal(client, meal).foods[0].nutrients.energyKcal! - 218.4375) < 1e-9)
        }
    }

    /// The ingredient search is one read, without a request (issue 61): the recipe, own foods and the catalog at once.
    @Test func theIngredientSearchIsOneReadOfTheRecipeTheDiaryAndTheCatalog() async throws {
        try await TestEnvironment.withConfiguredApp(withFixtureCatalog: true) { client, database, config in
            try await client.postMultipart("/my-foods", fields: Self.granola)
            try await client.postMultipart("/recipes", fields: [("name", "Banana oat bake"), ("servings", "4")])
            let recipeID = try await Self.id(database, "recipe")
            let diary = Diary(
                id: 1, database: database, photosDirectory: NSTemporaryDirectory() + "/fooddiary-unused-\(UUID().uuidString)",
                maxPhotoPixels: 1)
            let catalog = try CatalogDatabase.open(path: config.catalogPath)

            let banana = try await IngredientSearchPageRead.read(recipeID: recipeID, query: "banana", diary: diary, catalog: catalog)
            #expect(banana.recipe.name == "Banana oat bake" && banana.myFoods.isEmpty)
            #expect(banana.result?.foods.first?.id == 9040)
            let granola = try await IngredientSearchPageRead.read(recipeID: recipeID, query: "granola", diary: diary, catalog: catalog)
            #expect(granola.myFoods.map(\.name) == ["Granola bar"])
            let nothing = try await IngredientSearchPageRead.read(recipeID: recipeID, query: "", diary: diary, catalog: catalog)
            #expect(nothing.result == nil && nothing.myFoods.count == 1, "before words are typed, no search; every own food is listed")
            await #expect(throws: Recipe.Missing.self) {
                try await IngredientSearchPageRead.read(recipeID: recipeID + 1, query: "banana", diary: diary, catalog: catalog)
            }
            let page = try await client.get("/recipes/\(recipeID)/ingredients/new?q=banana").text
            #expect(page.contains("Bananas, raw"))
            #expect(try await client.get("/recipes/\(recipeID + 1)/ingredients/new?q=banana").status == .notFound)
        }
    }

    @Test func aFoodARecipeUsesCannotBeDeletedUntilItIsRemoved() async throws {
        try await TestEnvironment.withFixtureApp { client, database in
            try await client.postMultipart("/my-foods", fields: Self.granola)
            let foodID = try await Self.id(database, "my_food")
            try await client.postMultipart("/recipes", fields: [("name", "Trail mix"), ("servings", "2")])
            let recipeID = try await Self.id(database, "recipe")
            try await client.postForm("/recipes/\(recipeID)/ingredients", [("source", "my:\(foodID)"), ("amount", "g50")])

            let refused = try await client.postForm("/my-foods/\(foodID)/delete", [])
            #expect(refused.status == .conflict)
            #expect(refused.text.contains("is an ingredient of “Trail mix”, so it was not deleted"))
            #expect(try await client.get("/my-foods/\(foodID)").status == .ok)

            let ingredient = try await Self.id(database, "recipe_ingredient")
            try await client.postForm("/recipes/\(recipeID)/ingredients/\(ingredient)/delete", [])
            #expect(try await client.postForm("/my-foods/\(foodID)/delete", []).headers[.location] == "/my-foods?notice=deleted")
            #expect(try await client.get("/my-foods/\(foodID)").status == .notFound)
        }
    }

    @Test func recipesAreFoundByNameOrIngredient() async throws {
        try await TestEnvironment.withFixtureApp { client, database in
            for (name, source) in [("Banana bread", "catalog:9040"), ("Green soup", "catalog:11090"), ("Buttered greens", "catalog:1001")] {
                try await client.postMultipart("/recipes", fields: [("name", name), ("servings", "4")])
                let id = try await Self.id(database, "recipe")
                try await client.postForm("/recipes/\(id)/ingredients", [("source", source), ("amount", "g125")])
            }
            let withBroccoli = try await client.get("/recipes?q=recipes+with+broccoli").text
            #expect(withBroccoli.contains("Green soup") && !withBroccoli.contains("Banana bread"))
            let bananas = try await client.get("/recipes?q=bananas").text
            #expect(bananas.contains("Banana bread") && !bananas.contains("Green soup"))
            let byName = try await client.get("/recipes?q=buttered").text
            #expect(byName.contains("Buttered greens") && !byName.contains("Banana bread"))
            #expect(try await client.get("/recipes?q=chickpeas").text.contains("No recipe has “chickpeas”"))

            for (fields, message) in [
                ([("name", ""), ("servings", "4")], "Give the recipe a name"),
                ([("name", "Soup"), ("servings", "0")], "from 0.5 to 1,000"),
                ([("name", "Soup"), ("servings", "many")], "as a plain number")
            ] as [([(String, String)], String)] {
                let response = try await client.postMultipart("/recipes", fields: fields)
                #expect(response.status == .unprocessableContent && response.text.contains(message), "\(message)")
            }
            #expect(try await client.get("/api/recipes/999").status == .notFound)
        }
    }
}

import Foundation
import GRDB
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import FoodDiary
import FoodDiaryStorage
import FoodDiaryWeb

/// Foods and recipes shared with the household: the others log them and copy them, never change them.
@Suite struct HouseholdFoodsTests {
    @Test func aSharedFoodIsLoggedAndCopiedByTheOthersButStaysItsOwners() async throws {
        try await TestEnvironment.withRunningApp(withFixtureCatalog: true) { client, database, config, _ in
            try await client.postMultipart("/my-foods", fields: MyFoodsAndRecipesTests.granola)
            let robin = try await TestPerson.addMember("Robin", in: config)
            try await client.postForm(
                "/meals", [("eaten_at", "2026-03-09T10:00"), ("notes", "Robins breakfast")], token: robin.token, session: robin.session)
            let robins = try MealSharingTests.robinsDiary(config)
            #expect(!(try await client.get("/my-foods", session: robin.session).text.contains("Granola bar")), "not shared yet")
            #expect(try await client.get("/meals/1/foods/new/household/1/my/1", session: robin.session).status == .notFound)

            #expect(try await client.postForm("/my-foods/1/household", [("shared", "1")]).headers[.location] == "/my-foods?notice=shared")
            #expect(try await client.get("/my-foods").text.contains("shared with household"))
            let list = try await client.get("/my-foods", session: robin.session).text
            #expect(list.contains("From your household") && list.contains("Granola bar") && list.contains("Sam’s food"))
            let search = try await client.get("/meals/1/foods/new?q=granola", session: robin.session).text
            #expect(search.contains("/meals/1/foods/new/household/1/my/1?q=granola"))
            #expect(try await client.get("/meals/1/foods/new/household/1/my/1", session: robin.session).text.contains("1 bar = 40 g"))
            let logged = try await client.postForm(
                "/meals/1/foods", [("source", "household:1:my:1"), ("amount", "serving"), ("count", "2")],
                token: robin.token, session: robin.session)
            #expect(logged.status == .seeOther)
            let entry = try #require(try await robins.read { db in try MealQueries.mealFoods(db, mealID: 1) }?.entries.first)
            #expect(entry.food.description == "Granola bar" && entry.grams == 80 && entry.nutrients[.energyKcal] == 360)

            // Robin's copy is Robin's: changing it leaves Sam's alone.
            #expect(
                try await client.postForm("/household/my-foods/1/1/copy", [], token: robin.token, session: robin.session)
                    .headers[.location] == "/my-foods?notice=copied")
            try await client.postMultipart(
                "/my-foods/1", fields: MyFoodsAndRecipesTests.granola.map { $0.0 == "energy_kcal" ? ($0.0, "150") : $0 },
                token: robin.token, session: robin.session)
            #expect(try await robins.read { db in try MyFood.fetch(db, id: 1)?.perServing[.energyKcal] } == 150)
            #expect(try await database.read { db in try MyFood.fetch(db, id: 1)?.perServing[.energyKcal] } == 180)

            // Sam stops sharing: it is gone from Robin's lists; what Robin logged and copied stays.
            #expect(try await client.postForm("/my-foods/1/household", [("shared", "0")]).headers[.location] == "/my-foods?notice=unshared")
            #expect(!(try await client.get("/my-foods", session: robin.session).text.contains("Sam’s food")))
            #expect(
                try await client.postForm("/household/my-foods/1/1/copy", [], token: robin.token, session: robin.session).status
                    == .notFound)
            #expect(
                try await client.postForm(
                    "/meals/1/foods", [("source", "household:1:my:1"), ("amount", "serving"), ("count", "1")],
                    token: robin.token, session: robin.session
                ).status == .notFound)
            #expect(try await robins.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM food_entry") } == 1)
            #expect(try await robins.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM my_food") } == 1)
        }
    }

    @Test func aSharedRecipeIsLoggedAndCopiedWithItsIngredients() async throws {
        try await TestEnvironment.withRunningApp(withFixtureCatalog: true) { client, database, config, _ in
            try await client.postMultipart("/my-foods", fields: MyFoodsAndRecipesTests.granola)
            try await client.postMultipart("/recipes", fields: [("name", "Banana & granola crumble"), ("servings", "4")])
            try await client.postForm("/recipes/1/ingredients", [("source", "catalog:9040"), ("amount", "g500")])
            try await client.postForm("/recipes/1/ingredients", [("source", "my:1"), ("amount", "serving"), ("count", "2")])
            #expect(try await client.postForm("/recipes/1/household", [("shared", "1")]).headers[.location] == "/recipes/1?notice=shared")
            #expect(try await client.get("/recipes/1").text.contains("Stop sharing"))
            let robin = try await TestPerson.addMember("Robin", in: config)
            let recipes = try await client.get("/recipes?q=crumble", session: robin.session).text
            #expect(recipes.contains("Banana &amp; granola crumble") && recipes.contains("Sam’s recipe"))
            #expect(
                !(try await client.get("/my-foods", session: robin.session).text.contains("Granola bar")),
                "sharing a recipe shares only the recipe")

            try await client.postForm("/meals", [("eaten_at", "2026-03-09T20:00")], token: robin.token, session: robin.session)
            let addFood = try await client.get("/meals/1/foods/new?q=granola", session: robin.session).text
            #expect(addFood.contains("/meals/1/foods/new/household/1/recipe/1?q=granola"))
            #expect(!addFood.contains("/meals/1/foods/new/household/1/my/"), "sharing a recipe shares only the recipe")
            #expect(
                try await client.postForm(
                    "/meals/1/foods", [("source", "household:1:recipe:1"), ("amount", "serving"), ("count", "1")],
                    token: robin.token, session: robin.session
                ).status == .seeOther)
            let sams = try #require(try await database.read { db in try Recipe.fetch(db, id: 1) })
            let robins = try MealSharingTests.robinsDiary(config)
            let eaten = try #require(try await robins.read { db in try MealQueries.mealFoods(db, mealID: 1) }?.entries.first)
            #expect(eaten.nutrients == sams.perServing.scaled(grams: eaten.grams!, basisGrams: sams.servingGrams))

            let copied = try await client.postForm("/household/recipes/1/1/copy", [], token: robin.token, session: robin.session)
            #expect(copied.headers[.location] == "/recipes/1?notice=copied")
            let copy = try #require(try await robins.read { db in try Recipe.fetch(db, id: 1) })
            #expect(copy.name == sams.name && copy.servings == 4 && copy.perServing == sams.perServing && !copy.isSharedWithHousehold)
            #expect(copy.ingredients.map(\.food) == sams.ingredients.map(\.food) && copy.ingredients.allSatisfy { $0.myFoodID == nil })
            #expect(try await client.get("/recipes/1", session: robin.session).text.contains("Share with household"))
        }
    }

    /// Only other people's diaries are read, and only what they share: not your own by this door,
    /// not a diary number that is nobody's, not what is not shared.
    @Test func nothingUnsharedIsReachedByItsAddress() async throws {
        try await TestEnvironment.withRunningApp(withFixtureCatalog: true) { client, _, config, _ in
            try await client.postMultipart("/my-foods", fields: MyFoodsAndRecipesTests.granola)
            try await client.postMultipart("/recipes", fields: [("name", "Sams secret stew"), ("servings", "2")])
            try await client.postForm("/recipes/1/ingredients", [("source", "catalog:9040"), ("amount", "g250")])
            let robin = try await TestPerson.addMember("Robin", in: config)
            try await client.postMultipart(
                "/my-foods", fields: [("name", "Robins oat bar"), ("serving_grams", "30"), ("energy_kcal", "120")],
                token: robin.token, session: robin.session)
            try await client.postForm("/my-foods/1/household", [("shared", "1")], token: robin.token, session: robin.session)
            for path in [
                "/household/my-foods/1/1/copy", "/household/recipes/1/1/copy", "/household/my-foods/2/1/copy",
                "/household/my-foods/99/1/copy",
                "/household/my-foods/x/1/copy", "/household/recipes/1/0/copy"
            ] {
                let response = try await client.postForm(path, [], token: robin.token, session: robin.session)
                #expect(response.status == .notFound, "\(path)")
                #expect(!response.text.contains("Sams") && !response.text.contains("Granola"), "\(path)")
            }
            #expect(try await client.postForm("/my-foods/1/household", [("shared", "maybe")]).status == .badRequest)
            #expect(try await client.postForm("/recipes/9/household", [("shared", "1")]).status == .notFound)
            #expect(try await client.get("/recipes", session: robin.session).text.contains("Sams secret stew") == false)
            // Sam sees Robin's shared bar, and not Sam's own food twice.
            let sams = try await client.get("/my-foods").text
            #expect(sams.contains("Robin’s food") && sams.components(separatedBy: "Granola bar").count == 2)
        }
    }
}

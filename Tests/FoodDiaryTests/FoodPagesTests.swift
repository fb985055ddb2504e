import FoodDiaryBase
import Foundation
import HummingbirdTesting
import Testing
@testable import FoodDiary
import FoodDiaryWeb

@Suite struct FoodPagesTests {
    struct SearchBody: Decodable {
        struct Food: Decodable {
            let id: Int64; let ndbNumber: String; let description: String; let foodGroup: String; let brandOwner: String?;
            let energyKcalPer100g: Double?
        }
        let totalHits: Int
        let foods: [Food]
    }
    struct FoodBody: Decodable {
        struct Nutrient: Decodable { let number: String; let unit: String; let valuePer100g: Double }
        struct Portion: Decodable { let amount: Double; let description: String; let gramWeight: Double }
        let ndbNumber: String
        let nutrients: [Nutrient]
        let portions: [Portion]
    }

    @Test func firstStartImportsTheCatalogAndSearchAnswersJSON() async throws {
        try await TestEnvironment.withApp(withFixtureCatalog: true) { client, _ in
            let response = try await client.get("/api/foods/search?q=banan&limit=5")
            #expect(response.status == .ok)
            let body = try JSONDecoder().decode(SearchBody.self, from: Data(response.text.utf8))
            #expect(body.totalHits == 1)
            #expect(body.foods.first?.description == "Bananas, raw")
            #expect(body.foods.first?.ndbNumber == "09040")
            #expect(body.foods.first?.energyKcalPer100g == 89)
        }
    }

    @Test func foodJSONHasNutrientsPer100gAndPortions() async throws {
        try await TestEnvironment.withApp(withFixtureCatalog: true) { client, _ in
            let body = try JSONDecoder().decode(FoodBody.self, from: Data(try await client.get("/api/foods/11090").text.utf8))
            #expect(body.ndbNumber == "11090")
            #expect(body.nutrients.map(\.number).sorted() == ["208", "328"])
            #expect(body.portions.map(\.gramWeight) == [91, 44])
            #expect(try await client.get("/api/foods/99999").status == .notFound)
            #expect(try await client.get("/api/foods/search?q=x&limit=0").status == .badRequest)
        }
    }

    @Test func searchPageExplainsEmptyAndFruitlessSearches() async throws {
        try await TestEnvironment.withApp(withFixtureCatalog: true) { client, _ in
            #expect(try await client.get("/foods").text.contains("Type what you ate"))
            let none = try await client.get("/foods?q=%22NEAR(%20zzzz")
            #expect(none.status == .ok)
            #expect(none.text.contains("No food in the USDA database matches"))
            let found = try await client.get("/foods?q=broccoli")
            #expect(found.text.contains(#"href="/foods/11090?q=broccoli""#))
            #expect(found.text.contains("34 kcal"))
        }
    }

    /// Issue 35: "← Food search" on a food's page lost the query.
    @Test func aFoodsPageLeadsBackToItsSearch() async throws {
        try await TestEnvironment.withApp(withFixtureCatalog: true) { client, _ in
            let results = try await client.get("/foods?q=broccoli&kind=generic").text
            #expect(results.contains(#"href="/foods/11090?q=broccoli&amp;kind=generic""#))
            let page = try await client.get("/foods/11090?q=mac+%26+cheese+caf%C3%A9&kind=generic").text
            #expect(page.contains(#"<a href="/foods?q=mac%20%26%20cheese%20caf%C3%A9&amp;kind=generic">← Food search</a>"#))
            #expect(page.contains("amount=g100&amp;q=mac%20%26%20cheese"), "the amounts keep it too")
            #expect(try await client.get("/foods/1001?kind=everything").status == .badRequest)
            #expect(try await client.get("/foods/1001").text.contains(#"<a href="/foods">← Food search</a>"#))
        }
    }

    @Test func detailScalesEveryNutrientToTheChosenAmount() async throws {
        try await TestEnvironment.withApp(withFixtureCatalog: true) { client, _ in
            // Butter: 717 kcal per 100 g; 1 tbsp = 14.2 g → 101.814 kcal, shown to USDA's 0 decimals.
            let tablespoon = try await client.get("/foods/1001?amount=p2")
            #expect(tablespoon.status == .ok)
            #expect(tablespoon.text.contains("1 tbsp = 14.2 g"))
            #expect(tablespoon.text.contains("102 kcal"))
            let preset = try await client.get("/foods/1001?amount=g125").text
            #expect(preset.contains("896 kcal"), "717 × 1.25 = 896.25")
            #expect(preset.contains("1.06 g"), "protein 0.85 g/100 g × 1.25 = 1.0625")
            #expect(try await client.get("/foods/1001?amount=g37").status == .badRequest)
            #expect(try await client.get("/foods/424242").status == .notFound)
        }
    }
}

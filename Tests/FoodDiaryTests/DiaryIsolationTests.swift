import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import FoodDiary

/// Each person works in a diary of their own: no id in any address reads or changes another's.
@Suite struct DiaryIsolationTests {
    /// Addresses whose ids name shared things (the food catalog) or a date, which anyone may open.
    static let shared = ["/foods/", "/api/foods/", "/days/", "/api/days/"]

    @Test func noAddressReachesAnotherPersonsDiary() async throws {
        try await TestEnvironment.withRunningApp(withFixtureCatalog: true) { client, database, config, routes in
            // Sam's diary: a meal with a photo, a tag and a food, a saved food, a my food, a recipe with an ingredient, a token.
            let made = try await client.postMultipart("/meals", fields: PlacesAndTagsTests.meal("2026-03-09T12:30", tags: "secret-tag", notes: "Sam's secret lunch"),
                                                      files: [MultipartFile(filename: "a.jpg", data: try PhotoUploadTests.sampleJPEG())])
            #expect(made.status == .seeOther)
            let meal = try #require(try await database.read { db in try MealQueries.listPage(db, page: 1) }?.meals.first)
            let sha = try #require(meal.photo?.sha256)
            try await client.postForm("/meals/\(meal.id)/foods", [("source", "catalog:9040"), ("amount", "g125")])
            try await client.postForm("/saved-foods", [("catalog_food", "9040")])
            try await client.postMultipart("/my-foods", fields: MyFoodsAndRecipesTests.granola)
            try await client.postMultipart("/recipes", fields: [("name", "Sam's bake"), ("servings", "4")])
            try await client.postForm("/recipes/1/ingredients", [("source", "catalog:9040"), ("amount", "g250")])
            try await client.postForm("/account/tokens", [("name", "Sam's script")])
            func samsDiary() async throws -> [Int] {
                try await database.read { db in
                    try ["meal", "food_entry", "saved_food", "my_food", "recipe", "recipe_ingredient", "photo", "tag"].map {
                        try Int.fetchOne(db, sql: "SELECT count(*) FROM \($0)") ?? 0
                    }
                }
            }
            let before = try await samsDiary()
            #expect(before.allSatisfy { $0 > 0 }, "\(before)")

            let robin = try await TestPerson.addMember("Robin", in: config)
            #expect(!(try await client.get("/", session: robin.session).text.contains("secret lunch")), "Robin's list is Robin's")
            #expect(try await client.get("/", session: robin.session).text.contains("No meals yet"))
            for route in routes where !route.isPublic && route.path.contains(":") && !Self.shared.contains(where: route.path.hasPrefix) {
                let path = route.path.split(separator: "/", omittingEmptySubsequences: false).map { part -> String in
                    switch part {
                    case ":sha256": sha
                    case ":size": "thumb"
                    case ":date": "2026-03-09"
                    default: part.hasPrefix(":") ? "1" : String(part)
                    }
                }.joined(separator: "/")
                for method in route.methods {
                    let response = method == .get
                        ? try await client.get(path, session: robin.session)
                        : try await client.postForm(path, [("eaten_at", "2026-03-09T13:00"), ("confirm_name", "Sam")], token: robin.token, session: robin.session)
                    #expect(response.status.code >= 400, "\(method) \(path) answered \(response.status) to Robin")
                    #expect(!response.text.contains("Sam's"), "\(method) \(path)")
                }
            }
            #expect(try await samsDiary() == before, "nothing of Sam's changed")
            #expect(try await client.get("/photos/\(sha)/thumb").status == .ok, "Sam still sees Sam's photo")
            #expect(FileManager.default.fileExists(atPath: DiaryFiles(directory: config.diariesDirectory).databasePath(2)), "Robin's diary is its own file")
        }
    }
}

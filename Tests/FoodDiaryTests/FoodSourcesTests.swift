import Foundation
import HTTPTypes
import Testing
@testable import FoodDiary
import FoodDiaryWeb

/// What a form can name to add (`catalog:12`, `my:5`, …), resolved with no HTTP in sight: each way
/// a source can be unusable is a refusal of the feature's own, which the error page gives a status.
struct FoodSourcesTests {
    @Test func eachUnusableSourceIsItsOwnRefusal() async throws {
        let parent = try TemporaryDirectory()
        defer { parent.remove() }
        let diary = try PortabilityFixtures.emptyDiary(in: parent, "diary")
        let sources = FoodSources(database: diary.database, catalog: try PortabilityFixtures.catalog(in: parent))

        await #expect(throws: FoodSources.Unusable.unnamed) { try await sources.resolve("") }
        await #expect(throws: FoodSources.Unusable.unnamed) { try await sources.resolve("recipe:1", allowing: ["catalog", "my"]) }
        await #expect(throws: FoodSources.Unusable.unnamed, "no household was given") { try await sources.resolve("household:1:my:1") }
        await #expect(throws: FoodSources.Unusable.noCatalogFood) { try await sources.resolve("catalog:999999") }
        await #expect(throws: FoodSources.Unusable.noSavedFood) { try await sources.resolve("saved:1") }
        await #expect(throws: MyFood.Missing()) { try await sources.resolve("my:1") }
        await #expect(throws: Recipe.Missing()) { try await sources.resolve("recipe:1") }

        let stew = try #require(
            try await diary.database.saveRecipe(
                id: nil, RecipeInput(name: "Stew & dumplings", servings: 4, notes: ""),
                photo: nil, now: TestEnvironment.fixedNow)
        ).0
        await #expect(throws: FoodSources.Unusable.emptyRecipe(name: "Stew & dumplings")) { try await sources.resolve("recipe:\(stew)") }
        #expect(try await sources.resolve("catalog:9040").food.description == "Bananas, raw")
    }

    @Test func aRefusalsKindIsItsStatus() {
        let refusals: [(any Refusal, HTTPResponse.Status)] = [
            (Meal.Missing(id: 12), .notFound), (MyFood.Missing(), .notFound), (HouseholdFoods.NothingShared(), .notFound),
            (FoodSources.Unusable.unnamed, .badRequest), (FoodSources.Unusable.emptyRecipe(name: "Stew"), .conflict)
        ]
        for (refusal, status) in refusals {
            let problem = Problem(refusal)
            #expect(problem.status == status)
            #expect(problem.message == refusal.message)
        }
        #expect(Problem(Meal.Missing(id: 12)).message == "There is no meal number 12. It may have been deleted.")
    }
}

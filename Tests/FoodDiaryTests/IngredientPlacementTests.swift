import FoodDiaryBase
import FoodDiaryTools
import Foundation
import Testing
@testable import FoodDiary

/// Typed lines placed on the real USDA data: the food meant, in a plausible amount.
@Suite(.enabled(if: RealSR28.isPresent, "USDA SR28 not fetched: run scripts/fetch-data.sh"))
struct IngredientPlacementTests {
    static let judgedLines = TestEnvironment.packageRoot.appendingPathComponent("Tests/FoodDiaryTests/Fixtures/ingredient-lines.tsv").path

    @Test func judgedLinesFindTheFoodMeantInAPlausibleAmount() async throws {
        let judgements = try IngredientAccuracy.judgements(path: Self.judgedLines)
        let figures = try await TestEnvironment.withDatabase { diary in
            try await IngredientAccuracy.run(
                judgements, placer: IngredientPlacer(catalog: try await RealSR28.wholeCatalog.value, diary: diary))
        }
        print(
            "Ingredient lines: food right \(figures.foodsRight)/\(figures.lines), food and grams right \(figures.bothRight)/\(figures.lines)"
        )
        for outcome in figures.outcomes where !(outcome.foodIsRight && outcome.gramsAreRight) {
            print("  miss: \(outcome.line) → \(outcome.food ?? "nothing") · \(outcome.grams.map { formatQuantity($0) } ?? "–") g")
        }
        #expect(judgements.count >= 150)
        #expect(Double(figures.bothRight) / Double(figures.lines) >= 0.9)
    }
}

import ArgumentParser
import FoodDiary
import FoodDiaryApp
import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryStorage
import FoodDiaryTools
import Foundation

struct BenchAmounts: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-amounts",
        abstract: "Judge what one tap on ＋, a typed phrase and a recipe line add on a new diary against reference amounts.")

    @Option(help: "Everyday foods with their reference serving.")
    var foods: String = "Tests/FoodDiaryTests/Fixtures/everyday-amounts.tsv"

    @Option(help: "Typed phrases with the food and grams that count.")
    var phrases: String = "Tests/FoodDiaryTests/Fixtures/ingredient-lines.tsv"

    @Option(help: "Recipe lines (cans, drained, cooked) with the food and grams that count.")
    var recipeLines: String = "Tests/FoodDiaryTests/Fixtures/recipe-lines.tsv"

    @Option(help: "Directory holding the catalog (env FOODDIARY_DATA_DIR).")
    var dataDir: String = ProcessInfo.processInfo.environment["FOODDIARY_DATA_DIR"] ?? "./data"

    @Flag(help: "Print every food, phrase and line that misses.")
    var misses = false

    func run() async throws {
        let catalog = try CatalogDatabase.open(path: AppConfig(dataDirectory: dataDir).catalogPath)
        let outcomes = try await AmountAccuracy.run(try AmountAccuracy.judgements(path: foods), catalog: catalog)
        let right = outcomes.count(where: \.isCustomary), before = outcomes.count(where: \.everydayWasCustomary)
        print(
            "one tap on ＋'s first result, \(outcomes.count) everyday foods: customary \(right) (\(percent(right, outcomes.count))); "
                + "the everyday measure alone (before): \(before) (\(percent(before, outcomes.count)))")
        if misses {
            for outcome in outcomes where !outcome.isCustomary {
                print("  miss: \(outcome.query) → \(outcome.food ?? "nothing") · \(outcome.label ?? "–")")
            }
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("bench-amounts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let placer = IngredientPlacer(
            catalog: catalog, diary: try AppDatabase.open(path: scratch.appendingPathComponent("diary.sqlite").path))
        for (name, path) in [("typed phrases", phrases), ("recipe lines", recipeLines)] {
            let figures = try await IngredientAccuracy.run(try IngredientAccuracy.judgements(path: path), placer: placer)
            print(
                "\(name), \(figures.lines): food right \(figures.foodsRight) (\(percent(figures.foodsRight, figures.lines))), "
                    + "food and amount right \(figures.bothRight) (\(percent(figures.bothRight, figures.lines)))")
            if misses {
                for outcome in figures.outcomes where !(outcome.foodIsRight && outcome.gramsAreRight) {
                    print("  miss: \(outcome.line) → \(outcome.food ?? "nothing") · \(outcome.grams.map { formatQuantity($0) } ?? "–") g")
                }
            }
        }
    }

    private func percent(_ part: Int, _ whole: Int) -> String {
        (Double(part) / Double(max(1, whole))).formatted(.percent.precision(.fractionLength(1)))
    }
}

import ArgumentParser
import FoodDiary
import FoodDiaryApp
import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryStorage
import FoodDiaryTools
import Foundation

struct BenchIngredients: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-ingredients",
        abstract: "Place judged ingredient lines on the catalog: how often the food and amount are right, and the time per line.")

    @Argument(help: "The judged lines, e.g. Tests/FoodDiaryTests/Fixtures/ingredient-lines.tsv.")
    var lines: String = "Tests/FoodDiaryTests/Fixtures/ingredient-lines.tsv"

    @Option(help: "Directory holding the catalog (env FOODDIARY_DATA_DIR).")
    var dataDir: String = ProcessInfo.processInfo.environment["FOODDIARY_DATA_DIR"] ?? "./data"

    @Option(help: "How many times the whole set is placed; the first round warms the caches and is not counted.")
    var rounds: Int = 5

    @Flag(help: "Print every line that misses.")
    var misses = false

    @Option(help: "A folder of recipe pages (.html) to time: read, the recipe found, its ingredients placed.")
    var pages: String = "Tests/FoodDiaryTests/Fixtures/recipe-pages"

    func run() async throws {
        let judgements = try IngredientAccuracy.judgements(path: lines)
        let catalog = try CatalogDatabase.open(path: AppConfig(dataDirectory: dataDir).catalogPath)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("bench-ingredients-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let diary = try AppDatabase.open(path: scratch.appendingPathComponent("diary.sqlite").path)
        let placer = IngredientPlacer(catalog: catalog, diary: diary)
        CatalogMemory.shared.forgetRecentAnswers()
        var figures = try await IngredientAccuracy.run(judgements, placer: placer)
        let firstTimes = figures.outcomes.map(\.milliseconds).sorted()
        var times: [Double] = []
        for _ in 0..<max(1, rounds) {
            figures = try await IngredientAccuracy.run(judgements, placer: placer)
            times += figures.outcomes.map(\.milliseconds)
        }
        // The baseline, in the same run: one search of each line's food words, as a search page would make.
        var searches: [Double] = []
        for _ in 0..<max(1, rounds) {
            for judgement in judgements {
                let words = IngredientLine(judgement.line).food
                searches.append(
                    try await milliseconds { _ = try await catalog.read { db in try FoodSearch.search(db, query: words, limit: 5) } })
            }
        }
        searches.sort()
        func ms(_ value: Double) -> String { value.formatted(.number.precision(.fractionLength(2))) }
        times.sort()
        let p50 = percentile(times, 0.5)
        print(
            "\(figures.lines) judged lines: food right \(figures.foodsRight) (\(percent(figures.foodsRight, figures.lines))), "
                + "food and grams right \(figures.bothRight) (\(percent(figures.bothRight, figures.lines)))")
        print(
            "each line a first time (no search answer remembered): p50 \(ms(percentile(firstTimes, 0.5))) ms, "
                + "p99 \(ms(percentile(firstTimes, 0.99))) ms")
        let searchP50 = percentile(searches, 0.5)
        print(
            "time per line over \(rounds) rounds: p50 \(ms(p50)) ms, p99 \(ms(percentile(times, 0.99))) ms; "
                + "one search of its words (baseline): p50 \(ms(searchP50)) ms, so a line costs \((p50 / searchP50).formatted(.number.precision(.fractionLength(1))))× a search"
        )
        try await timePages(placer: placer)
        if misses {
            for outcome in figures.outcomes where !(outcome.foodIsRight && outcome.gramsAreRight) {
                print("  miss: \(outcome.line) → \(outcome.food ?? "nothing") · \(outcome.grams.map { ms($0) } ?? "–") g")
            }
        }
    }

    /// Each page read and its ingredients placed, `rounds` times after one to warm up.
    private func timePages(placer: IngredientPlacer) async throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: pages).filter { $0.hasSuffix(".html") }.sorted()
        print("recipe pages (\(files.count) in \(pages)): read, recipe found, ingredients placed; p50 of \(rounds) rounds")
        for file in files {
            let html = try Data(contentsOf: URL(fileURLWithPath: pages + "/" + file))
            var times: [Double] = []
            var summary = ""
            for round in 0...max(1, rounds) {
                var recipe: SchemaRecipe?
                var placed: [PlacedFood] = []
                let elapsed = try await milliseconds {
                    recipe = SchemaRecipe(html: html, address: URL(string: "https://cooking.example/recipe/"))
                    placed = try await placer.place(lines: recipe?.ingredients ?? [], logged: [:])
                }
                if round > 0 { times.append(elapsed) }
                summary =
                    recipe.map {
                        "\($0.ingredients.count) ingredients, \(placed.count { !$0.choices.isEmpty }) placed, serves \($0.servings.map { formatQuantity($0) } ?? "?")"
                    }
                    ?? "no recipe"
            }
            times.sort()
            print(
                "  \(file.padding(toLength: 28, withPad: " ", startingAt: 0)) \(percentile(times, 0.5).formatted(.number.precision(.fractionLength(2)))) ms  (\(summary))"
            )
        }
    }

    private func percent(_ part: Int, _ whole: Int) -> String {
        (Double(part) / Double(max(1, whole))).formatted(.percent.precision(.fractionLength(1)))
    }
}

import ArgumentParser
import FoodDiary
import FoodDiaryApp
import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryTools
import Foundation

struct BenchOneTap: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-one-tap",
        abstract: "Judge every row ＋ offers for the app's everyday names, typed letter by letter: what one tap adds unasked.")

    @Option(help: "The fixtures whose queries join the everyday names.")
    var fixtures: String = "Tests/FoodDiaryTests/Fixtures"

    @Option(help: "The shortest prefix of a name searched; a name's whole length searches only the names.")
    var shortest = 3

    @Option(help: "Directory holding the catalog (env FOODDIARY_DATA_DIR).")
    var dataDir: String = ProcessInfo.processInfo.environment["FOODDIARY_DATA_DIR"] ?? "./data"

    @Flag(help: "Print every row a dietitian would cross out.")
    var misses = false

    @Option(help: "Search these queries, one a line, instead: another build's own names (written by --write-queries).")
    var queries: String?

    @Option(help: "Write the searches to this file, for another build to search the same.")
    var writeQueries: String?

    func run() async throws {
        let catalog = try CatalogDatabase.open(path: AppConfig(dataDirectory: dataDir).catalogPath)
        let names = try OneTapPlausibility.everydayNames(fixtures: fixtures)
        let searched =
            try queries.map { try String(contentsOfFile: $0, encoding: .utf8).split(separator: "\n").map(String.init) }
            ?? OneTapPlausibility.asTyped(names, shortest: shortest)
        if let writeQueries { try searched.joined(separator: "\n").write(toFile: writeQueries, atomically: true, encoding: .utf8) }
        let started = ContinuousClock.now
        let figures = try await OneTapPlausibility.run(searched, catalog: catalog)
        let (rows, oneTap) = (figures.rows.count, figures.oneTap.count)
        print(
            "\(queries == nil ? "\(names.count) everyday names, " : "")\(figures.searches) searches as typed, \(rows) rows offered, \(oneTap) one tap (\(percent(oneTap, rows))), "
                + "\(figures.rows.count { $0.form != nil }) of them powders, mixes or concentrates; \(ContinuousClock.now - started)")
        for (name, found) in [
            ("over 900 kcal", figures.overCeiling), ("over three servings of its kind", figures.overServings),
            ("a powder or dry mix over \(Int(OneTapPlausibility.mostDryGrams)) g", figures.dryByTheCup)
        ] {
            print("one tap \(name): \(found.count) (\(percent(found.count, rows)) of rows offered)")
            if misses { for row in found { print("  \(row.line)") } }
        }
    }

    private func percent(_ part: Int, _ whole: Int) -> String {
        (Double(part) / Double(max(1, whole))).formatted(.percent.precision(.fractionLength(2)))
    }
}

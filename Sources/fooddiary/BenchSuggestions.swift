import ArgumentParser
import FoodDiaryStorage
import FoodDiaryTools
import Foundation

struct BenchSuggestions: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-suggestions",
        abstract: "Time the suggestions for a meal to itemise on a demo diary (it adds two meals to it).")

    @Argument(help: "A diary file filled by `fooddiary demo`, e.g. DIR/diary.sqlite. Two meals with no foods are added to it.")
    var diary: String

    @Option(help: "How many times each question is asked.")
    var rounds: Int = 500

    func run() async throws {
        let database = try AppDatabase.open(path: diary)
        let figures = try await SuggestionBenchmark.run(database, rounds: rounds, now: Date())
        func ms(_ value: Double) -> String { value.formatted(.number.precision(.fractionLength(3))) }
        print("\(figures.meals) meals, \(figures.mealsAtBusiestPlace) at the busiest place; \(rounds) rounds each")
        let baseline = figures.rows[0].p50Milliseconds
        for row in figures.rows {
            print(
                "\(row.label.padding(toLength: 36, withPad: " ", startingAt: 0)) p50 \(ms(row.p50Milliseconds)) ms  p99 \(ms(row.p99Milliseconds)) ms  "
                    + "\((row.p50Milliseconds / baseline).formatted(.number.precision(.fractionLength(1))))× baseline  (\(row.shown) shown)"
            )
        }
    }
}

import FoodDiary
import FoodDiaryBase
import FoodDiaryStorage
import Foundation

/// How often a typed line finds the food meant in a plausible amount, judged against a set of
/// lines with the foods and grams that count (`Tests/FoodDiaryTests/Fixtures/ingredient-lines.tsv`),
/// and how long a line takes.
package enum IngredientAccuracy {
    package struct Judgement: Sendable {
        package let line: String
        package let food: NSRegularExpression
        package let grams: ClosedRange<Double>
    }

    package struct Outcome: Sendable {
        package let line: String
        /// The first food offered, and its grams; nil when none was found.
        package let food: String?
        package let grams: Double?
        package let foodIsRight: Bool
        package let gramsAreRight: Bool
        package let milliseconds: Double
    }

    package struct Figures: Sendable {
        package let outcomes: [Outcome]
        package var lines: Int { outcomes.count }
        package var foodsRight: Int { outcomes.count { $0.foodIsRight } }
        /// The right food in a plausible amount.
        package var bothRight: Int { outcomes.count { $0.foodIsRight && $0.gramsAreRight } }
    }

    package static func judgements(path: String) throws -> [Judgement] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").compactMap { row in
            guard !row.hasPrefix("#") else { return nil }
            let fields = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4, let low = Double(fields[2]), let high = Double(fields[3]), low <= high else {
                throw BadRow(row: String(row))
            }
            return Judgement(
                line: fields[0], food: try NSRegularExpression(pattern: "^(?:" + fields[1] + ")", options: .caseInsensitive),
                grams: low...high)
        }
    }

    package struct BadRow: Error, CustomStringConvertible {
        let row: String
        package var description: String { "Not a line, a food pattern and two gram figures: \(row)" }
    }

    /// Each line placed on its own, as a recipe's are, into `diary` (empty: nothing of its own ranks up).
    package static func run(_ judgements: [Judgement], placer: IngredientPlacer) async throws -> Figures {
        var outcomes: [Outcome] = []
        for judgement in judgements {
            var placed: PlacedFood?
            let elapsed = try await milliseconds { placed = try await placer.place(lines: [judgement.line], logged: [:]).first }
            let food = placed?.choices.first?.name
            let grams = placed?.amount?.grams
            let foodIsRight = food.map { judgement.food.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil } ?? false
            outcomes.append(
                Outcome(
                    line: judgement.line, food: food, grams: grams, foodIsRight: foodIsRight,
                    gramsAreRight: grams.map { judgement.grams.contains(($0 * 100).rounded() / 100) } ?? false,
                    milliseconds: elapsed))
        }
        return Figures(outcomes: outcomes)
    }
}

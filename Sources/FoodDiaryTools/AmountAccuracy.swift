import FoodDiary
import FoodDiaryBase
import FoodDiaryCatalog
import Foundation

/// How often the first food "＋" lists for an everyday search would be added in a customary
/// amount by one tap on a new diary, judged against the reference amounts in
/// `Tests/FoodDiaryTests/Fixtures/everyday-amounts.tsv`.
package enum AmountAccuracy {
    package struct Judgement: Sendable {
        package let query: String
        /// One serving by the reference tables; a third to twice it counts as customary.
        package let referenceGrams: Double
        package var customary: ClosedRange<Double> { referenceGrams / 3...referenceGrams * 2 }
    }

    package struct Outcome: Sendable {
        package let query: String
        package let food: String?
        package let label: String?
        package let grams: Double?
        /// What one tap added before customary servings: the food's everyday measure.
        package let everydayGrams: Double?
        package let isCustomary: Bool
        package let everydayWasCustomary: Bool
    }

    package static func judgements(path: String) throws -> [Judgement] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").compactMap { row in
            guard !row.hasPrefix("#") else { return nil }
            let fields = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3, let grams = Double(fields[1]), grams > 0 else { throw IngredientAccuracy.BadRow(row: String(row)) }
            return Judgement(query: fields[0], referenceGrams: grams)
        }
    }

    /// Each query searched as "＋" searches, with nothing logged, and its first food's one-tap amount.
    package static func run(_ judgements: [Judgement], catalog: CatalogDatabase) async throws -> [Outcome] {
        try await catalog.read { db in
            try judgements.map { judgement in
                let result = try FoodSearch.search(db, query: judgement.query, limit: 15, logged: [:])
                guard let food = result.foods.first else {
                    return Outcome(
                        query: judgement.query, food: nil, label: nil, grams: nil, everydayGrams: nil, isCustomary: false,
                        everydayWasCustomary: false)
                }
                let portions = try FoodDetails.portions(db, foods: [food.id])[food.id] ?? []
                let amount = UsualAmount(food, portions: portions).amount
                let everyday = ChosenAmount.everyday(portions: portions, unit: food.measureUnit)
                return Outcome(
                    query: judgement.query, food: food.description, label: amount.label, grams: amount.grams,
                    everydayGrams: everyday.grams, isCustomary: judgement.customary.contains(amount.grams),
                    everydayWasCustomary: judgement.customary.contains(everyday.grams))
            }
        }
    }
}

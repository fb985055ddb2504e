import FoodDiary
import FoodDiaryBase
import FoodDiaryCatalog
import Foundation

/// Every result row "＋" offers for the app's own everyday names, each as typed letter by letter,
/// on a new diary: how many a tap adds unasked, and how many of those a dietitian would cross out —
/// more than 900 kcal, more than three customary servings of the food's kind,
/// or a powder, mix or concentrate by more than a spoon or a scoop.
package enum OneTapPlausibility {
    package struct Row: Sendable {
        package let query: String
        package let food: String
        package let label: String
        package let grams: Double
        package let kcal: Double
        /// The amount in customary servings of the food's kind (of a powder, mix or concentrate:
        /// of what it makes); nil for a kind the table does not know.
        package let servings: Double?
        package let form: ProductForm?
        /// A product's label serving, the maker's own.
        package let isLabelServing: Bool
        package let isOneTap: Bool

        package var line: String { "\(query) → \(food) · \(label) · \(Int(kcal.rounded())) kcal" }
    }

    package struct Figures: Sendable {
        package let searches: Int
        package let rows: [Row]
        package var oneTap: [Row] { rows.filter(\.isOneTap) }
        package var overCeiling: [Row] { oneTap.filter { $0.kcal > OneTapPlausibility.mostKilocalories + 0.5 } }
        package var overServings: [Row] { oneTap.filter { ($0.servings ?? 0) > AmountCheck.mostServings * 1.0001 } }
        /// A powder or dry mix by more than a scoop: more than `mostDryGrams`, unless it is its
        /// label's serving, the maker's amount to make one (judged by what it makes).
        package var dryByTheCup: [Row] {
            oneTap.filter { $0.form == .dry && !$0.isLabelServing && $0.grams > OneTapPlausibility.mostDryGrams }
        }
    }

    /// The most energy a dietitian would let one tap add unasked, the issue's line: the app's own
    /// ceiling is checked against it, not with it.
    package static let mostKilocalories = 900.0

    /// The most of a powder or dry mix that is still "a spoon or a scoop": a protein scoop is
    /// 30 g, an instant breakfast envelope 37 g, the dry macaroni that makes a cup 70 g. A
    /// concentrate is judged by what it makes: half a cup of condensed soup makes a cup.
    package static let mostDryGrams = 75.0

    /// The app's own everyday names: what `EverydayNames.tsv` and `CustomaryServings.tsv` know
    /// people call foods, and the queries the amount and relevance fixtures judge.
    package static func everydayNames(fixtures: String) throws -> [String] {
        var names = EverydayNames.all.map { $0.words.joined(separator: " ") } + CustomaryServing.names
        for file in ["everyday-amounts.tsv", "everyday-words.tsv", "relevance.tsv", "relevance-heldout.tsv", "scale-queries.tsv"] {
            let text = try String(contentsOfFile: fixtures + "/" + file, encoding: .utf8)
            for row in text.split(separator: "\n") where !row.hasPrefix("#") {
                let fields = row.split(separator: "\t", omittingEmptySubsequences: false)
                // scale-queries.tsv leads with the kind of query: the query is its second field.
                let query = file == "scale-queries.tsv" ? fields.dropFirst().first : fields.first
                if let query, !query.isEmpty { names.append(String(query)) }
            }
        }
        var seen = Set<String>()
        return names.map { $0.lowercased().trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// Each name, and each of its prefixes from `shortest` letters on, as the box asks while typed.
    package static func asTyped(_ names: [String], shortest: Int = 3) -> [String] {
        var seen = Set<String>()
        return names.flatMap { name in
            (min(shortest, name.count)...name.count).map { String(name.prefix($0)).trimmingCharacters(in: .whitespaces) }
        }.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// Each query searched as "＋" searches on a diary with nothing logged, every row judged.
    package static func run(_ queries: [String], catalog: CatalogDatabase, limit: Int = 15) async throws -> Figures {
        let rows = try await catalog.read { db in
            try queries.flatMap { query in
                let result = try FoodSearch.search(db, query: query, limit: limit, logged: [:])
                let portions = try FoodDetails.portions(db, foods: result.foods.map(\.id))
                return result.foods.map { food in judge(food, portions: portions[food.id] ?? [], query: query) }
            }
        }
        return Figures(searches: queries.count, rows: rows)
    }

    private static func judge(_ food: FoodSummary, portions: [Portion], query: String) -> Row {
        let usual = UsualAmount(food, portions: portions)
        let amount = usual.amount
        let kcal = (food.energyKcalPer100g ?? 0) * amount.grams / 100
        let kind = CustomaryServing.of(description: food.description, group: food.foodGroup)
        let form = ProductForm.of(food.description, kcalPer100g: food.energyKcalPer100g, kind: kind)
        let serving = kind.map {
            form == nil ? $0.amount(description: food.description, portions: portions, unit: food.measureUnit).grams : $0.grams
        }
        return Row(
            query: query, food: food.description, label: amount.label, grams: amount.grams, kcal: kcal,
            servings: serving.map { amount.grams / $0 }, form: form,
            isLabelServing: [.branded, .openFoodFacts].contains(food.dataType) && portions.first?.grams == amount.grams,
            isOneTap: usual.check(amount, kcalPer100g: food.energyKcalPer100g) == nil)
    }
}

import FoodDiaryBase
import Foundation

/// A day or a run of days of food read against what the person needs: each nutrient's daily
/// amount (a mean over several days), its share of the target, and the foods it came from.
struct NutrientReport: Sendable {
    /// A food eaten, by the name it was logged under, with the nutrients of the amount eaten.
    struct Food: Sendable {
        let name: String
        let nutrients: NutrientValues
    }

    struct Day: Sendable {
        let date: LocalDate
        let foods: [Food]
        let mealsToItemise: Int

        /// A day whose every meal is itemised: one with meals still to itemise would read low.
        var isComplete: Bool { !foods.isEmpty && mealsToItemise == 0 }
    }

    enum Status: Sendable, Equatable {
        case low, met, aboveMaximum, aboveUpperLimit, noBounds
    }

    /// A food's part of a nutrient over the days read.
    struct Source: Sendable, Equatable {
        let name: String
        let amount: Double
        let share: Double
    }

    struct Line: Sendable {
        let kind: NutrientKind
        /// Per day; nil when no food read says.
        let amount: Double?
        let target: NutrientTarget?
        /// Foods read that do not say how much of it they hold: the amount is then a lower bound.
        let foodsNotSaying: Int
        let sources: [Source]

        var fraction: Double? {
            guard let amount, let measure = target?.measure, measure > 0 else { return nil }
            return amount / measure
        }

        var status: Status {
            guard let amount, let target else { return .noBounds }
            if let limit = target.upperLimit, amount > limit { return .aboveUpperLimit }
            if let maximum = target.maximum, amount > maximum { return .aboveMaximum }
            if let minimum = target.minimum { return amount < minimum ? .low : .met }
            return target.maximum == nil ? .noBounds : .met
        }
    }

    /// The days the amounts are the mean of.
    let counted: [Day]
    let lines: [Line]

    /// `wholeDaysOnly`: leave out days with meals still to itemise, as a mean over a week must;
    /// a single day is read as it stands and the page says what is missing.
    init(days: [Day], settings: NutrientSettings, wholeDaysOnly: Bool, sourcesShown: Int = 3) {
        counted = days.filter { wholeDaysOnly ? $0.isComplete : !$0.foods.isEmpty }
        let foods = counted.flatMap(\.foods)
        let targets = settings.targets
        let dayCount = Double(counted.count)
        lines = NutrientKind.allCases.map { kind in
            var byFood: [String: Double] = [:]
            var total: Double?
            for food in foods {
                guard let value = food.nutrients[kind] else { continue }
                total = (total ?? 0) + value
                byFood[food.name, default: 0] += value
            }
            let sources =
                total.map { total in
                    byFood.filter { $0.value > 0 }
                        .sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                        .prefix(sourcesShown)
                        .map { Source(name: $0.key, amount: $0.value / dayCount, share: total > 0 ? $0.value / total : 0) }
                } ?? []
            return Line(
                kind: kind, amount: total.map { $0 / dayCount }, target: targets[kind],
                foodsNotSaying: foods.count { $0.nutrients[kind] == nil }, sources: sources)
        }
    }

    func line(_ kind: NutrientKind) -> Line { lines.first { $0.kind == kind }! }

    /// The needs the days fell short of, in the page's order.
    var low: [NutrientKind] {
        NutrientReport.groups.flatMap(\.kinds).filter { line($0).status == .low }
    }

    /// The nutrients a page reads against needs, grouped as labels and tables group them; energy
    /// has its goal on the day's page, sugars and water no reference.
    static var groups: [(heading: String, kinds: [NutrientKind])] {
        [
            (tr("Protein, carbohydrate and fat"), [.proteinG, .carbohydrateG, .fiberG, .fatG, .saturatedFatG, .cholesterolMg]),
            ("Vitamins", Array(NutrientKind.vitaminsAndMinerals.prefix { $0 != .calciumMg })),
            ("Minerals", Array(NutrientKind.vitaminsAndMinerals.drop { $0 != .calciumMg }))
        ]
    }
}

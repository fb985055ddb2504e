import FoodDiaryBase
import FoodDiaryWeb
import Hummingbird
import Foundation

/// A form of proposed foods as it comes back: for each row its typed words, the food chosen, the
/// amount typed and whether it is ticked. Read again on the server: the food is resolved by
/// reference and the amount weighed by that food's own portions.
struct ProposedFoods: Sendable {
    /// A ticked food, resolved, in its amount.
    struct Chosen: Sendable {
        let resolved: ResolvedFood
        let amount: ChosenAmount
    }

    let rows: [ProposedFoodRow]
    let chosen: [Chosen]
    /// A food was changed to another (whose amount the person has not seen), an amount became a
    /// guess, or one cannot be read: the page comes back to check before anything is saved.
    let needsLook: Bool

    static let maxRows = 200
    static let maxTyped = 500
    static let maxAmountText = 60

    /// `kinds`: what a row may name (a recipe's ingredient is never a recipe).
    /// `checksAmounts`: what one person had, whose implausible amounts are flagged; a recipe's
    /// lines are the whole dish's.
    static func read(
        _ fields: FormFields, placer: IngredientPlacer, sources: FoodSources, logged: [Int64: Int],
        kinds: Set<String> = IngredientPlacer.allKinds, checksAmounts: Bool = false,
        searchURL: (PlacedFood) -> String
    ) async throws -> ProposedFoods {
        guard let count = fields["rows"].flatMap({ Int($0) }), (1...maxRows).contains(count) else {
            throw HTTPError(.badRequest, message: tr("The form did not say how many foods it holds. Start again from the words typed."))
        }
        let typed = (0..<count).map { String((fields["typed.\($0)"] ?? "").prefix(maxTyped)) }
        let placed = try await placer.place(lines: typed, logged: logged, kinds: kinds)
        var rows: [ProposedFoodRow] = []
        var chosen: [Chosen] = []
        var needsLook = false
        for (index, placed) in placed.enumerated() {
            let keep = fields["keep.\(index)"] != nil
            let source = fields["source.\(index)"] ?? ""
            guard !source.isEmpty else {
                rows.append(ProposedFoodRow(index: index, placed: placed, amount: nil, keep: false, searchURL: searchURL(placed)))
                continue
            }
            let resolved = try await sources.resolve(source, allowing: kinds)
            let choice = placed.choices.first { $0.source == source } ?? FoodChoice(resolved)
            let amountText = String((fields["amount.\(index)"] ?? "").prefix(maxAmountText))
            switch weigh(amountText, of: choice, typed: placed.line) {
            case .failure(let problem):
                needsLook = needsLook || keep
                rows.append(
                    ProposedFoodRow(
                        index: index, placed: placed, chosen: choice, amount: nil, amountText: amountText, keep: keep,
                        error: problem.message, searchURL: searchURL(placed)))
            case .success(let amount):
                let changedFood = source != fields["shown.\(index)"]
                needsLook = needsLook || (keep && (changedFood || amount.guess != nil && amountText != fields["shownAmount.\(index)"]))
                rows.append(
                    ProposedFoodRow(
                        index: index, placed: placed, chosen: choice, amount: amount, amountText: changedFood ? nil : amountText,
                        keep: keep, checksAmount: checksAmounts, searchURL: searchURL(placed)))
                if keep { chosen.append(Chosen(resolved: resolved, amount: ChosenAmount(grams: amount.grams, label: amount.label))) }
            }
        }
        return ProposedFoods(rows: rows, chosen: chosen, needsLook: needsLook)
    }

    /// Why an amount typed for a food cannot be added.
    struct AmountProblem: Error {
        let message: String
    }

    /// An amount as typed in a proposal ("2 large", "1.5 cups", "150 g"), weighed by `food`'s portions.
    static func weigh(_ text: String, of food: FoodChoice, typed line: IngredientLine) -> Result<IngredientAmount, AmountProblem> {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return .failure(AmountProblem(message: tr("Say how much, like 2 slices or 150 g."))) }
        let amountLine = IngredientLine(text)
        // "1e308 g" read as 1 of something would log a serving nobody asked for.
        guard let count = amountLine.amount, count > 0, text.firstMatch(of: /[0-9][eE][+-]?[0-9]/) == nil else {
            return .failure(AmountProblem(message: tr("“\(text)” is not an amount. Say how much, like 2 slices or 150 g.")))
        }
        let amount = IngredientAmount.of(
            amountLine, portions: food.portions, unit: food.unit, foodWords: Words.split(line.food), isDrink: food.isDrink,
            customary: food.customary)
        let symbol = food.unit.symbol
        guard ChosenAmount.gramsRange.contains(amount.grams) else {
            return .failure(
                AmountProblem(message: tr("\(amount.label) is not an amount one entry holds: between 0.1 and 5,000 \(symbol).")))
        }
        return .success(amount)
    }
}

extension FoodChoice {
    /// A food named by a form that the placing did not offer: one of the person's own, or a
    /// catalog food picked elsewhere.
    init(_ resolved: ResolvedFood) {
        self.init(
            source: resolved.source, name: resolved.food.description, detail: resolved.details, portions: resolved.portions,
            unit: resolved.food.basisUnit, kcalPerGram: resolved.food.nutrients(forGrams: 1)[.energyKcal], usual: resolved.defaultAmount)
    }
}

import FoodDiaryBase
import Foundation

extension ProposedFoodRow {
    /// `chosen`: the food picked, when the form chose another than the first offered.
    /// `checksAmount`: flag an amount more than three usual servings or the energy three of its kind hold (what a person had, not a recipe's line).
    init(
        index: Int, placed: PlacedFood, chosen: FoodChoice? = nil, amount: IngredientAmount?, amountText: String? = nil, keep: Bool = true,
        error: String? = nil, checksAmount: Bool = false, searchURL: String
    ) {
        let choices = chosen.map { chosen in [chosen] + placed.choices.filter { $0.source != chosen.source } } ?? placed.choices
        let first = choices.first
        self.index = index
        typed = placed.typed
        found = first != nil
        self.keep = keep && first != nil
        options = choices.map { choice in
            Option(
                value: choice.source, label: choice.catalogFoodID == nil ? "\(choice.name) · \(choice.detail)" : choice.name,
                selected: choice.source == first?.source)
        }
        shownSource = first?.source ?? ""
        self.amountText = amountText ?? amount?.typed ?? ""
        gramsText = amount.map { (first?.unit ?? .grams).shownText($0.grams) } ?? ""
        if let grams = amount?.grams, let perGram = first?.kcalPerGram { energyKcal = grams * perGram } else { energyKcal = nil }
        kcal = energyKcal.map { kcalText($0) } ?? "–"
        let check = checksAmount ? amount.flatMap { amount in first?.check(grams: amount.grams) } : nil
        var sureness = chosen == nil ? placed.sureness : (amount?.guess == nil ? .sure : .likely)
        if check != nil, sureness == .sure { sureness = .likely }
        self.sureness = sureness.rawValue
        surenessText =
            switch sureness {
            case .sure: nil
            case .likely: tr("Check the amount")
            case .unsure: tr("Check the food")
            case .notFound: tr("Not found")
            }
        var notes: [String] = []
        if chosen == nil, let corrected = placed.correctedTo { notes.append(tr("Read as “\(corrected)”.")) }
        if chosen == nil, !placed.unplacedWords.isEmpty { notes.append("Not placed: “\(placed.unplacedWords.joined(separator: " "))”.") }
        if let check { notes.append(check) }
        if let guess = amount?.guess { notes.append(guess) }
        if !placed.line.note.isEmpty { notes.append("Note: \(placed.line.note)") }
        self.notes = notes
        self.error = error
        self.searchURL = searchURL
    }
}

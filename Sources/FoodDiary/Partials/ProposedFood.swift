/// One food a sentence or a recipe's line named, as proposed: which food (changeable), how much
/// (changeable), and how sure the proposal is.
struct ProposedFoodRow: Sendable {
    struct Option: Sendable {
        let value: String
        let label: String
        let selected: Bool
    }

    let index: Int
    /// The words as typed: "a slice of whole wheat toast".
    let typed: String
    let found: Bool
    let keep: Bool
    let options: [Option]
    /// The food and amount shown, which a changed choice is told from.
    let shownSource: String
    let amountText: String
    let gramsText: String
    let energyKcal: Double?
    let kcal: String
    /// `sure`, `likely`, `unsure` or `not-found`, for the page's style.
    let sureness: String
    let surenessText: String?
    let notes: [String]
    let error: String?
    /// ＋'s search for the food's words, to pick it there instead.
    let searchURL: String
}

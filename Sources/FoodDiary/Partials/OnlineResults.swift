import FoodDiaryBase
import Foundation

/// The "From FoodData Central" section: what the online search found, or why nothing came.
struct OnlineResultsView: Sendable {
    struct Row: Sendable {
        let description: String
        let detail: String
        let kcalText: String
        let per: String
        /// Already in this catalog (kept before, or SR28's own): a plain link.
        let chooseURL: String?
        /// Otherwise a button that fetches and keeps it.
        let pickAction: String?
    }

    let problem: String?
    let summary: String?
    let rows: [Row]
    let hasRows: Bool
    let query: String
    let csrfToken: String
    /// Why the shared key's limits matter, shown while no key of one's own is set.
    let demoKeyNote: String?

    static let demoNote = "Searching with the shared DEMO_KEY, which allows 30 searches an hour. A free key of your own allows 1,000."

    init(problem: String?, foods: [FoodDataCentralFood], totalHits: Int, local: [Int64: Int64], target: OnlineTarget,
         query: String, csrfToken: String, usingDemoKey: Bool, barcode: String? = nil) {
        self.problem = problem
        self.query = query
        self.csrfToken = csrfToken
        demoKeyNote = usingDemoKey ? Self.demoNote : nil
        rows = foods.map { food in
            let serving = food.serving.map { serving in
                [serving.householdText.map { "\($0) = " } ?? "", "\(formatQuantity(serving.size)) \(serving.unit.symbol) serving"].joined()
            }
            let catalogID = local[food.fdcId]
            let detail = [catalogID == nil ? "Online" : "Online, also offline here", food.dataType.shortLabel, food.brandOwner, food.category, serving, food.gtinUpc.map { "UPC \($0)" }]
                .compactMap { $0 }.joined(separator: " · ")
            return Row(description: food.description, detail: detail,
                       kcalText: food.energyKcalPer100.map { "\(NumberText.decimal($0, maxFractionDigits: 0, grouping: true)) kcal" } ?? "–",
                       per: "per 100 \(food.basisUnit.symbol)",
                       chooseURL: catalogID.map { target.chooseURL(catalogID: $0, query: query) },
                       pickAction: catalogID == nil ? target.pickAction(fdcId: food.fdcId) : nil)
        }
        hasRows = !rows.isEmpty
        let nothing = barcode.map { "FoodData Central has no product with barcode \($0)." } ?? "FoodData Central has nothing more for “\(query.prefix(60))”."
        summary = problem != nil ? nil : rows.isEmpty ? nothing
            : "\(rows.count) of \(NumberText.grouped(totalHits)) foods from FoodData Central. Adding one keeps it here, so it works offline afterwards."
    }
}

extension OnlineResultsView {
    /// Nothing from FoodData Central, and why.
    static func failed(_ problem: OnlineProblem, target: OnlineTarget, query: String, csrfToken: String, key: FoodDataCentralKey) -> OnlineResultsView {
        OnlineResultsView(problem: problem.message(usingDemoKey: key.isDemo), foods: [], totalHits: 0, local: [:], target: target,
                          query: query, csrfToken: csrfToken, usingDemoKey: key.isDemo)
    }
}

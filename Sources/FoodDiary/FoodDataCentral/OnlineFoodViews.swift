import FoodDiaryBase
import Foundation

/// Where foods found online are being added: a meal, or a recipe's ingredients.
enum OnlineTarget: Sendable {
    case meal(Meal)
    case recipe(id: Int64, name: String)

    var base: String {
        switch self {
        case .meal(let meal): "/meals/\(meal.id)/foods"
        case .recipe(let id, _): "/recipes/\(id)/ingredients"
        }
    }

    /// The add-food (or add-ingredient) page, searched again.
    func searchURL(query: String) -> String { base + "/new" + queryString(["q": query]) }
    func onlineURL(query: String, barcode: String) -> String { base + "/online" + queryString(["q": query, "barcode": barcode]) }
    func chooseURL(catalogID: Int64, query: String) -> String { base + "/new/catalog/\(catalogID)" + queryString(["q": query]) }
    func pickAction(fdcId: Int64) -> String { base + "/online/\(fdcId)" }

    var backLabel: String {
        switch self {
        case .meal: "Back to adding foods"
        case .recipe(_, let name): "Back to the recipe: \(name)"
        }
    }
}

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

/// `/meals/{id}/foods/online`: the online results on a page of their own, which the add-food page
/// loads into itself once its local results are showing.
struct OnlineFoodsPageView: Sendable {
    let title = "From FoodData Central"
    let meal: MealContextView?
    let online: OnlineResultsView
    let backURL: String
    let backLabel: String

    init(target: OnlineTarget, online: OnlineResultsView) {
        if case .meal(let meal) = target { self.meal = MealContextView(meal) } else { meal = nil }
        self.online = online
        backURL = target.searchURL(query: online.query)
        backLabel = target.backLabel
    }
}

/// The place on the add-food page where online results will appear.
struct OnlineSlotView: Sendable {
    let url: String
    /// Known already without asking the network (offline a moment ago, or a limit reached).
    let problem: String?
}

/// What the add-food and add-ingredient pages offer beyond the offline catalog: "Search FoodData
/// Central too", and a barcode typed or scanned, matched against kept foods first.
struct OnlineSearchBox: Sendable {
    let checked: Bool
    let slot: OnlineSlotView?
    let barcode: String
    let barcodeError: String?
    let barcodeResults: [CatalogResultRow]
    let hasBarcodeResults: Bool
    let barcodeSummary: String?
    let barcodeAction: String

    /// Reads `online` and `barcode` from the page's query; asks the network nothing, and reads the
    /// diary's key only when there is something to ask online.
    static func make(target: OnlineTarget, parameters: FormFields, query: String, catalog: CatalogDatabase,
                     online: FoodDataCentralOnline, diary: AppDatabase, serverKey: String?) async throws -> OnlineSearchBox {
        let checked = parameters["online"] == "1"
        let barcode = String((parameters["barcode"] ?? "").prefix(40))
        let digits = Barcode.digits(barcode)
        var kept: [FoodSummary] = []
        if let digits { kept = try await catalog.foods(barcode: digits) }
        let wantsOnline = (checked && !Words.split(query).isEmpty) || (digits != nil && kept.isEmpty)
        var slot: OnlineSlotView?
        if wantsOnline {
            let key = try await FoodDataCentralKey.current(in: diary, server: serverKey)
            slot = OnlineSlotView(url: target.onlineURL(query: digits == nil ? query : "", barcode: digits ?? ""),
                                  problem: await online.knownProblem(key: key.value)?.message(usingDemoKey: key.isDemo))
        }
        let rows = kept.map { CatalogResultRow($0, url: target.chooseURL(catalogID: $0.id, query: "")) }
        return OnlineSearchBox(
            checked: checked, slot: slot, barcode: barcode, barcodeError: !barcode.isEmpty && digits == nil ? Barcode.problem : nil,
            barcodeResults: rows, hasBarcodeResults: !rows.isEmpty,
            barcodeSummary: digits.map { digits in kept.isEmpty ? nil : "Barcode \(digits): kept here, works offline." } ?? nil,
            barcodeAction: target.base + "/new")
    }
}

import FoodDiaryBase
import FoodDiaryCatalog
import Foundation

/// What the online searches found, as the shared "From FoodData Central / Open Food Facts" section shows it.
extension OnlineResultsView {
    init(
        problem: String?, foods: [FoodDataCentralFood], totalHits: Int, local: [Int64: Int64], target: OnlineTarget,
        query: String, csrfToken: String, usingDemoKey: Bool, barcode: String? = nil
    ) {
        self.problem = problem
        self.query = query
        self.csrfToken = csrfToken
        demoKeyNote = usingDemoKey ? Self.demoNote : nil
        rows = foods.map { food in
            let serving = food.serving.map { serving in
                [serving.householdText.map { "\($0) = " } ?? "", "\(formatQuantity(serving.size)) \(serving.unit.symbol) serving"].joined()
            }
            let catalogID = local[food.fdcId]
            let detail = [
                catalogID == nil ? "Online" : "Online, also offline here", food.dataType.shortLabel, food.brandOwner,
                food.dataType == .openFoodFacts ? nil : food.category, serving, food.gtinUpc.map { "barcode \($0)" }
            ]
            .compactMap { $0 }.joined(separator: " · ")
            return Row(
                description: food.description, detail: detail,
                kcalText: food.energyKcalPer100.map(FoodDiaryBase.kcalText) ?? "–",
                per: "per 100 \(food.basisUnit.symbol)",
                chooseURL: catalogID.map { target.chooseURL(catalogID: $0, query: query) },
                pickAction: catalogID != nil
                    ? nil
                    : food.dataType == .openFoodFacts ? food.gtinUpc.map(target.pickProductAction) : target.pickAction(fdcId: food.fdcId))
        }
        hasRows = !rows.isEmpty
        let nothing =
            barcode.map { "FoodData Central has no product with barcode \($0)." }
            ?? "FoodData Central has nothing more for “\(query.prefix(60))”."
        summary =
            problem != nil
            ? nil
            : rows.isEmpty
                ? nothing
                : "\(Self.shown(rows.count, of: totalHits, "food")) from FoodData Central. Adding one keeps it here, so it works offline afterwards."
    }
}

extension OnlineResultsView {
    static let openFoodFactsAttribution = "Product data © Open Food Facts contributors, under the Open Database License (ODbL)."

    /// Open Food Facts' products for a name search, sold in the person's country.
    init(
        products: [OpenFoodFactsProduct], count: Int, kept: Set<Int64>, country: ProductCountry?, target: OnlineTarget, query: String,
        csrfToken: String
    ) {
        self.init(
            problem: nil, foods: products.map(\.catalogFood), totalHits: count,
            local: Dictionary(uniqueKeysWithValues: kept.map { ($0, $0) }),
            target: target, query: query, csrfToken: csrfToken, usingDemoKey: false)
        source = OpenFoodFactsOnline.name
        attribution = Self.openFoodFactsAttribution
        summary =
            rows.isEmpty
            ? "Open Food Facts has nothing for “\(query.prefix(60))”."
            : "\(Self.shown(rows.count, of: count, "product")) on Open Food Facts. Adding one keeps it here, so it works offline afterwards."
        countryNote = country.map { "Products sold in \($0.name)." } ?? "Products from every country."
        offerPhotos(products)
    }

    /// The one product Open Food Facts has for a barcode.
    init(product: OpenFoodFactsProduct, kept: Bool, target: OnlineTarget, barcode: String, csrfToken: String) {
        self.init(
            problem: nil, foods: [product.catalogFood], totalHits: 1, local: kept ? [product.catalogID: product.catalogID] : [:],
            target: target, query: "", csrfToken: csrfToken, usingDemoKey: false, barcode: barcode)
        offerPhotos([product])
        source = OpenFoodFactsOnline.name
        attribution = Self.openFoodFactsAttribution
        summary = "Barcode \(barcode) on Open Food Facts. Adding it keeps it here, so it works offline afterwards."
    }

    /// "1 product", "10 of 1,234 products": the page's part of what was found.
    static func shown(_ shown: Int, of found: Int, _ noun: String) -> String {
        found <= shown ? "\(shown) \(noun)\(shown == 1 ? "" : "s")" : "\(shown) of \(NumberText.grouped(found)) \(noun)s"
    }

    private mutating func offerPhotos(_ products: [OpenFoodFactsProduct]) {
        for (index, product) in products.enumerated() where rows[index].pickAction != nil {
            rows[index].offersPhoto = product.imageURL != nil
        }
    }

    /// No product with this barcode anywhere asked.
    static func nothing(barcode: String, target: OnlineTarget, csrfToken: String) -> OnlineResultsView {
        var view = OnlineResultsView(
            problem: nil, foods: [], totalHits: 0, local: [:], target: target, query: "",
            csrfToken: csrfToken, usingDemoKey: false, barcode: barcode)
        view.source = OpenFoodFactsOnline.name
        view.summary = "Neither FoodData Central nor Open Food Facts knows barcode \(barcode). Type the food from its label instead."
        return view
    }

    /// Nothing from another source than FoodData Central, and why.
    static func failed(_ problem: OnlineProblem, source: String, target: OnlineTarget, query: String, csrfToken: String)
        -> OnlineResultsView
    {
        var view = OnlineResultsView(
            problem: problem.message(usingDemoKey: false, source: source), foods: [], totalHits: 0, local: [:],
            target: target, query: query, csrfToken: csrfToken, usingDemoKey: false)
        view.source = source
        return view
    }

    /// Nothing from FoodData Central, and why.
    static func failed(_ problem: OnlineProblem, target: OnlineTarget, query: String, csrfToken: String, key: FoodDataCentralKey)
        -> OnlineResultsView
    {
        OnlineResultsView(
            problem: problem.message(usingDemoKey: key.isDemo), foods: [], totalHits: 0, local: [:], target: target,
            query: query, csrfToken: csrfToken, usingDemoKey: key.isDemo)
    }
}

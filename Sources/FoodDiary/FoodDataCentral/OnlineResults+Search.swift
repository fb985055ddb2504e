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
                [serving.householdText.map { "\($0) = " } ?? "", tr("\(formatQuantity(serving.size)) \(serving.unit.symbol) serving")]
                    .joined()
            }
            let catalogID = local[food.fdcId]
            let detail = [
                catalogID == nil ? tr("Online") : tr("Online, also offline here"), food.dataType.shortLabel, food.brandOwner,
                food.dataType == .openFoodFacts ? nil : food.category, serving, food.gtinUpc.map { tr("barcode \($0)") }
            ]
            .compactMap { $0 }.joined(separator: " · ")
            return Row(
                description: food.description, detail: detail,
                kcalText: food.energyKcalPer100.map(FoodDiaryBase.kcalText) ?? "–",
                per: tr("per 100 \(food.basisUnit.symbol)"),
                chooseURL: catalogID.map { target.chooseURL(catalogID: $0, query: query) },
                pickAction: catalogID != nil
                    ? nil
                    : food.dataType == .openFoodFacts ? food.gtinUpc.map(target.pickProductAction) : target.pickAction(fdcId: food.fdcId))
        }
        hasRows = !rows.isEmpty
        let nothing =
            barcode.map { tr("FoodData Central has no product with barcode \($0).") }
            ?? tr("FoodData Central has nothing more for “\(query.prefix(60))”.")
        summary =
            problem != nil
            ? nil
            : rows.isEmpty
                ? nothing
                : tr(
                    "\(Self.foods(rows.count, of: totalHits)) from FoodData Central. Adding one keeps it here, so it works offline afterwards."
                )
    }
}

extension OnlineResultsView {
    static var openFoodFactsAttribution: String {
        tr("Product data © Open Food Facts contributors, under the Open Database License (ODbL).")
    }

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
            ? tr("Open Food Facts has nothing for “\(query.prefix(60))”.")
            : tr("\(Self.products(rows.count, of: count)) on Open Food Facts. Adding one keeps it here, so it works offline afterwards.")
        countryNote = country.map { tr("Products sold in \($0.name).") } ?? tr("Products from every country.")
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
        summary = tr("Barcode \(barcode) on Open Food Facts. Adding it keeps it here, so it works offline afterwards.")
    }

    /// "1 food", "10 of 1,234 foods": the page's part of what FoodData Central found.
    static func foods(_ shown: Int, of found: Int) -> String {
        found <= shown
            ? tr(one: "\(shown) food", other: "\(shown) foods", count: shown)
            : tr(
                one: "\(shown) of \(NumberText.grouped(found)) food", other: "\(shown) of \(NumberText.grouped(found)) foods", count: found)
    }

    /// "1 product", "10 of 1,234 products": the page's part of what Open Food Facts found.
    static func products(_ shown: Int, of found: Int) -> String {
        found <= shown
            ? tr(one: "\(shown) product", other: "\(shown) products", count: shown)
            : tr(
                one: "\(shown) of \(NumberText.grouped(found)) product", other: "\(shown) of \(NumberText.grouped(found)) products",
                count: found)
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
        view.summary = tr("Neither FoodData Central nor Open Food Facts knows barcode \(barcode). Type the food from its label instead.")
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

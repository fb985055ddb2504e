import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryWeb
import Foundation

/// `/foods`: the search box and its results.
struct FoodSearchView: Sendable {
    struct Row: Sendable {
        let url: String
        let description: String
        let foodGroup: String
        let brandOwner: String?
        let kcalText: String
    }

    let title: String
    let query: String
    let brand: String
    let summary: String?
    let spelling: SpellingView?
    let emptyMessage: String?
    let results: [CatalogResultRow]
    /// The person's own foods that match, listed above USDA's and marked as theirs.
    let myFoods: [Row]
    let hasMyFoods: Bool
    let scope: CatalogScopeView

    init(
        query: String, brand: String, scope: FoodSearch.Scope = .all, result: FoodSearchResult?, myFoods: [MyFood] = [],
        brandedProgress: BrandedFoodsImport.Progress? = nil
    ) {
        let encoded = { (text: String) in text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "" }
        self.scope = CatalogScopeView(
            scope: scope, result: result, progress: brandedProgress,
            brandedURL: "/foods?q=\(encoded(query))&brand=\(encoded(brand))&kind=branded")
        self.myFoods = myFoods.map {
            Row(
                url: "/my-foods/\($0.id)", description: $0.name,
                foodGroup: tr("Mine · \($0.servingLabel ?? "1 serving") = \(MeasureUnit.grams.shownText($0.servingGrams))"),
                brandOwner: $0.brandOwner, kcalText: kcalText($0.perServing))
        }
        hasMyFoods = !self.myFoods.isEmpty
        self.query = query
        self.brand = brand
        title = query.isEmpty ? tr("Foods") : tr("Foods matching “\(query.prefix(60))”")
        spelling = SpellingView(result) { typed in
            "/foods" + queryString(["q": typed, "brand": brand, "kind": scope == .all ? "" : scope.rawValue, "exact": "1"])
        }
        // A food's page remembers the search it came from, for its way back.
        let from = FoodSearchOrigin(query: query, brand: brand, scope: scope).queryString()
        results = (result?.foods ?? []).map { CatalogResultRow($0, url: "/foods/\($0.id)" + from) }
        if hasMyFoods && (result?.totalHits ?? 0) == 0 {
            summary = nil
            emptyMessage = tr("No USDA food matches every word of “\(query.prefix(60))”.")
        } else if let result, result.totalHits > 0 {
            let shown = result.foods.count
            summary =
                result.totalHits > shown
                ? tr("Showing the best \(shown) of \(CatalogScopeView.countText(result)) foods.")
                : tr(one: "\(result.totalHits) food found.", other: "\(result.totalHits) foods found.", count: result.totalHits)
            emptyMessage = nil
        } else if query.trimmingCharacters(in: .whitespaces).isEmpty {
            summary = nil
            emptyMessage = tr(
                "Type what you ate, like “banana” or “chicken breast”. Every word must match; the last one can be unfinished.")
        } else {
            summary = nil
            let (words, maker) = (query.prefix(60), brand.prefix(60))
            emptyMessage =
                maker.isEmpty
                ? tr("No food in the USDA database matches every word of “\(words)”. Try fewer or more general words.")
                : tr("No food in the USDA database matches every word of “\(words)” from “\(maker)”. Try fewer or more general words.")
        }
    }
}

/// An amount to show nutrients for: grams, or a count of a USDA household portion.
struct FoodAmount: Sendable, Equatable {

    let key: String
    let label: String
    let grams: Double

    /// The amount a food's page opens with: what one tap adds, so the page and ＋ agree.
    static func defaultKey(for food: FoodDetails, measures: (portions: [Portion], usual: UsualAmount)) -> String {
        measures.usual.formChoice(among: measures.portions) ?? ChosenAmount.usualPresetKey(food.measureUnit, metric: 100)
    }

    /// `key` among `options`, or a preset of the other system, from a link made before a switch.
    static func chosen(_ key: String, among options: [FoodAmount], food: FoodDetails) -> FoodAmount? {
        options.first { $0.key == key }
            ?? ChosenAmount.preset(key, unit: food.measureUnit).map { FoodAmount(key: $0.key, label: $0.label, grams: $0.stored) }
    }

    /// The presets, then the food's measures (`FoodDetails.measures`, its usual serving among them).
    static func options(for food: FoodDetails, measures: [Portion]) -> [FoodAmount] {
        let unit = food.measureUnit
        return ChosenAmount.presets(unit).map { FoodAmount(key: $0.key, label: $0.label, grams: $0.stored) }
            + measures.map { FoodAmount(key: $0.key, label: "\($0.label) = \(unit.shownText($0.grams))", grams: $0.grams) }
    }
}

/// A meal a food's page can add the food to, or a new one ("new").
struct LogTargetOption: Sendable {
    let value: String
    let label: String
    let selected: Bool
}

/// Where a food's page adds: its meals to choose from, and the day and slot of a new meal when ＋
/// opened the page for another day's or another slot's meal.
struct LogTargetChoice: Sendable {
    var options: [LogTargetOption] = []
    var day: String?
    var slot: String?
    /// What the page's links carry to keep adding there (`meal=3`, or `day=…` and `slot=…`).
    var carried: [String] = []
}

/// `/foods/{id}`: a Nutrition Facts style panel for a chosen amount and every nutrient, grouped,
/// and the way to add that amount to a meal.
struct FoodDetailView: Sendable {
    struct AmountLink: Sendable { let label: String; let url: String; let selected: Bool }
    struct Line: Sendable { let name: String; let value: String; let indented: Bool }
    struct Group: Sendable { let name: String; let lines: [Line] }

    let title: String
    let description: String
    let foodGroup: String
    /// "USDA SR Legacy · NDB 09040", "USDA FoodData Central, survey (FNDDS)".
    let source: String
    let commonName: String?
    let brandOwner: String?
    /// A branded food's serving as its label gives it: "2.5 oz = 70 g".
    let labelServing: String?
    /// A food picked online: its barcode, and where its numbers came from.
    let barcode: String?
    let sourceNote: String
    /// A kept product's packaging, when this diary's person kept its photo.
    var productPhotoURL: String?
    /// Said when one tap would have added an amount to check, and sent the person here instead.
    var notice: String?
    let amountLabel: String
    let amounts: [AmountLink]
    /// The search this page was reached from, query and all.
    let backText: String
    let backURL: String
    let label: [Line]
    let groups: [Group]
    let csrfToken: String
    /// `catalog:<id>` and the amount's key, as "＋" takes them.
    let logSource: String
    let amountKey: String
    let logTargets: [LogTargetOption]
    let hasLogTargets: Bool
    let logDay: String?
    let logSlot: String?

    /// Nutrition Facts lines by SR nutrient number; indented lines are parts of the line above.
    static var labelLines: [(number: String, name: String, indented: Bool)] {
        [
            ("208", "Calories", false), ("204", tr("Total fat"), false), ("606", tr("Saturated fat"), true), ("605", tr("Trans fat"), true),
            ("601", "Cholesterol", false), ("307", "Sodium", false), ("205", tr("Total carbohydrate"), false),
            ("291", tr("Dietary fibre"), true), ("269", tr("Total sugars"), true), ("203", "Protein", false),
            ("328", tr("Vitamin D"), false), ("301", "Calcium", false), ("303", "Iron", false), ("306", "Potassium", false)
        ]
    }

    init(
        food: FoodDetails, amount: FoodAmount, options: [FoodAmount], from origin: FoodSearchOrigin = FoodSearchOrigin(),
        logTargets: LogTargetChoice = LogTargetChoice(), csrfToken: String = ""
    ) {
        title = food.summary.description
        self.csrfToken = csrfToken
        logSource = "catalog:\(food.summary.id)"
        amountKey = amount.key
        self.logTargets = logTargets.options
        hasLogTargets = !logTargets.options.isEmpty
        logDay = logTargets.day
        logSlot = logTargets.slot
        // Opened from ＋, the way back is ＋ adding to the same meal.
        backURL = origin.target.isEmpty ? "/foods" + origin.queryString() : "/log?" + origin.target.joined(separator: "&")
        backText = origin.target.isEmpty ? tr("Food search") : tr("What did you eat?")
        description = food.summary.description
        foodGroup = food.summary.foodGroup
        source = food.summary.dataType.label + (food.summary.ndbNumber.map { tr(" · NDB \($0)") } ?? "")
        commonName = food.commonName
        brandOwner = food.summary.brandOwner
        labelServing = food.summary.dataType == .branded ? options.first { $0.key.hasPrefix("p") }?.label : nil
        barcode = food.gtinUpc
        let per = tr("per 100 \(food.measureUnit.symbol)")
        sourceNote =
            switch (food.fetchedAt, food.label) {
            case _ where food.summary.dataType == .openFoodFacts:
                tr(
                    "Values from Open Food Facts (barcode \(food.gtinUpc ?? "–")), \(per), scaled to the amount; “–” means the product gives no value. "
                )
                    + OnlineResultsView.openFoodFactsAttribution
            case (_?, _?):
                tr(
                    "Values from USDA FoodData Central (fdcId \(food.summary.id)): the label’s, per serving, where it gives them, else USDA’s \(per); scaled to the amount. “–” means neither has a value."
                )
            case (_?, nil):
                tr(
                    "Values from USDA FoodData Central (fdcId \(food.summary.id)), \(per), scaled to the amount; “–” means USDA has no value."
                )
            default: tr("Values from USDA, \(per) of edible portion, scaled to the amount; “–” means USDA has no value.")
            }
        amountLabel = amount.label
        amounts = options.map {
            AmountLink(label: $0.label, url: "/foods/\(food.summary.id)" + origin.queryString(amount: $0.key), selected: $0 == amount)
        }
        let nutrients = food.shownNutrients
        let byNumber = Dictionary(nutrients.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
        label = Self.labelLines.map { line in
            // A label in kJ says "Energy", as European ones do.
            let line = line.number == "208" && EnergyUnit.shown == .kJ ? (number: "268", name: "Energy", indented: false) : line
            return Line(
                name: line.name, value: byNumber[line.number].map { Self.scaled($0, grams: amount.grams) } ?? "–", indented: line.indented)
        }
        groups = Dictionary(grouping: nutrients, by: { Self.groupName(sortOrder: $0.sortOrder) })
            .sorted { $0.value[0].sortOrder < $1.value[0].sortOrder }
            .map { name, nutrients in
                Group(
                    name: name, lines: nutrients.map { Line(name: $0.name, value: Self.scaled($0, grams: amount.grams), indented: false) })
            }
    }

    /// value × grams / 100, rounded only here, for display, to USDA's own precision for that nutrient.
    static func scaled(_ nutrient: FoodDetails.Nutrient, grams: Double) -> String {
        let value = nutrient.amountPer100g * grams / 100
        return NumberText.decimal(value, maxFractionDigits: max(0, min(nutrient.decimals, 3)), grouping: true) + " " + nutrient.unit
    }

    static func groupName(sortOrder: Int) -> String {
        switch sortOrder {
        case ..<5000: tr("Energy and macronutrients")
        case ..<6300: tr("Minerals")
        case ..<9700: tr("Vitamins")
        case ..<16700: tr("Lipids")
        case ..<18100: tr("Amino acids")
        default: tr("Other")
        }
    }
}

import FoodDiaryBase
import Hummingbird

/// A catalog food among search results, wherever its link leads (the food's page, adding it to a
/// meal, adding it to a recipe); `partials/catalog_result` shows it.
struct CatalogResultRow: Sendable {
    let url: String
    let description: String
    let foodGroup: String
    /// "SR28", "FNDDS", "Foundation" or "Branded".
    let source: String
    let brandOwner: String?
    let kcalText: String
    let per: String
    let isSaved: Bool

    init(_ food: FoodSummary, url: String, isSaved: Bool = false) {
        self.url = url
        per = "per 100 \(food.measureUnit.symbol)"
        description = food.description
        foodGroup = food.foodGroup
        source = food.dataType.shortLabel
        brandOwner = food.brandOwner
        kcalText = food.energyKcalPer100g.map(FoodDiaryBase.kcalText) ?? "– kcal"
        self.isSaved = isSaved
    }
}

/// A catalog search form's "All foods / Generic / Branded" choice (`partials/catalog_scope`), and
/// what the results say of the branded foods (`partials/catalog_scope_notes`).
struct CatalogScopeView: Sendable {
    struct Option: Sendable { let value: String; let label: String; let checked: Bool }

    let options: [Option]
    /// "500+ branded products also match", with the address that lists them.
    let brandedHint: String?
    let brandedURL: String?
    /// Set while the branded foods are still being added.
    let progressNote: String?

    static let labels: [(FoodSearch.Scope, String)] = [(.all, "All foods"), (.generic, "Generic"), (.branded, "Branded")]

    /// `brandedURL`: this page's address for the same search with Branded chosen.
    init(scope: FoodSearch.Scope, result: FoodSearchResult?, progress: BrandedFoodsImport.Progress?, brandedURL: String) {
        options = Self.labels.map { Option(value: $0.0.rawValue, label: $0.1, checked: $0.0 == scope) }
        if let result, result.brandedHits > 0 {
            let count = result.brandedHits >= FoodSearch.brandedCountLimit ? "\(NumberText.grouped(FoodSearch.brandedCountLimit))+"
                : NumberText.grouped(result.brandedHits)
            brandedHint = "\(count) branded product\(result.brandedHits == 1 ? "" : "s") match too."
            self.brandedURL = brandedURL
        } else {
            brandedHint = nil
            self.brandedURL = nil
        }
        if let progress, progress.isUnderway, let total = progress.total, scope != .generic {
            progressNote = "Adding \(NumberText.grouped(total)) branded products from USDA FoodData Central in the background: "
                + "\(NumberText.grouped(progress.done)) so far (\(progress.done * 100 / max(total, 1)) %). Searches include those added."
        } else {
            progressNote = nil
        }
    }

    /// How many foods matched, with a "+" when the branded ones were counted only so far.
    static func countText(_ result: FoodSearchResult) -> String {
        NumberText.grouped(result.totalHits) + (result.totalIsFloor ? "+" : "")
    }
}

extension FoodSearch.Scope {
    /// From a search form's `kind` field; absent or empty is all foods.
    init(formValue: String?) throws {
        guard let scope = FoodSearch.Scope(rawValue: formValue.flatMap { $0.isEmpty ? nil : $0 } ?? "all") else {
            throw HTTPError(.badRequest, message: "Choose all foods, generic or branded (`kind` is all, generic or branded).")
        }
        self = scope
    }
}

/// What a search page says when it corrected the spelling: "Showing avocado — search instead for
/// avacado", or, when nothing matched as typed, only what it shows.
struct SpellingView: Sendable {
    let correctedQuery: String
    let typedQuery: String?
    let insteadURL: String?

    /// `address`: the page's address for a query, with "exact" set to search as typed.
    init?(_ result: FoodSearchResult?, address: (String) -> String) {
        guard let corrected = result?.correctedQuery else { return nil }
        correctedQuery = corrected
        typedQuery = result?.typedQuery
        insteadURL = result?.typedQuery.map(address)
    }
}

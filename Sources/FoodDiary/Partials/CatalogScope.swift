import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryWeb
import Hummingbird

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

    static var labels: [(FoodSearch.Scope, String)] { [(.all, tr("All foods")), (.generic, tr("Generic")), (.branded, tr("Branded"))] }

    /// `brandedURL`: this page's address for the same search with Branded chosen.
    init(scope: FoodSearch.Scope, result: FoodSearchResult?, progress: BrandedFoodsImport.Progress?, brandedURL: String) {
        options = Self.labels.map { Option(value: $0.0.rawValue, label: $0.1, checked: $0.0 == scope) }
        if let result, result.brandedHits > 0 {
            let count =
                result.brandedHits >= FoodSearch.brandedCountLimit
                ? "\(NumberText.grouped(FoodSearch.brandedCountLimit))+"
                : NumberText.grouped(result.brandedHits)
            brandedHint = tr(
                one: "\(count) branded product matches too.", other: "\(count) branded products match too.", count: result.brandedHits)
            self.brandedURL = brandedURL
        } else {
            brandedHint = nil
            self.brandedURL = nil
        }
        if let progress, progress.isUnderway, let total = progress.total, scope != .generic {
            progressNote =
                tr("Adding \(NumberText.grouped(total)) branded products from USDA FoodData Central in the background: ")
                + tr(
                    "\(NumberText.grouped(progress.done)) so far (\(progress.done * 100 / max(total, 1)) %). Searches include those added.")
        } else {
            progressNote = nil
        }
    }

    /// How many foods matched, with a "+" when the branded ones were counted only so far.
    static func countText(_ result: FoodSearchResult) -> String {
        NumberText.grouped(result.totalHits) + (result.totalIsFloor ? "+" : "")
    }
}

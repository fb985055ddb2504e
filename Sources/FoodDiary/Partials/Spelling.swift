import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryWeb
import Hummingbird

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

import FoodDiaryBase
import Foundation

struct PaginationView: Sendable {
    let page: Int
    let pageCount: Int
    let previousURL: String?
    let nextURL: String?

    /// Links for a list at `path`; nil when it fits on one page.
    init?(_ list: MealQueries.ListPage, path: String) {
        guard list.pageCount > 1 else { return nil }
        page = list.page
        pageCount = list.pageCount
        previousURL = page > 1 ? (page == 2 ? path : "\(path)?page=\(page - 1)") : nil
        nextURL = page < pageCount ? "\(path)?page=\(page + 1)" : nil
    }
}

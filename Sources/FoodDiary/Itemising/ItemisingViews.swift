import FoodDiaryBase
import Foundation

/// `/meals/snap`: one or many photos at once, each a meal to itemise later. Shown again with
/// what became of each file when some could not be kept.
struct SnapView: Sendable {
    struct Outcome: Sendable {
        let fileName: String
        let message: String
        let url: String?
        let isError: Bool
    }

    let title = tr("Snap a meal")
    let csrfToken: String
    let maxUploadMB: Int
    let error: String?
    let outcomes: [Outcome]
    let hasOutcomes: Bool
    let toItemiseURL = "/meals/to-itemise"

    init(csrfToken: String, maxUploadBytes: Int, error: String? = nil, outcomes: [Outcome] = []) {
        self.csrfToken = csrfToken
        maxUploadMB = maxUploadBytes / 1_000_000
        self.error = error
        self.outcomes = outcomes
        hasOutcomes = !outcomes.isEmpty
    }
}

/// `/meals/to-itemise`: every meal with no foods yet, newest first.
struct ToItemiseListView: Sendable {
    let title = tr("Meals to itemise")
    let notice: String?
    let summary: String
    let isEmpty: Bool
    let days: [MealDayView]
    let pagination: PaginationView?

    init(page: MealQueries.ListPage, notice: String?) {
        self.notice = notice
        isEmpty = page.meals.isEmpty
        summary =
            switch page.totalCount {
            case 0: tr("Every meal has its foods. Snap a meal and it waits here until you add them.")
            case 1: tr("1 meal has a photo or a time but no foods yet. It counts as unknown, never as nothing eaten.")
            default: tr("\(page.totalCount) meals have a photo or a time but no foods yet. They count as unknown, never as nothing eaten.")
            }
        days = MealDayView.group(page.meals)
        pagination = PaginationView(page, path: "/meals/to-itemise")
    }
}

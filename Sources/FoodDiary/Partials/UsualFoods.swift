import FoodDiaryBase
import Foundation

/// The add-food page's row of usual foods, one tap each.
struct UsualFoodsView: Sendable {
    struct Food: Sendable {
        let description: String
        let detail: String
        let kcal: String
        let entryID: Int64
        let buttonLabel: String
    }

    let heading: String
    let note: String
    let action: String
    let csrfToken: String
    let foods: [Food]
}

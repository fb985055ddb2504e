import FoodDiaryBase
import FoodDiaryWeb
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
    func pickProductAction(barcode: String) -> String { base + "/online/product/\(barcode)" }

    var backLabel: String {
        switch self {
        case .meal: tr("Back to adding foods")
        case .recipe(_, let name): tr("Back to the recipe: \(name)")
        }
    }
}

/// `/meals/{id}/foods/online`: the online results on a page of their own, one section per source
/// in the order the person's country gives, which the add-food page loads into itself once its
/// local results are showing.
struct OnlineFoodsPageView: Sendable {
    let title: String
    let meal: MealContextView?
    let online: [OnlineResultsView]
    let backURL: String
    let backLabel: String

    init(target: OnlineTarget, online: [OnlineResultsView]) {
        if case .meal(let meal) = target { self.meal = MealContextView(meal) } else { meal = nil }
        self.online = online
        title = online.count == 1 ? tr("From \(online[0].source)") : tr("Found online")
        backURL = target.searchURL(query: online.first?.query ?? "")
        backLabel = target.backLabel
    }
}

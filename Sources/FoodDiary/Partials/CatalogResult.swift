import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryWeb
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
        per = tr("per 100 \(food.measureUnit.symbol)")
        description = food.description
        foodGroup = food.foodGroup
        source = food.dataType.shortLabel
        brandOwner = food.brandOwner
        kcalText = food.energyKcalPer100g.map(FoodDiaryBase.kcalText) ?? tr("– kcal")
        self.isSaved = isSaved
    }
}

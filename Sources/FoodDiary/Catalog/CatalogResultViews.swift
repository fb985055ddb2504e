/// A catalog food among search results, wherever its link leads (the food's page, adding it to a
/// meal, adding it to a recipe); `partials/catalog_result` shows it.
struct CatalogResultRow: Sendable {
    let url: String
    let description: String
    let foodGroup: String
    /// "SR28", "FNDDS" or "Foundation".
    let source: String
    let brandOwner: String?
    let kcalText: String
    let isSaved: Bool

    init(_ food: FoodSummary, url: String, isSaved: Bool = false) {
        self.url = url
        description = food.description
        foodGroup = food.foodGroup
        source = food.dataType.shortLabel
        brandOwner = food.brandOwner
        kcalText = food.energyKcalPer100g.map(FoodDiary.kcalText) ?? "– kcal"
        self.isSaved = isSaved
    }
}

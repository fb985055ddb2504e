import Foundation
import Hummingbird

/// Something a form can add by reference — `catalog:12`, `saved:3`, `my:5`, `recipe:2` — read
/// again on the server, so nothing numeric but the amount is ever taken from the request.
struct ResolvedFood: Sendable {
    let source: String
    let food: FoodSnapshot
    let portions: [Portion]
    /// The amount one tap adds (saved foods).
    let defaultAmount: ChosenAmount?
    let myFoodID: Int64?
    let catalogFoodID: Int64?
    let details: String
}

struct FoodSources: Sendable {
    let database: AppDatabase
    let catalog: CatalogDatabase

    /// `kinds` limits what may be named: a recipe cannot contain a recipe.
    func resolve(_ source: String, allowing kinds: Set<String> = ["catalog", "saved", "my", "recipe"]) async throws -> ResolvedFood {
        let parts = source.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, kinds.contains(parts[0]), let id = Int64(parts[1]), id > 0 else {
            throw HTTPError(.badRequest, message: "The form did not say which food to add. Go back to the search and pick one.")
        }
        switch parts[0] {
        case "catalog":
            guard let details = try await catalog.read({ db in try FoodDetails.fetch(db, id: id) }) else {
                throw HTTPError(.notFound, message: "There is no food with that number in the catalog. Search again and pick one from the list.")
            }
            let line = [details.summary.foodGroup, "NDB \(details.summary.ndbNumber)", details.summary.brandOwner].compactMap { $0 }.joined(separator: " · ")
            return ResolvedFood(source: source, food: FoodSnapshot(catalogFood: details), portions: Portion.catalogPortions(details),
                                defaultAmount: nil, myFoodID: nil, catalogFoodID: id, details: line)
        case "saved":
            guard let saved = try await database.read({ db in try EntryQueries.savedFood(db, id: id) }) else {
                throw HTTPError(.notFound, message: "That saved food is gone; it may have been removed from My saved foods.")
            }
            let portions: [Portion]
            if let catalogID = saved.food.catalogFoodID {
                portions = try await catalog.read { db in try FoodDetails.fetch(db, id: catalogID) }.map(Portion.catalogPortions) ?? []
            } else {
                portions = saved.food.basisGrams.map { [.serving(grams: $0)] } ?? []
            }
            let line = ["Saved food", saved.food.dataType.label, saved.food.brandOwner].compactMap { $0 }.joined(separator: " · ")
            return ResolvedFood(source: source, food: saved.food, portions: portions, defaultAmount: saved.defaultAmount,
                                myFoodID: nil, catalogFoodID: saved.food.catalogFoodID, details: line)
        case "my":
            guard let food = try await database.read({ db in try MyFood.fetch(db, id: id) }) else { throw MyFoodsController.notFound }
            let line = ["My food", food.brandOwner].compactMap { $0 }.joined(separator: " · ")
            return ResolvedFood(source: source, food: food.snapshot, portions: [food.portion], defaultAmount: nil, myFoodID: id,
                                catalogFoodID: nil, details: line)
        default:
            guard let recipe = try await database.read({ db in try Recipe.fetch(db, id: id) }) else { throw RecipesController.notFound }
            guard let snapshot = recipe.snapshot else {
                throw HTTPError(.conflict, message: "“\(recipe.name)” has no ingredients yet, so a serving weighs nothing. Add its ingredients first.")
            }
            let line = "Recipe · \(formatQuantity(recipe.servings)) servings of \(formatQuantity(recipe.servingGrams)) g"
            return ResolvedFood(source: source, food: snapshot, portions: [recipe.portion], defaultAmount: nil, myFoodID: nil,
                                catalogFoodID: nil, details: line)
        }
    }
}


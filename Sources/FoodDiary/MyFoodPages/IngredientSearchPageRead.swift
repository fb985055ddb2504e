import FoodDiaryCatalog
import Foundation

/// Everything a recipe's ingredient search lists, read in one call: the recipe, the person's own
/// foods matching the words and what the catalog finds for them, searched while the diary is read.
struct IngredientSearchPageRead: Sendable {
    let recipe: Recipe
    let query: String
    let myFoods: [MyFood]
    /// Nil until words are typed.
    let result: FoodSearchResult?

    /// Throws `Recipe.Missing` for a recipe that is gone.
    static func read(recipeID: Int64, query: String, diary: Diary, catalog: CatalogDatabase) async throws -> IngredientSearchPageRead {
        async let searched = catalog.searchIfTyped(
            query, brand: "", scope: .all, limit: 25, asTyped: false,
            logged: { try await diary.loggedCatalogFoods() })
        let read = try await diary.database.read { db -> (Recipe, [MyFood])? in
            guard let recipe = try Recipe.fetch(db, id: recipeID) else { return nil }
            return (recipe, try MyFood.fetchAll(db, matching: query))
        }
        guard let (recipe, myFoods) = read else { throw Recipe.Missing() }
        return IngredientSearchPageRead(recipe: recipe, query: query, myFoods: myFoods, result: try await searched)
    }
}

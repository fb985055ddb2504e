import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryWeb
import Foundation

/// Everything the add-food page lists, read in one call: the meal, the person's own foods and
/// saved ones, what the household shares, what the catalog finds for the words (with a brand or
/// kind) and, before any search, the foods usual for this meal. The catalog is searched while the
/// meal, the diary and the household are read, all at once.
struct AddFoodPageRead: Sendable {
    let meal: Meal
    let query: String
    let brand: String
    let scope: FoodSearch.Scope
    /// Nil until words are typed.
    let result: FoodSearchResult?
    let own: OwnFoods
    let sharedFoods: [HouseholdFoods.Shared<MyFood>]
    let sharedRecipes: [HouseholdFoods.Shared<Recipe>]
    /// The catalog foods already among the saved ones, which their rows say.
    let savedCatalogIDs: Set<Int64>
    /// Before any search: the foods usual here, or at this time, one tap each.
    let suggestions: (basis: FoodSuggestions.Basis, foods: [FoodSuggestions.Usual])?

    /// Throws `Meal.Missing` for a meal that is gone.
    static func read(
        mealID: Int64, _ parameters: FormFields, diary: Diary, viewer: Account, catalog: CatalogDatabase,
        household: HouseholdFoods
    ) async throws -> AddFoodPageRead {
        let query = String((parameters["q"] ?? "").prefix(200))
        let brand = String((parameters["brand"] ?? "").prefix(200))
        let scope = try FoodSearch.Scope(formValue: parameters["kind"])
        async let searched = catalog.searchIfTyped(
            query, brand: brand, scope: scope, limit: 25, asTyped: parameters["exact"] == "1",
            logged: { try await diary.loggedCatalogFoods() })
        async let shared = brand.isEmpty ? household.myFoodsAndRecipes(for: viewer, matching: query) : ([], [])
        async let own = diary.ownFoods(matching: query)
        let read = try await diary.database.read {
            db -> (Meal, Set<Int64>, (basis: FoodSuggestions.Basis, foods: [FoodSuggestions.Usual])?)? in
            guard let meal = try MealQueries.meal(db, id: mealID) else { return nil }
            return (meal, try EntryQueries.savedCatalogIDs(db), query.isEmpty ? try FoodSuggestions.forMeal(db, meal) : nil)
        }
        guard let (meal, savedIDs, suggestions) = read else { throw Meal.Missing(id: mealID) }
        let (sharedFoods, sharedRecipes) = try await shared
        return AddFoodPageRead(
            meal: meal, query: query, brand: brand, scope: scope, result: try await searched, own: try await own,
            sharedFoods: sharedFoods, sharedRecipes: sharedRecipes, savedCatalogIDs: savedIDs, suggestions: suggestions)
    }
}

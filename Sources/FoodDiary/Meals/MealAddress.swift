import FoodDiaryBase
import FoodDiaryStorage
import FoodDiaryWeb
import Hummingbird

/// The meal id in a `/meals/:id…` address; anything but a positive number is a 404.
func mealIDParameter(_ context: AppRequestContext) throws -> Int64 {
    guard let text = context.parameters.get("id"), let id = Int64(text), id > 0 else {
        throw HTTPError(.notFound, message: tr("There is no meal at this address. Meal addresses end in a number, like /meals/12."))
    }
    return id
}

/// The meal a `/meals/:id…` address names, or the 404 every meal page gives when it is gone.
func existingMeal(_ database: AppDatabase, _ context: AppRequestContext) async throws -> Meal {
    let id = try mealIDParameter(context)
    guard let meal = try await database.read({ db in try MealQueries.meal(db, id: id) }) else { throw Meal.Missing(id: id) }
    return meal
}

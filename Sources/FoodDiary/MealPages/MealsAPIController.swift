import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import Hummingbird

/// JSON for scripts and tests: the same meals the pages show.
struct MealsAPIController: Sendable {

    func addRoutes(to routes: Routes) {
        routes.get("/api/meals", use: list)
        routes.get("/api/meals/:id", use: detail)
    }

    /// A page of meals, oldest first, with the address of the next page while there is one.
    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let page = try APIPageQuery(try request.formQuery())
        let found = try await diary.database.read { db in
            try MealQueries.mealsPage(db, from: page.from, through: page.to, after: page.after, limit: page.limit)
        }
        return try jsonResponse(PagedJSON("meals", found.meals.map(MealJSON.init), page: page, path: "/api/meals", next: found.next))
    }

    @Sendable func detail(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        guard let text = context.parameters.get("id"), let id = Int64(text),
            let foods = try await diary.database.read({ db in try MealQueries.mealFoods(db, mealID: id) })
        else {
            throw HTTPError(.notFound, message: tr("No meal has id \(context.parameters.get("id") ?? "")."))
        }
        return try jsonResponse(MealDetailJSON(foods))
    }
}

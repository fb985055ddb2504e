import FoodDiaryWeb
import Foundation
import Hummingbird

struct QuickAddController: Sendable {
    let renderer: PageRenderer
    let now: @Sendable () -> Date

    func addRoutes(to routes: Routes) {
        routes.get("/meals/:id/foods/new/quick", use: form)
        routes.post("/meals/:id/foods/quick", use: create)
    }

    @Sendable func form(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let meal = try await existingMeal(diary.database, context)
        return await renderer.render(.quickAdd, QuickAddView(meal: meal, form: QuickAddForm(), csrfToken: context.csrfToken), for: context)
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let meal = try await existingMeal(diary.database, context)
        let form = QuickAddForm(fields: context.formFields)
        switch form.validate() {
        case .failure(let errors):
            return await renderer.render(
                .quickAdd, QuickAddView(meal: meal, form: form, errors: errors, csrfToken: context.csrfToken), for: context,
                status: .unprocessableContent)
        case .success(let food):
            guard try await diary.database.addEntry(mealID: meal.id, food: food, amount: nil, now: now()) != nil else {
                throw Meal.Missing(id: meal.id)
            }
            return redirect(to: "/meals/\(meal.id)?notice=food_added#foods")
        }
    }
}

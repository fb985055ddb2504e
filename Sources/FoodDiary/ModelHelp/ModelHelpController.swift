import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import Hummingbird
import FoodDiaryPhotos

/// Help from the owner's model: the page that says exactly what goes where and lets each person
/// opt in, and "Suggest foods" on a meal to itemise, which sends its photo and turns the answer
/// into lines the person checks on "Type it as you'd say it". Nothing is saved until they add it.
struct ModelHelpController: Sendable {
    /// Nil when the owner has set no model: nothing is ever sent.
    let help: ModelHelp?
    let renderer: PageRenderer

    static let path = "/settings/model"
    static var notices: [String: String] {
        [
            "on": tr("Suggestions are on for you. Meals with a photo to itemise now offer them."), "off": tr("Suggestions are off for you.")
        ]
    }

    func addRoutes(to routes: Routes) {
        routes.get(Self.path, use: page)
        routes.post(Self.path, use: choose)
        routes.post("/meals/:id/suggest", use: suggest)
    }

    @Sendable func page(_ request: Request, context: AppRequestContext) async throws -> Response {
        let chosen = try await context.diary().database.modelHelpChosen()
        let notice = try request.formQuery()["notice"].flatMap { Self.notices[$0] }
        return await renderer.render(
            .modelSettings,
            ModelSettingsView(
                endpoint: help?.endpoint, chosen: chosen, notice: notice,
                csrfToken: context.csrfToken), for: context)
    }

    @Sendable func choose(_ request: Request, context: AppRequestContext) async throws -> Response {
        let on = context.formFields["help"] == "on"
        guard !on || help != nil else {
            throw HTTPError(.conflict, message: tr("The server’s owner has not set a model, so suggestions can’t be turned on."))
        }
        try await context.diary().database.setModelHelp(on)
        return redirect(to: Self.path + "?notice=\(on ? "on" : "off")")
    }

    @Sendable func suggest(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let help = try await ModelHelp.chosen(help, by: diary)
        let meal = try await existingMeal(diary.database, context)
        guard meal.foodCount == 0 else { return redirect(to: "/meals/\(meal.id)#foods") }
        guard let photo = meal.photo, let jpeg = try await MealPhotoForModel.jpeg(of: photo, in: diary.photos) else {
            throw HTTPError(
                .unprocessableContent, message: tr("This meal has no photo to suggest foods from. Add its foods by name instead."))
        }
        switch await help.suggestFoods(photoJPEG: jpeg, hints: MealPhotoForModel.hints(for: meal)) {
        case .success(let foods):
            context.logger.info("A model suggested \(foods.count) foods for a meal")
            let text = foods.map(\.line).joined(separator: "\n")
            return redirect(to: "/log/text" + queryString(["meal": String(meal.id), "text": text, "suggested": "1"]))
        case .failure(let problem):
            return redirect(to: "/meals/\(meal.id)?notice=\(ModelNotices.key(problem))#foods")
        }
    }

}

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
    static let labelPath = "/my-foods/label"
    static let notices = ["on": "Suggestions are on for you. Meals with a photo to itemise now offer them.", "off": "Suggestions are off for you."]

    func addRoutes(to routes: Routes) {
        routes.get(Self.path, use: page)
        routes.post(Self.path, use: choose)
        routes.post("/meals/:id/suggest", use: suggest)
        routes.post(Self.labelPath, use: readLabel)
    }

    /// A label's photo, checked as any upload is, read into the My food form for the person to
    /// check; the photo itself is not kept.
    @Sendable func readLabel(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let help = try await chosenHelp(diary)
        var view = MyFoodFormView(id: nil, form: MyFoodForm(), csrfToken: context.csrfToken)
        view.readLabelAction = Self.labelPath
        let photo: IngestedPhoto
        switch try await diary.photos.photoField(of: context.uploads) {
        case .failure(let rejection):
            view.labelError = rejection.message
            return await renderer.render(.myFoodForm, view, for: context, status: rejection.status)
        case .success(nil):
            view.labelError = "Choose a photo of the label first."
            return await renderer.render(.myFoodForm, view, for: context, status: .unprocessableContent)
        case .success(let checked?): photo = checked
        }
        defer { unlink(photo.temporaryPath) }
        let jpeg = try await MealPhotoForModel.jpeg(ofUpload: photo.temporaryPath, pixels: LabelReading.pixels)
        switch await help.readLabel(photoJPEG: jpeg) {
        case .success(let reading):
            var read = MyFoodFormView(id: nil, form: MyFoodForm(reading: reading), csrfToken: context.csrfToken)
            read.readLabelAction = Self.labelPath
            read.labelNotice = "Read by \(help.endpoint.model) from the label. Check each value against the label, then save: nothing is kept until you do."
            return await renderer.render(.myFoodForm, read, for: context)
        case .failure(let problem):
            view.labelError = problem == .notFound ? "The model found no nutrition values in the photo. Type them from the label instead."
                : Self.mealNotices[Self.noticeKey(problem)]
            return await renderer.render(.myFoodForm, view, for: context, status: problem.status)
        }
    }

    @Sendable func page(_ request: Request, context: AppRequestContext) async throws -> Response {
        let chosen = try await context.diary().database.modelHelpChosen()
        let notice = try request.formQuery()["notice"].flatMap { Self.notices[$0] }
        return await renderer.render(.modelSettings, ModelSettingsView(endpoint: help?.endpoint, chosen: chosen, notice: notice,
                                                                       csrfToken: context.csrfToken), for: context)
    }

    @Sendable func choose(_ request: Request, context: AppRequestContext) async throws -> Response {
        let on = context.formFields["help"] == "on"
        guard !on || help != nil else {
            throw HTTPError(.conflict, message: "The server’s owner has not set a model, so suggestions can’t be turned on.")
        }
        try await context.diary().database.setModelHelp(on)
        return redirect(to: Self.path + "?notice=\(on ? "on" : "off")")
    }

    @Sendable func suggest(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let help = try await chosenHelp(diary)
        let meal = try await existingMeal(diary.database, context)
        guard meal.foodCount == 0 else { return redirect(to: "/meals/\(meal.id)#foods") }
        guard let photo = meal.photo, let jpeg = try await MealPhotoForModel.jpeg(of: photo, in: diary.photos) else {
            throw HTTPError(.unprocessableContent, message: "This meal has no photo to suggest foods from. Add its foods by name instead.")
        }
        switch await help.suggestFoods(photoJPEG: jpeg, hints: MealPhotoForModel.hints(for: meal)) {
        case .success(let foods):
            context.logger.info("A model suggested \(foods.count) foods for a meal")
            let text = foods.map(\.line).joined(separator: "\n")
            return redirect(to: "/log/text" + queryString(["meal": String(meal.id), "text": text, "suggested": "1"]))
        case .failure(let problem):
            return redirect(to: "/meals/\(meal.id)?notice=\(Self.noticeKey(problem))#foods")
        }
    }

    /// The model, when the owner set one and this person opted in; refused before anything is read or sent.
    private func chosenHelp(_ diary: Diary) async throws -> ModelHelp {
        guard let help else { throw HTTPError(.notFound, message: "The server’s owner has not set a model, so there is nothing to ask.") }
        guard try await diary.database.modelHelpChosen() else {
            throw HTTPError(.forbidden, message: "Suggestions are off for you: turn them on in Settings → Suggestions from a model first.")
        }
        return help
    }

    /// What the meal page says, by a fixed key: the model's own words are never echoed.
    static func noticeKey(_ problem: OnlineProblem) -> String {
        switch problem {
        case .notFound: "suggest_nothing"
        case .unreachable: "suggest_unreachable"
        case .timedOut: "suggest_timed_out"
        case .unusable: "suggest_declined"
        case .malformed: "suggest_unreadable"
        case .rateLimited, .keyRefused, .refused, .failed: "suggest_failed"
        }
    }

    static let mealNotices = [
        "suggest_nothing": "The model saw no food in the photo. Add the foods by name instead.",
        "suggest_unreachable": "The model can’t be reached just now, so nothing was suggested.",
        "suggest_timed_out": "The model took too long to answer, so nothing was suggested. Try again, or add the foods by name.",
        "suggest_declined": "The model declined to describe this photo. Add the foods by name instead.",
        "suggest_unreadable": "The model’s answer could not be read as a list of foods, so nothing was suggested.",
        "suggest_failed": "The model’s server refused or failed, so nothing was suggested. The owner can check its log.",
    ]
}

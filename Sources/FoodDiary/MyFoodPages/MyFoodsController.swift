import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import Hummingbird
import FoodDiaryPhotos

struct MyFoodsController: Sendable {
    let household: HouseholdFoods
    let renderer: PageRenderer
    let now: @Sendable () -> Date
    /// The owner's model, if any: a new food can be read from its label's photo.
    var model: ModelEndpoint? = nil

    static var notices: [String: String] {
        [
            "saved": tr("Food saved."), "deleted": tr("Food deleted. Meals it was logged in keep their own copy."),
            "shared": tr("Shared with your household."), "unshared": tr("No longer shared with your household."),
            "copied": tr("Copied into your foods: this one is yours to change.")
        ]
    }

    func addRoutes(to routes: Routes) {
        routes.get("/my-foods", use: list)
        routes.get("/my-foods/new", use: newForm)
        routes.post("/my-foods", use: create)
        routes.get("/my-foods/:food", use: editForm)
        routes.post("/my-foods/:food", use: update)
        routes.post("/my-foods/:food/delete", use: delete)
        routes.get("/api/my-foods", use: listJSON)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let foods = try await diary.database.read { db in try MyFood.fetchAll(db) }
        let shared = try await household.myFoods(for: try context.person().account)
        let notice = try request.formQuery()["notice"].flatMap { Self.notices[$0] }
        return await renderer.render(
            .myFoods, MyFoodsView(foods: foods, household: shared, notice: notice, csrfToken: context.csrfToken), for: context)
    }

    @Sendable func newForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        var view = MyFoodFormView(id: nil, form: MyFoodForm(), csrfToken: context.csrfToken)
        if model != nil, try await context.diary().database.modelHelpChosen() { view.readLabelAction = LabelReadingController.path }
        return await renderer.render(.myFoodForm, view, for: context)
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await save(id: nil, context: context)
    }

    @Sendable func editForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let food = try await requireFood(context)
        return await renderer.render(
            .myFoodForm,
            MyFoodFormView(
                id: food.id, form: MyFoodForm(food: food), photoURL: food.photo?.url(.thumb),
                isShared: food.isSharedWithHousehold, csrfToken: context.csrfToken), for: context)
    }

    @Sendable func update(_ request: Request, context: AppRequestContext) async throws -> Response {
        let food = try await requireFood(context)
        return try await save(id: food.id, existingPhotoURL: food.photo?.url(.thumb), context: context)
    }

    private func save(id: Int64?, existingPhotoURL: String? = nil, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let form = MyFoodForm(fields: context.formFields)
        let input: MyFoodInput
        switch form.validate() {
        case .failure(let errors):
            return await renderer.render(
                .myFoodForm,
                MyFoodFormView(
                    id: id, form: form, errors: errors, photoURL: existingPhotoURL,
                    csrfToken: context.csrfToken), for: context, status: .unprocessableContent)
        case .success(let valid): input = valid
        }
        let photo: IngestedPhoto?
        switch try await diary.photos.photoField(of: context.uploads) {
        case .failure(let rejection):
            return await renderer.render(
                .myFoodForm,
                MyFoodFormView(
                    id: id, form: form, photoError: rejection.message, photoURL: existingPhotoURL,
                    csrfToken: context.csrfToken), for: context, status: rejection.status)
        case .success(let checked): photo = checked
        }
        guard
            let saved = try await diary.photos.committing(
                photo, { try await diary.database.saveMyFood(id: id, input, photo: photo, now: now()) })
        else { throw MyFood.Missing() }
        await diary.photos.release(saved.1.orphaned)
        return redirect(to: "/my-foods?notice=saved")
    }

    /// Refused while a recipe uses the food: the recipe's numbers come from it.
    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let food = try await requireFood(context)
        switch try await diary.database.deleteMyFood(id: food.id) {
        case .missing: throw MyFood.Missing()
        case .deleted(let change):
            await diary.photos.release(change.orphaned)
            return redirect(to: "/my-foods?notice=deleted")
        case .usedBy(let recipes):
            let message =
                tr(
                    "“\(food.name)” is an ingredient of \(recipes.map { "“\($0)”" }.joined(separator: ", ")), so it was not deleted. Remove it from \(recipes.count == 1 ? "that recipe" : "those recipes") first."
                )
            return await renderer.render(
                .myFoodForm,
                MyFoodFormView(
                    id: food.id, form: MyFoodForm(food: food), deleteError: message,
                    photoURL: food.photo?.url(.thumb), csrfToken: context.csrfToken), for: context,
                status: .conflict)
        }
    }

    struct MyFoodJSON: Encodable {
        let food: MyFood
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: NutrientsJSON.DynamicKey.self)
            try container.encode(food.id, forKey: .init("id"))
            try container.encode(food.name, forKey: .init("name"))
            try container.encode(food.brandOwner, forKey: .init("brandOwner"))
            let serving = MeasureUnit.grams.shownJSON(food.servingGrams, prefix: "serving")[0]
            try container.encode(serving.value, forKey: .init(serving.key))
            try container.encode(food.servingLabel, forKey: .init("servingLabel"))
            try container.encode(food.photo?.url(.thumb), forKey: .init("photoUrl"))
            try container.encode(NutrientsJSON(values: food.perServing), forKey: .init("perServing"))
        }
    }

    @Sendable func listJSON(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let foods = try await diary.database.read { db in try MyFood.fetchAll(db) }
        return try jsonResponse(["myFoods": foods.map(MyFoodJSON.init)])
    }

    private func requireFood(_ context: AppRequestContext) async throws -> MyFood {
        let diary = try context.diary()
        guard let id = context.parameters.get("food").flatMap(Int64.init),
            let food = try await diary.database.read({ db in try MyFood.fetch(db, id: id) })
        else { throw MyFood.Missing() }
        return food
    }

}

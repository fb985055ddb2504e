import Foundation
import Hummingbird

/// The My food form: the label fields of a typed food, plus the serving's household name.
struct MyFoodForm: Sendable, Equatable {
    var label: HandTypedFoodForm
    var servingLabel: String

    init(fields: FormFields) {
        label = HandTypedFoodForm(fields: fields)
        label.amount = ChosenAmount.Form(choice: "serving", count: "1")
        servingLabel = fields["serving_label"] ?? ""
    }

    init(food: MyFood? = nil) {
        label = HandTypedFoodForm(
            name: food?.name ?? "", brand: food?.brandOwner ?? "", servingGrams: food.map { formatQuantity($0.servingGrams) } ?? "",
            nutrients: Dictionary(uniqueKeysWithValues: NutrientKind.allCases.map { kind in (kind, food?.perServing[kind].map(formatQuantity) ?? "") }),
            amount: ChosenAmount.Form(choice: "serving", count: "1"))
        servingLabel = food?.servingLabel ?? ""
    }

    struct Errors: Error, Equatable {
        var label = HandTypedFoodForm.Errors()
        var servingLabel: String?
    }

    func validate() -> Result<MyFoodInput, Errors> {
        var errors = Errors()
        let serving = TypedText.clean(servingLabel)
        if TypedText.length(serving) > 60 { errors.servingLabel = "Keep the measure to 60 characters, like “1 bar” or “1 slice”." }
        switch label.validate() {
        case .failure(let labelErrors): errors.label = labelErrors
        case .success(let valid) where errors.servingLabel == nil:
            return .success(MyFoodInput(food: valid.food, servingLabel: serving.isEmpty ? nil : serving))
        case .success: break
        }
        return .failure(errors)
    }
}

/// `/my-foods`: every food of the person's own, newest name first.
struct MyFoodsView: Sendable {
    struct Row: Sendable {
        let editURL: String
        let name: String
        let brandOwner: String?
        let servingText: String
        let kcal: String
        let thumbnailURL: String?
    }

    let title = "My foods"
    let notice: String?
    let rows: [Row]
    let hasRows: Bool

    init(foods: [MyFood], notice: String?) {
        self.notice = notice
        rows = foods.map {
            Row(editURL: "/my-foods/\($0.id)", name: $0.name, brandOwner: $0.brandOwner,
                servingText: "\($0.servingLabel ?? "1 serving") = \(formatQuantity($0.servingGrams)) g",
                kcal: kcalText($0.perServing), thumbnailURL: $0.photo?.url(.thumb))
        }
        hasRows = !rows.isEmpty
    }
}

/// `/my-foods/new` and `/my-foods/{id}`.
struct MyFoodFormView: Sendable {
    let title: String
    let csrfToken: String
    let action: String
    let deleteAction: String?
    let name: String
    let brand: String
    let servingGrams: String
    let servingLabel: String
    let nutrients: [HandTypedFoodView.NutrientField]
    let nameError: String?
    let brandError: String?
    let servingError: String?
    let servingLabelError: String?
    let photoError: String?
    let photoURL: String?
    let deleteError: String?
    let hasErrors: Bool
    let errorSummary = ErrorSummary.nothingChanged

    init(id: Int64?, form: MyFoodForm, errors: MyFoodForm.Errors = .init(), photoError: String? = nil, deleteError: String? = nil,
         photoURL: String? = nil, csrfToken: String) {
        title = id == nil ? "Add one of my foods" : "Edit my food"
        self.csrfToken = csrfToken
        action = id.map { "/my-foods/\($0)" } ?? "/my-foods"
        deleteAction = id.map { "/my-foods/\($0)/delete" }
        name = form.label.name
        brand = form.label.brand
        servingGrams = form.label.servingGrams
        servingLabel = form.servingLabel
        nutrients = NutrientKind.allCases.map {
            HandTypedFoodView.NutrientField(name: $0.field, label: $0.label, unit: $0.unit, value: form.label.nutrients[$0] ?? "",
                                            error: errors.label.nutrients[$0])
        }
        nameError = errors.label.name
        brandError = errors.label.brand
        servingError = errors.label.servingGrams
        servingLabelError = errors.servingLabel
        self.photoError = photoError
        self.photoURL = photoURL
        self.deleteError = deleteError
        hasErrors = !errors.label.isEmpty || errors.servingLabel != nil || photoError != nil
    }
}

struct MyFoodsController: Sendable {
    let database: AppDatabase
    let photos: PhotoStore
    let renderer: PageRenderer
    let now: @Sendable () -> Date

    static let notices = ["saved": "Food saved.", "deleted": "Food deleted. Meals it was logged in keep their own copy."]

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
        let foods = try await database.read { db in try MyFood.fetchAll(db) }
        let notice = try request.formQuery()["notice"].flatMap { Self.notices[$0] }
        return await renderer.render(.myFoods, MyFoodsView(foods: foods, notice: notice))
    }

    @Sendable func newForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        await renderer.render(.myFoodForm, MyFoodFormView(id: nil, form: MyFoodForm(), csrfToken: context.csrfToken))
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await save(id: nil, context: context)
    }

    @Sendable func editForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let food = try await requireFood(context)
        return await renderer.render(.myFoodForm, MyFoodFormView(id: food.id, form: MyFoodForm(food: food), photoURL: food.photo?.url(.thumb),
                                                                 csrfToken: context.csrfToken))
    }

    @Sendable func update(_ request: Request, context: AppRequestContext) async throws -> Response {
        let food = try await requireFood(context)
        return try await save(id: food.id, existingPhotoURL: food.photo?.url(.thumb), context: context)
    }

    private func save(id: Int64?, existingPhotoURL: String? = nil, context: AppRequestContext) async throws -> Response {
        let form = MyFoodForm(fields: context.formFields)
        let input: MyFoodInput
        switch form.validate() {
        case .failure(let errors):
            return await renderer.render(.myFoodForm, MyFoodFormView(id: id, form: form, errors: errors, photoURL: existingPhotoURL,
                                                                     csrfToken: context.csrfToken), status: .unprocessableContent)
        case .success(let valid): input = valid
        }
        var photo: IngestedPhoto?
        if let upload = context.uploads.first(where: { $0.fieldName == "photo" }) {
            do {
                photo = try await photos.ingest(upload)
            } catch let rejection as PhotoRejection {
                return await renderer.render(.myFoodForm, MyFoodFormView(id: id, form: form, photoError: rejection.message, photoURL: existingPhotoURL,
                                                                         csrfToken: context.csrfToken), status: rejection.status)
            }
        }
        guard let saved = try await photos.committing(photo, { try await database.saveMyFood(id: id, input, photo: photo, now: now()) }) else { throw Self.notFound }
        await photos.release(saved.1.orphaned)
        return redirect(to: "/my-foods?notice=saved")
    }

    /// Refused while a recipe uses the food: the recipe's numbers come from it.
    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        let food = try await requireFood(context)
        switch try await database.deleteMyFood(id: food.id) {
        case .missing: throw Self.notFound
        case .deleted(let change):
            await photos.release(change.orphaned)
            return redirect(to: "/my-foods?notice=deleted")
        case .usedBy(let recipes):
            let message = "“\(food.name)” is an ingredient of \(recipes.map { "“\($0)”" }.joined(separator: ", ")), so it was not deleted. Remove it from \(recipes.count == 1 ? "that recipe" : "those recipes") first."
            return await renderer.render(.myFoodForm, MyFoodFormView(id: food.id, form: MyFoodForm(food: food), deleteError: message,
                                                                     photoURL: food.photo?.url(.thumb), csrfToken: context.csrfToken),
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
            try container.encode(food.servingGrams, forKey: .init("servingGrams"))
            try container.encode(food.servingLabel, forKey: .init("servingLabel"))
            try container.encode(food.photo?.url(.thumb), forKey: .init("photoUrl"))
            try container.encode(NutrientsJSON(values: food.perServing), forKey: .init("perServing"))
        }
    }

    @Sendable func listJSON(_ request: Request, context: AppRequestContext) async throws -> Response {
        let foods = try await database.read { db in try MyFood.fetchAll(db) }
        return try jsonResponse(["myFoods": foods.map(MyFoodJSON.init)])
    }

    private func requireFood(_ context: AppRequestContext) async throws -> MyFood {
        guard let id = context.parameters.get("food").flatMap(Int64.init),
              let food = try await database.read({ db in try MyFood.fetch(db, id: id) })
        else { throw Self.notFound }
        return food
    }

    static let notFound = HTTPError(.notFound, message: "There is no such food in My foods. It may have been deleted.")
}

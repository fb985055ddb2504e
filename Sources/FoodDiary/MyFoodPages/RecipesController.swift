import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryWeb
import Foundation
import Hummingbird
import FoodDiaryPhotos

struct RecipesController: Sendable {
    let catalog: CatalogDatabase
    let household: HouseholdFoods
    let online: FoodDataCentralOnline
    let openFoodFacts: OpenFoodFactsOnline
    let serverKey: String?
    let renderer: PageRenderer
    let timeZone: TimeZone
    let now: @Sendable () -> Date
    func sources(_ diary: Diary) -> FoodSources { FoodSources(database: diary.database, catalog: catalog) }

    static var notices: [String: String] {
        [
            "saved": tr("Recipe saved."), "deleted": tr("Recipe deleted."), "ingredient": tr("Ingredient added."),
            "removed": tr("Ingredient removed."),
            "shared": tr("Shared with your household."), "unshared": tr("No longer shared with your household."),
            "copied": tr("Copied into your recipes: this one is yours to change."),
            "imported": tr("Recipe imported: check its servings and steps."),
            "imported-without-photo": tr("Recipe imported, without the page’s photo, which could not be fetched or was not a photo.")
        ]
    }

    func addRoutes(to routes: Routes) {
        routes.get("/recipes", use: list)
        routes.get("/recipes/new", use: newForm)
        routes.post("/recipes", use: create)
        routes.get("/recipes/:recipe", use: detail)
        routes.get("/recipes/:recipe/edit", use: editForm)
        routes.post("/recipes/:recipe", use: update)
        routes.post("/recipes/:recipe/delete", use: delete)
        routes.get("/recipes/:recipe/ingredients/new", use: ingredientSearch)
        routes.get("/recipes/:recipe/ingredients/new/catalog/:food", use: chooseCatalog)
        routes.get("/recipes/:recipe/ingredients/new/my/:food", use: chooseMyFood)
        routes.post("/recipes/:recipe/ingredients", use: addIngredient)
        routes.post("/recipes/:recipe/ingredients/:ingredient/delete", use: removeIngredient)
        routes.get("/api/recipes/:recipe", use: detailJSON)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let query = try String((request.formQuery()["q"] ?? "").prefix(200))
        let recipes = try await diary.database.read { db in try Recipe.search(db, query: query) }
        let shared = try await household.recipes(for: try context.person().account, matching: query)
        let notice = try request.formQuery()["notice"].flatMap { Self.notices[$0] }
        return await renderer.render(
            .recipes, RecipesView(recipes: recipes, household: shared, query: query, notice: notice, csrfToken: context.csrfToken),
            for: context)
    }

    @Sendable func newForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        await renderer.render(.recipeForm, RecipeFormView(id: nil, form: RecipeForm(), csrfToken: context.csrfToken), for: context)
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await save(id: nil, context: context)
    }

    @Sendable func detail(_ request: Request, context: AppRequestContext) async throws -> Response {
        let notice = try request.formQuery()["notice"].flatMap { Self.notices[$0] }
        let id = context.parameters.get("recipe").flatMap(Int64.init)
        guard
            let (recipe, names) = try await context.diary().database.read({ db -> (Recipe, MealSlotNames)? in
                guard let id, let recipe = try Recipe.fetch(db, id: id) else { return nil }
                return (recipe, try MealSlotNames.fetch(db))
            })
        else { throw Recipe.Missing() }
        let logForm = RecipeLogFormView(recipe: recipe, now: LocalDateTime(now(), in: timeZone), names: names)
        return await renderer.render(
            .recipeDetail, RecipeDetailView(recipe: recipe, csrfToken: context.csrfToken, notice: notice, logForm: logForm),
            for: context)
    }

    @Sendable func editForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let recipe = try await requireRecipe(context)
        return await renderer.render(
            .recipeForm, RecipeFormView(id: recipe.id, form: RecipeForm(recipe: recipe), csrfToken: context.csrfToken), for: context)
    }

    @Sendable func update(_ request: Request, context: AppRequestContext) async throws -> Response {
        let recipe = try await requireRecipe(context)
        return try await save(id: recipe.id, context: context)
    }

    private func save(id: Int64?, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let form = RecipeForm(fields: context.formFields)
        let input: RecipeInput
        switch form.validate() {
        case .failure(let errors):
            return await renderer.render(
                .recipeForm, RecipeFormView(id: id, form: form, errors: errors, csrfToken: context.csrfToken), for: context,
                status: .unprocessableContent)
        case .success(let valid): input = valid
        }
        let photo: IngestedPhoto?
        switch try await diary.photos.photoField(of: context.uploads) {
        case .failure(let rejection):
            return await renderer.render(
                .recipeForm, RecipeFormView(id: id, form: form, photoError: rejection.message, csrfToken: context.csrfToken), for: context,
                status: rejection.status)
        case .success(let checked): photo = checked
        }
        guard
            let saved = try await diary.photos.committing(
                photo, { try await diary.database.saveRecipe(id: id, input, photo: photo, now: now()) })
        else { throw Recipe.Missing() }
        await diary.photos.release(saved.1.orphaned)
        return redirect(to: "/recipes/\(saved.0)?notice=saved")
    }

    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let recipe = try await requireRecipe(context)
        guard let change = try await diary.database.deleteRecipe(id: recipe.id) else { throw Recipe.Missing() }
        await diary.photos.release(change.orphaned)
        return redirect(to: "/recipes?notice=deleted")
    }

    @Sendable func ingredientSearch(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        guard let recipeID = context.parameters.get("recipe").flatMap(Int64.init) else { throw Recipe.Missing() }
        let parameters = try request.formQuery()
        let read = try await IngredientSearchPageRead.read(
            recipeID: recipeID, query: String((parameters["q"] ?? "").prefix(200)), diary: diary, catalog: catalog)
        let onlineBox = try await OnlineSearchBox.make(
            target: .recipe(id: read.recipe.id, name: read.recipe.name), parameters: parameters,
            query: read.query, catalog: catalog, online: online, openFoodFacts: openFoodFacts, diary: diary.database, serverKey: serverKey,
            csrfToken: context.csrfToken)
        return await renderer.render(
            .recipeIngredientSearch,
            IngredientSearchView(
                recipe: read.recipe, query: read.query, myFoods: read.myFoods, result: read.result,
                onlineBox: onlineBox), for: context)
    }

    @Sendable func chooseCatalog(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await chooseAmount("catalog", notice: try request.formQuery()["notice"], context: context)
    }

    @Sendable func chooseMyFood(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await chooseAmount("my", context: context)
    }

    private func chooseAmount(_ kind: String, notice: String? = nil, context: AppRequestContext) async throws -> Response {
        let recipe = try await requireRecipe(context)
        guard let id = context.parameters.get("food").flatMap(Int64.init), id > 0 else {
            throw HTTPError(.notFound, message: tr("There is no such food."))
        }
        let diary = try context.diary()
        let resolved = try await sources(diary).resolve("\(kind):\(id)", allowing: ["catalog", "my"])
        var view = amountView(
            recipe, resolved,
            form: AmountFieldsView.initialForm(portions: resolved.portions, unit: resolved.food.basisUnit, usual: resolved.usual),
            context: context)
        view.notice = notice.flatMap { ChooseAmountView.notices[$0] }
        if resolved.food.dataType == .openFoodFacts, let catalogID = resolved.catalogFoodID {
            view.productPhotoURL = try await diary.database.productPhoto(catalogID: catalogID)?.url(.thumb)
        }
        return await renderer.render(.chooseAmount, view, for: context)
    }

    @Sendable func addIngredient(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let recipe = try await requireRecipe(context)
        let resolved = try await sources(diary).resolve(context.formFields["source"] ?? "", allowing: ["catalog", "my"])
        let form = ChosenAmount.Form(fields: context.formFields)
        switch ChosenAmount.validate(form, portions: resolved.portions, unit: resolved.food.basisUnit) {
        case .failure(let errors):
            return await renderer.render(
                .chooseAmount, amountView(recipe, resolved, form: form, errors: errors, context: context), for: context,
                status: .unprocessableContent)
        case .success(let amount):
            guard
                try await diary.database.addIngredient(
                    recipeID: recipe.id, food: resolved.food, myFoodID: resolved.myFoodID, amount: amount, now: now())
            else {
                throw Recipe.Missing()
            }
            return redirect(to: "/recipes/\(recipe.id)?notice=ingredient")
        }
    }

    @Sendable func removeIngredient(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let recipe = try await requireRecipe(context)
        guard let id = context.parameters.get("ingredient").flatMap(Int64.init),
            try await diary.database.removeIngredient(recipeID: recipe.id, ingredientID: id)
        else { throw HTTPError(.notFound, message: tr("This recipe has no such ingredient.")) }
        return redirect(to: "/recipes/\(recipe.id)?notice=removed")
    }

    private func amountView(
        _ recipe: Recipe, _ resolved: ResolvedFood, form: ChosenAmount.Form, errors: ChosenAmount.Errors = .init(),
        context: AppRequestContext
    ) -> ChooseAmountView {
        ChooseAmountView(
            target: .recipe(id: recipe.id, name: recipe.name), csrfToken: context.csrfToken, source: resolved.source,
            food: resolved.food, details: resolved.details, portions: resolved.portions, form: form, errors: errors,
            backURL: "/recipes/\(recipe.id)/ingredients/new", saveForLater: nil)
    }

    struct RecipeJSON: Encodable {
        struct IngredientJSON: Encodable {
            let ingredient: Recipe.Ingredient
            func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: NutrientsJSON.DynamicKey.self)
                try container.encode(ingredient.id, forKey: .init("id"))
                try container.encode(ingredient.food.description, forKey: .init("description"))
                try container.encode(ingredient.food.dataType.rawValue, forKey: .init("dataType"))
                try container.encode(ingredient.food.ndbNumber, forKey: .init("ndbNumber"))
                try container.encode(ingredient.myFoodID, forKey: .init("myFoodId"))
                for (key, value) in ingredient.food.basisUnit.shownJSON(ingredient.grams) {
                    try container.encode(value, forKey: .init(key))
                }
                try container.encode(PortionLabel.shown(ingredient.portionLabel), forKey: .init("portion"))
                try NutrientsJSON(values: ingredient.nutrients).encode(to: encoder)
            }
        }

        let id: Int64
        let name: String
        let servings: Double
        let servingGrams: Double?
        let notes: String
        let ingredients: [IngredientJSON]
        let totals: NutrientsJSON
        let perServing: NutrientsJSON

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: NutrientsJSON.DynamicKey.self)
            try container.encode(id, forKey: .init("id"))
            try container.encode(name, forKey: .init("name"))
            try container.encode(servings, forKey: .init("servings"))
            let serving = MeasureUnit.grams.shownJSON(servingGrams, prefix: "serving")[0]
            try container.encode(serving.value, forKey: .init(serving.key))
            try container.encode(notes, forKey: .init("notes"))
            try container.encode(ingredients, forKey: .init("ingredients"))
            try container.encode(totals, forKey: .init("totals"))
            try container.encode(perServing, forKey: .init("perServing"))
        }
    }

    @Sendable func detailJSON(_ request: Request, context: AppRequestContext) async throws -> Response {
        let recipe = try await requireRecipe(context)
        return try jsonResponse(
            RecipeJSON(
                id: recipe.id, name: recipe.name, servings: recipe.servings,
                servingGrams: recipe.totalGrams > 0 ? recipe.servingGrams : nil, notes: recipe.notes,
                ingredients: recipe.ingredients.map(RecipeJSON.IngredientJSON.init), totals: NutrientsJSON(values: recipe.totals),
                perServing: NutrientsJSON(values: recipe.perServing)))
    }

    private func requireRecipe(_ context: AppRequestContext) async throws -> Recipe {
        let diary = try context.diary()
        guard let id = context.parameters.get("recipe").flatMap(Int64.init),
            let recipe = try await diary.database.read({ db in try Recipe.fetch(db, id: id) })
        else { throw Recipe.Missing() }
        return recipe
    }
}

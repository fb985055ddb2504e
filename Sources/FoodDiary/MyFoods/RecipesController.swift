import Foundation
import Hummingbird

/// `/recipes`: list and search by name or ingredient.
struct RecipesView: Sendable {
    struct Row: Sendable {
        let url: String
        let name: String
        let detail: String
        let kcal: String
        let thumbnailURL: String?
    }

    let title = "Recipes"
    let notice: String?
    let query: String
    let rows: [Row]
    let hasRows: Bool
    let emptyMessage: String

    init(recipes: [Recipe], query: String, notice: String?) {
        self.notice = notice
        self.query = query
        rows = recipes.map {
            Row(url: "/recipes/\($0.id)", name: $0.name,
                detail: "\($0.ingredients.count) ingredient\($0.ingredients.count == 1 ? "" : "s") · \(formatQuantity($0.servings)) servings",
                kcal: kcalText($0.perServing), thumbnailURL: $0.photo?.url(.thumb))
        }
        hasRows = !rows.isEmpty
        emptyMessage = query.isEmpty ? "No recipes yet. Build one from foods: name it, say how many servings it makes, and add its ingredients."
                                     : "No recipe has “\(query.prefix(60))” in its name or ingredients."
    }
}

/// `/recipes/{id}`: ingredients, totals and one serving's nutrition.
struct RecipeDetailView: Sendable {
    struct Ingredient: Sendable {
        let description: String
        let amount: String
        let kcal: String
        let macros: String
        let source: String
        let removeAction: String
    }

    let title: String
    let notice: String?
    let csrfToken: String
    let name: String
    let servingsText: String
    let notes: String?
    let photoURL: String?
    let ingredients: [Ingredient]
    let hasIngredients: Bool
    let totalKcal: String
    let servingKcal: String
    let totalLines: [NutrientLineView]
    let servingLines: [NutrientLineView]
    let addIngredientURL: String
    let editURL: String
    let deleteAction: String

    init(recipe: Recipe, csrfToken: String, notice: String?) {
        title = recipe.name
        self.notice = notice
        self.csrfToken = csrfToken
        name = recipe.name
        servingsText = "Makes \(formatQuantity(recipe.servings)) servings" + (recipe.totalGrams > 0 ? " of \(formatQuantity(recipe.servingGrams)) g" : "")
        notes = recipe.notes.isEmpty ? nil : recipe.notes
        photoURL = recipe.photo?.url(.large)
        ingredients = recipe.ingredients.map {
            Ingredient(description: $0.food.description, amount: $0.portionLabel, kcal: kcalText($0.nutrients), macros: macrosText($0.nutrients),
                       source: $0.myFoodID != nil ? "My food" : $0.food.dataType.label,
                       removeAction: "/recipes/\(recipe.id)/ingredients/\($0.id)/delete")
        }
        hasIngredients = !ingredients.isEmpty
        totalKcal = kcalText(recipe.totals)
        servingKcal = kcalText(recipe.perServing)
        totalLines = NutrientLineView.lines(recipe.totals)
        servingLines = NutrientLineView.lines(recipe.perServing)
        addIngredientURL = "/recipes/\(recipe.id)/ingredients/new"
        editURL = "/recipes/\(recipe.id)/edit"
        deleteAction = "/recipes/\(recipe.id)/delete"
    }
}

/// `/recipes/new` and `/recipes/{id}/edit`.
struct RecipeFormView: Sendable {
    let title: String
    let csrfToken: String
    let action: String
    let cancelURL: String
    let name: String
    let servings: String
    let notes: String
    let nameError: String?
    let servingsError: String?
    let notesError: String?
    let photoError: String?
    let hasErrors: Bool
    let errorSummary = ErrorSummary.nothingChanged

    init(id: Int64?, form: RecipeForm, errors: RecipeForm.Errors = .init(), photoError: String? = nil, csrfToken: String) {
        title = id == nil ? "New recipe" : "Edit recipe"
        self.csrfToken = csrfToken
        action = id.map { "/recipes/\($0)" } ?? "/recipes"
        cancelURL = id.map { "/recipes/\($0)" } ?? "/recipes"
        name = form.name
        servings = form.servings
        notes = form.notes
        nameError = errors.name
        servingsError = errors.servings
        notesError = errors.notes
        self.photoError = photoError
        hasErrors = !errors.isEmpty || photoError != nil
    }
}

/// `/recipes/{id}/ingredients/new`: my foods and catalog foods to add as ingredients.
struct IngredientSearchView: Sendable {
    struct Row: Sendable { let url: String; let name: String; let detail: String; let kcal: String }

    let title: String
    let recipeURL: String
    let recipeName: String
    let action: String
    let query: String
    let myFoods: [Row]
    let hasMyFoods: Bool
    let results: [CatalogResultRow]
    let hasResults: Bool
    let emptyMessage: String?

    init(recipe: Recipe, query: String, myFoods: [MyFood], result: FoodSearchResult?) {
        title = "Add an ingredient to \(recipe.name)"
        recipeURL = "/recipes/\(recipe.id)"
        recipeName = recipe.name
        action = "/recipes/\(recipe.id)/ingredients/new"
        self.query = query
        self.myFoods = myFoods.map {
            Row(url: "/recipes/\(recipe.id)/ingredients/new/my/\($0.id)", name: $0.name, detail: "My food · \($0.servingLabel ?? "1 serving") = \(formatQuantity($0.servingGrams)) g",
                kcal: kcalText($0.perServing))
        }
        hasMyFoods = !self.myFoods.isEmpty
        results = (result?.foods ?? []).map { CatalogResultRow($0, url: "/recipes/\(recipe.id)/ingredients/new/catalog/\($0.id)") }
        hasResults = !results.isEmpty
        emptyMessage = !query.isEmpty && myFoods.isEmpty && results.isEmpty ? "Nothing matches every word of “\(query.prefix(60))”." : nil
    }
}

struct RecipesController: Sendable {
    let database: AppDatabase
    let catalog: CatalogDatabase
    let photos: PhotoStore
    let renderer: PageRenderer
    let now: @Sendable () -> Date
    var sources: FoodSources { FoodSources(database: database, catalog: catalog) }

    static let notices = ["saved": "Recipe saved.", "deleted": "Recipe deleted.", "ingredient": "Ingredient added.", "removed": "Ingredient removed."]
    static let notFound = HTTPError(.notFound, message: "There is no such recipe. It may have been deleted.")

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
        let query = try String((request.formQuery()["q"] ?? "").prefix(200))
        let recipes = try await database.read { db in try Recipe.search(db, query: query) }
        let notice = try request.formQuery()["notice"].flatMap { Self.notices[$0] }
        return await renderer.render(.recipes, RecipesView(recipes: recipes, query: query, notice: notice))
    }

    @Sendable func newForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        await renderer.render(.recipeForm, RecipeFormView(id: nil, form: RecipeForm(), csrfToken: context.csrfToken))
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await save(id: nil, context: context)
    }

    @Sendable func detail(_ request: Request, context: AppRequestContext) async throws -> Response {
        let recipe = try await requireRecipe(context)
        let notice = try request.formQuery()["notice"].flatMap { Self.notices[$0] }
        return await renderer.render(.recipeDetail, RecipeDetailView(recipe: recipe, csrfToken: context.csrfToken, notice: notice))
    }

    @Sendable func editForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let recipe = try await requireRecipe(context)
        return await renderer.render(.recipeForm, RecipeFormView(id: recipe.id, form: RecipeForm(recipe: recipe), csrfToken: context.csrfToken))
    }

    @Sendable func update(_ request: Request, context: AppRequestContext) async throws -> Response {
        let recipe = try await requireRecipe(context)
        return try await save(id: recipe.id, context: context)
    }

    private func save(id: Int64?, context: AppRequestContext) async throws -> Response {
        let form = RecipeForm(fields: context.formFields)
        let input: RecipeInput
        switch form.validate() {
        case .failure(let errors):
            return await renderer.render(.recipeForm, RecipeFormView(id: id, form: form, errors: errors, csrfToken: context.csrfToken),
                                         status: .unprocessableContent)
        case .success(let valid): input = valid
        }
        var photo: IngestedPhoto?
        if let upload = context.uploads.first(where: { $0.fieldName == "photo" }) {
            do {
                photo = try await photos.ingest(upload)
            } catch let rejection as PhotoRejection {
                return await renderer.render(.recipeForm, RecipeFormView(id: id, form: form, photoError: rejection.message, csrfToken: context.csrfToken),
                                             status: rejection.status)
            }
        }
        guard let saved = try await photos.committing(photo, { try await database.saveRecipe(id: id, input, photo: photo, now: now()) }) else { throw Self.notFound }
        await photos.release(saved.1.orphaned)
        return redirect(to: "/recipes/\(saved.0)?notice=saved")
    }

    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        let recipe = try await requireRecipe(context)
        guard let change = try await database.deleteRecipe(id: recipe.id) else { throw Self.notFound }
        await photos.release(change.orphaned)
        return redirect(to: "/recipes?notice=deleted")
    }

    @Sendable func ingredientSearch(_ request: Request, context: AppRequestContext) async throws -> Response {
        let recipe = try await requireRecipe(context)
        let query = try String((request.formQuery()["q"] ?? "").prefix(200))
        let myFoods = try await database.read { db in try MyFood.fetchAll(db, matching: query) }
        let result = Words.split(query).isEmpty ? nil : try await catalog.read { db in try FoodSearch.search(db, query: query, limit: 25) }
        return await renderer.render(.recipeIngredientSearch, IngredientSearchView(recipe: recipe, query: query, myFoods: myFoods, result: result))
    }

    @Sendable func chooseCatalog(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await chooseAmount("catalog", context: context)
    }

    @Sendable func chooseMyFood(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await chooseAmount("my", context: context)
    }

    private func chooseAmount(_ kind: String, context: AppRequestContext) async throws -> Response {
        let recipe = try await requireRecipe(context)
        guard let id = context.parameters.get("food").flatMap(Int64.init), id > 0 else { throw HTTPError(.notFound, message: "There is no such food.") }
        let resolved = try await sources.resolve("\(kind):\(id)", allowing: ["catalog", "my"])
        return await renderer.render(.chooseAmount, amountView(recipe, resolved, form: AmountFieldsView.initialForm(portions: resolved.portions), context: context))
    }

    @Sendable func addIngredient(_ request: Request, context: AppRequestContext) async throws -> Response {
        let recipe = try await requireRecipe(context)
        let resolved = try await sources.resolve(context.formFields["source"] ?? "", allowing: ["catalog", "my"])
        let form = ChosenAmount.Form(fields: context.formFields)
        switch ChosenAmount.validate(form, portions: resolved.portions) {
        case .failure(let errors):
            return await renderer.render(.chooseAmount, amountView(recipe, resolved, form: form, errors: errors, context: context), status: .unprocessableContent)
        case .success(let amount):
            guard try await database.addIngredient(recipeID: recipe.id, food: resolved.food, myFoodID: resolved.myFoodID, amount: amount, now: now()) else {
                throw Self.notFound
            }
            return redirect(to: "/recipes/\(recipe.id)?notice=ingredient")
        }
    }

    @Sendable func removeIngredient(_ request: Request, context: AppRequestContext) async throws -> Response {
        let recipe = try await requireRecipe(context)
        guard let id = context.parameters.get("ingredient").flatMap(Int64.init),
              try await database.removeIngredient(recipeID: recipe.id, ingredientID: id)
        else { throw HTTPError(.notFound, message: "This recipe has no such ingredient.") }
        return redirect(to: "/recipes/\(recipe.id)?notice=removed")
    }

    private func amountView(_ recipe: Recipe, _ resolved: ResolvedFood, form: ChosenAmount.Form, errors: ChosenAmount.Errors = .init(),
                            context: AppRequestContext) -> ChooseAmountView {
        ChooseAmountView(target: .recipe(id: recipe.id, name: recipe.name), csrfToken: context.csrfToken, source: resolved.source,
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
                try container.encode(ingredient.grams, forKey: .init("grams"))
                try container.encode(ingredient.portionLabel, forKey: .init("portion"))
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

        enum CodingKeys: String, CodingKey { case id, name, servings, servingGrams, notes, ingredients, totals, perServing }
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encode(servings, forKey: .servings)
            try container.encode(servingGrams, forKey: .servingGrams)
            try container.encode(notes, forKey: .notes)
            try container.encode(ingredients, forKey: .ingredients)
            try container.encode(totals, forKey: .totals)
            try container.encode(perServing, forKey: .perServing)
        }
    }

    @Sendable func detailJSON(_ request: Request, context: AppRequestContext) async throws -> Response {
        let recipe = try await requireRecipe(context)
        return try jsonResponse(RecipeJSON(id: recipe.id, name: recipe.name, servings: recipe.servings,
                                           servingGrams: recipe.totalGrams > 0 ? recipe.servingGrams : nil, notes: recipe.notes,
                                           ingredients: recipe.ingredients.map(RecipeJSON.IngredientJSON.init), totals: NutrientsJSON(values: recipe.totals),
                                           perServing: NutrientsJSON(values: recipe.perServing)))
    }

    private func requireRecipe(_ context: AppRequestContext) async throws -> Recipe {
        guard let id = context.parameters.get("recipe").flatMap(Int64.init),
              let recipe = try await database.read({ db in try Recipe.fetch(db, id: id) })
        else { throw Self.notFound }
        return recipe
    }
}

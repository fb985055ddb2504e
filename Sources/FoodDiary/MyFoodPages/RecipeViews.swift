import FoodDiaryBase
import FoodDiaryCatalog
import Foundation

/// `/recipes`: list and search by name or ingredient.
struct RecipesView: Sendable {
    struct Row: Sendable {
        let url: String
        let name: String
        let detail: String
        let kcal: String
        let thumbnailURL: String?
    }

    let title = tr("Recipes")
    let notice: String?
    let csrfToken: String
    let query: String
    let rows: [Row]
    let hasRows: Bool
    let emptyMessage: String
    /// The others' shared recipes.
    let household: [HouseholdRow]
    let hasHousehold: Bool

    init(recipes: [Recipe], household: [HouseholdFoods.Shared<Recipe>], query: String, notice: String?, csrfToken: String) {
        self.notice = notice
        self.csrfToken = csrfToken
        self.query = query
        rows = recipes.map {
            Row(
                url: "/recipes/\($0.id)", name: $0.name,
                detail:
                    tr(
                        one: "\($0.ingredients.count) ingredient · \(formatQuantity($0.servings)) servings",
                        other: "\($0.ingredients.count) ingredients · \(formatQuantity($0.servings)) servings", count: $0.ingredients.count)
                    + ($0.isSharedWithHousehold ? tr(" · shared with household") : ""),
                kcal: kcalText($0.perServing), thumbnailURL: $0.photo?.url(.thumb))
        }
        hasRows = !rows.isEmpty
        self.household = household.map { HouseholdRow($0) }
        hasHousehold = !self.household.isEmpty
        emptyMessage =
            query.isEmpty
            ? tr("No recipes yet. Build one from foods: name it, say how many servings it makes, and add its ingredients.")
            : tr("No recipe has “\(query.prefix(60))” in its name or ingredients.")
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
    /// The page it was imported from.
    let sourceURL: String?
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
    let household: HouseholdToggleView
    /// "Log a serving": nil until the recipe has an ingredient.
    let logForm: RecipeLogFormView?

    init(recipe: Recipe, csrfToken: String, notice: String?, logForm: RecipeLogFormView? = nil) {
        self.logForm = recipe.snapshot == nil ? nil : logForm
        title = recipe.name
        self.notice = notice
        self.csrfToken = csrfToken
        name = recipe.name
        servingsText =
            tr("Makes \(formatQuantity(recipe.servings)) servings")
            + (recipe.totalGrams > 0 ? tr(" of \(MeasureUnit.grams.shownText(recipe.servingGrams))") : "")
        notes = recipe.notes.isEmpty ? nil : recipe.notes
        sourceURL = recipe.sourceURL
        photoURL = recipe.photo?.url(.large)
        ingredients = recipe.ingredients.map {
            Ingredient(
                description: $0.food.description, amount: PortionLabel.shown($0.portionLabel), kcal: kcalText($0.nutrients),
                macros: macrosText($0.nutrients),
                source: $0.myFoodID != nil ? tr("My food") : $0.food.dataType.label,
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
        household = HouseholdToggleView(action: "/recipes/\(recipe.id)/household", isShared: recipe.isSharedWithHousehold, what: "recipe")
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
        title = id == nil ? tr("New recipe") : tr("Edit recipe")
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
    let onlineBox: OnlineSearchBox?

    init(recipe: Recipe, query: String, myFoods: [MyFood], result: FoodSearchResult?, onlineBox: OnlineSearchBox? = nil) {
        self.onlineBox = onlineBox
        title = tr("Add an ingredient to \(recipe.name)")
        recipeURL = "/recipes/\(recipe.id)"
        recipeName = recipe.name
        action = "/recipes/\(recipe.id)/ingredients/new"
        self.query = query
        self.myFoods = myFoods.map {
            Row(
                url: "/recipes/\(recipe.id)/ingredients/new/my/\($0.id)", name: $0.name,
                detail: tr("My food · \($0.servingLabel ?? "1 serving") = \(MeasureUnit.grams.shownText($0.servingGrams))"),
                kcal: kcalText($0.perServing))
        }
        hasMyFoods = !self.myFoods.isEmpty
        results = (result?.foods ?? []).map { CatalogResultRow($0, url: "/recipes/\(recipe.id)/ingredients/new/catalog/\($0.id)") }
        hasResults = !results.isEmpty
        emptyMessage =
            !query.isEmpty && myFoods.isEmpty && results.isEmpty ? tr("Nothing matches every word of “\(query.prefix(60))”.") : nil
    }
}

/// "Log a serving" on a recipe's page: how many servings, into which meal of which day (today's
/// meal of this hour unless changed), through the same "＋" that adds any food.
struct RecipeLogFormView: Sendable {
    struct SlotOption: Sendable {
        let value: String
        let name: String
        let selected: Bool
    }

    let source: String
    let portionKey: String
    let today: String
    let slots: [SlotOption]

    init(recipe: Recipe, now: LocalDateTime, names: MealSlotNames) {
        source = "recipe:\(recipe.id)"
        portionKey = recipe.portion.key
        today = now.date.description
        let current = MealSlot(now)
        slots = MealSlot.allCases.map { SlotOption(value: $0.rawValue, name: names[$0], selected: $0 == current) }
    }
}

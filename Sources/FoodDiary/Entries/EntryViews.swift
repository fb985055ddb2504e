import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryWeb
import Foundation

/// `/meals/{id}/foods/new`: search the catalog and the saved foods to add one to the meal.
struct AddFoodView: Sendable {
    struct SavedRow: Sendable {
        let description: String
        let brandOwner: String?
        let source: String
        let defaultAmount: String
        let kcal: String
        let chooseURL: String
    }

    struct OwnRow: Sendable {
        let url: String
        let name: String
        let detail: String
        let kcal: String
    }

    let title = tr("Add a food")
    let meal: MealContextView
    let scope: CatalogScopeView
    let notice: String?
    let myFoods: [OwnRow]
    let hasMyFoods: Bool
    let recipes: [OwnRow]
    let hasRecipes: Bool
    /// What the others of the household share.
    let household: [OwnRow]
    let hasHousehold: Bool
    let quickAddURL: String
    let csrfToken: String
    let action: String
    let query: String
    let brand: String
    let queryError: String?
    let saved: [SavedRow]
    let hasSaved: Bool
    let savedHeading: String
    let results: [CatalogResultRow]
    let summary: String?
    let spelling: SpellingView?
    let emptyMessage: String?
    let typedURL: String
    let onlineBox: OnlineSearchBox?
    /// "Last time here" or "Usually at this time", before any search.
    let usual: UsualFoodsView?

    init(
        meal: Meal, notice: String? = nil, csrfToken: String, query: String, brand: String, searched: Bool,
        saved: [SavedFood], myFoods: [MyFood] = [], recipes: [Recipe] = [], sharedFoods: [HouseholdFoods.Shared<MyFood>] = [],
        sharedRecipes: [HouseholdFoods.Shared<Recipe>] = [], result: FoodSearchResult?, savedCatalogIDs: Set<Int64>,
        scope: FoodSearch.Scope = .all, brandedProgress: BrandedFoodsImport.Progress? = nil, onlineBox: OnlineSearchBox? = nil,
        usual: UsualFoodsView? = nil
    ) {
        self.onlineBox = onlineBox
        self.usual = usual
        self.meal = MealContextView(meal)
        self.notice = notice
        let q = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        self.scope = CatalogScopeView(
            scope: scope, result: result, progress: brandedProgress,
            brandedURL:
                "/meals/\(meal.id)/foods/new?q=\(q)&brand=\(brand.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")&kind=branded"
        )
        self.myFoods = myFoods.prefix(10).map {
            OwnRow(
                url: "/meals/\(meal.id)/foods/new/my/\($0.id)?q=\(q)", name: $0.name,
                detail: tr("Mine · \($0.servingLabel ?? "1 serving") = \(MeasureUnit.grams.shownText($0.servingGrams))"),
                kcal: kcalText($0.perServing))
        }
        hasMyFoods = !self.myFoods.isEmpty
        self.recipes = recipes.filter { $0.totalGrams > 0 }.prefix(10).map {
            OwnRow(
                url: "/meals/\(meal.id)/foods/new/recipe/\($0.id)?q=\(q)", name: $0.name,
                detail: tr("Recipe · \(formatQuantity($0.servings)) servings"), kcal: kcalText($0.perServing))
        }
        hasRecipes = !self.recipes.isEmpty
        household = (sharedFoods.map { HouseholdRow($0) } + sharedRecipes.filter { $0.item.totalGrams > 0 }.map { HouseholdRow($0) })
            .prefix(10).map {
                OwnRow(url: "/meals/\(meal.id)/foods/new/\($0.choosePath)?q=\(q)", name: $0.name, detail: $0.detail, kcal: $0.kcal)
            }
        hasHousehold = !household.isEmpty
        quickAddURL = "/meals/\(meal.id)/foods/new/quick"
        self.csrfToken = csrfToken
        action = "/meals/\(meal.id)/foods"
        self.query = query
        self.brand = brand
        let blank = Words.split(query).isEmpty
        queryError = searched && blank ? tr("Type the food’s name to search, like “peas” or “chicken breast”.") : nil
        self.saved = saved.map {
            SavedRow(
                description: $0.food.description, brandOwner: $0.food.brandOwner, source: "saved:\($0.id)",
                defaultAmount: $0.defaultAmount.label, kcal: kcalText($0.food.nutrients(forGrams: $0.defaultAmount.grams)),
                chooseURL: "/meals/\(meal.id)/foods/new/saved/\($0.id)")
        }
        hasSaved = !self.saved.isEmpty
        savedHeading = blank ? tr("My saved foods") : tr("My saved foods matching “\(query.prefix(60))”")
        let encodedQuery = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        results = (result?.foods ?? []).map {
            CatalogResultRow(
                $0, url: "/meals/\(meal.id)/foods/new/catalog/\($0.id)?q=\(encodedQuery)", isSaved: savedCatalogIDs.contains($0.id))
        }
        spelling = SpellingView(result) { typed in
            "/meals/\(meal.id)/foods/new"
                + queryString(["q": typed, "brand": brand, "kind": scope == .all ? "" : scope.rawValue, "exact": "1"])
        }
        if let result, result.totalHits > 0 {
            summary =
                result.totalHits > result.foods.count
                ? tr("The best \(result.foods.count) of \(CatalogScopeView.countText(result)) USDA foods.")
                : tr(one: "\(result.totalHits) USDA food.", other: "\(result.totalHits) USDA foods.", count: result.totalHits)
            emptyMessage = nil
        } else {
            summary = nil
            emptyMessage =
                blank
                ? nil : tr("No USDA food matches every word of “\(query.prefix(60))”. Try fewer words, or type the food from its label.")
        }
        typedURL = "/meals/\(meal.id)/foods/new/typed" + (blank ? "" : "?name=\(encodedQuery)")
    }
}

/// `/meals/{id}/foods/new/catalog/{food}` and `…/saved/{id}`: how much of a chosen food.
struct ChooseAmountView: Sendable {
    /// Where the amount goes: a meal, or a recipe being built.
    enum Target: Sendable {
        case meal(Meal)
        case recipe(id: Int64, name: String)
    }

    struct RecipeContext: Sendable { let url: String; let name: String }

    let title: String
    let meal: MealContextView?
    let recipeContext: RecipeContext?
    let submitLabel: String
    let csrfToken: String
    let action: String
    let source: String
    let description: String
    let details: String
    let basisLabel: String
    let lines: [NutrientLineView]
    let amount: AmountFieldsView
    let hasErrors: Bool
    let errorSummary = ErrorSummary.amountNotAdded
    let backURL: String
    let saveForLater: SaveForLaterView?
    /// A kept product's packaging, when its person kept its photo.
    var productPhotoURL: String?
    var notice: String?

    static var notices: [String: String] {
        ["no_photo": tr("Kept without its photo: Open Food Facts has none for it, or it could not be used.")]
    }

    init(
        target: Target, csrfToken: String, source: String, food: FoodSnapshot, details: String, portions: [Portion],
        form: ChosenAmount.Form, errors: ChosenAmount.Errors = .init(), backURL: String, saveForLater: SaveForLaterView?
    ) {
        title = tr("How much \(food.description)?")
        switch target {
        case .meal(let meal):
            self.meal = MealContextView(meal)
            recipeContext = nil
            action = "/meals/\(meal.id)/foods"
            submitLabel = tr("Add to meal")
        case .recipe(let id, let name):
            meal = nil
            recipeContext = RecipeContext(url: "/recipes/\(id)", name: name)
            action = "/recipes/\(id)/ingredients"
            submitLabel = tr("Add to recipe")
        }
        self.csrfToken = csrfToken
        self.source = source
        description = food.description
        self.details = details
        basisLabel =
            food.dataType.isCatalog
            ? tr("per 100 \(food.basisUnit.symbol)") : tr("per serving of \(MeasureUnit.grams.shownText(food.basisGrams ?? 0))")
        lines = NutrientLineView.lines(food.basis)
        amount = AmountFieldsView(portions: portions, form: form, errors: errors, food: food)
        hasErrors = !errors.isEmpty
        self.backURL = backURL
        self.saveForLater = saveForLater
    }
}

/// `/meals/{id}/foods/new/typed`: a food typed from its label.
struct HandTypedFoodView: Sendable {
    struct NutrientField: Sendable {
        let name: String
        let label: String
        let unit: String
        let value: String
        let error: String?
    }

    let title = tr("Type a food from its label")
    let meal: MealContextView
    let csrfToken: String
    let action: String
    let name: String
    let brand: String
    let servingGrams: String
    let servingUnit = HandTypedFoodForm.servingUnit.symbol
    let servingExample = HandTypedFoodForm.servingExample
    let nameError: String?
    let brandError: String?
    let servingError: String?
    let nutrients: [NutrientField]
    let amount: AmountFieldsView
    let saveForLater: Bool
    let hasErrors: Bool
    let errorSummary = ErrorSummary.nothingAdded
    let cancelURL: String

    init(meal: Meal, csrfToken: String, form: HandTypedFoodForm, errors: HandTypedFoodForm.Errors = .init()) {
        self.meal = MealContextView(meal)
        self.csrfToken = csrfToken
        action = "/meals/\(meal.id)/foods/typed"
        name = form.name
        brand = form.brand
        servingGrams = form.servingGrams
        nameError = errors.name
        brandError = errors.brand
        servingError = errors.servingGrams
        nutrients = NutrientKind.onLabels.map {
            NutrientField(name: $0.field, label: $0.label, unit: $0.unit, value: form.nutrients[$0] ?? "", error: errors.nutrients[$0])
        }
        // The serving's grams are whatever is typed above, so the choice is named without them.
        amount = AmountFieldsView(
            portions: [Portion(key: "serving", label: tr("Servings, as typed above"), grams: 0)],
            form: form.amount, errors: errors.amount)
        saveForLater = form.saveForLater
        hasErrors = !errors.isEmpty
        cancelURL = "/meals/\(meal.id)/foods/new"
    }
}

/// `/meals/{id}/foods/{entry}`: one food eaten, with its meal, its nutrients and a new amount.
struct EntryDetailView: Sendable {
    let title: String
    let notice: String?
    let meal: MealContextView
    let mealNotes: String?
    let mealPhotoURL: String?
    let mealPlace: String?
    let csrfToken: String
    let description: String
    let brandOwner: String?
    let source: String
    let amountText: String
    let lines: [NutrientLineView]
    let basisText: String
    let isQuickAdd: Bool
    let action: String
    let removeAction: String
    let amount: AmountFieldsView
    let hasErrors: Bool
    let errorSummary = ErrorSummary.amountNotChanged
    let saveForLater: SaveForLaterView
    /// The page the person came from (Today, ＋, a day, the meal), where saving or removing returns.
    let back: String?
    let backLink: BackLinkView?

    init(
        meal: Meal, entry: FoodEntry, portions: [Portion], form: ChosenAmount.Form, errors: ChosenAmount.Errors = .init(),
        csrfToken: String, notice: String?, alreadySaved: Bool, back: String? = nil
    ) {
        self.back = ReturnPath.local(back)
        backLink = self.back.map { BackLinkView($0, fallback: BackLinkView(url: "/meals/\(meal.id)", text: tr("The meal"))) }
        title = entry.food.description
        self.notice = notice
        self.meal = MealContextView(meal)
        mealNotes = meal.notes.isEmpty ? nil : meal.notes
        mealPhotoURL = meal.photo?.url(.thumb)
        mealPlace = meal.place?.name
        self.csrfToken = csrfToken
        description = entry.food.description
        brandOwner = entry.food.brandOwner
        source = entry.food.dataType.label + (entry.food.ndbNumber.map { tr(" · NDB \($0)") } ?? "")
        amountText = PortionLabel.shown(entry.portionLabel)
        lines = NutrientLineView.lines(entry.nutrients)
        switch (entry.food.dataType, entry.food.basisGrams) {
        case (let type, _) where type.isCatalog:
            basisText = tr("Scaled from \(type.publisher) values per 100 \(entry.food.basisUnit.symbol), as they were when you logged it.")
        case (_, let grams?): basisText = tr("Scaled from your label’s values for a \(MeasureUnit.grams.shownText(grams)) serving.")
        case (_, nil): basisText = tr("Typed in as they are: a quick add has no weight to scale.")
        }
        isQuickAdd = entry.food.dataType == .quickAdd
        action = "/meals/\(meal.id)/foods/\(entry.id)"
        removeAction = "/meals/\(meal.id)/foods/\(entry.id)/delete"
        amount = AmountFieldsView(portions: portions, form: form, errors: errors, legend: tr("Change the amount"), food: entry.food)
        hasErrors = !errors.isEmpty
        let page = "/meals/\(meal.id)/foods/\(entry.id)"
        saveForLater = SaveForLaterView(
            csrfToken: csrfToken, fieldName: "entry", fieldValue: "\(meal.id):\(entry.id)",
            returnTo: self.back.map { ReturnPath.adding("back", $0, to: page) } ?? page, alreadySaved: alreadySaved)
    }
}

/// `/saved-foods`: every saved food, with a way to remove it.
struct SavedFoodsView: Sendable {
    struct Row: Sendable {
        let description: String
        let brandOwner: String?
        let source: String
        let defaultAmount: String
        let kcal: String
        let removeAction: String
    }

    let title = tr("My saved foods")
    let notice: String?
    let csrfToken: String
    let rows: [Row]
    let hasRows: Bool

    init(saved: [SavedFood], csrfToken: String, notice: String?) {
        self.notice = notice
        self.csrfToken = csrfToken
        rows = saved.map {
            Row(
                description: $0.food.description, brandOwner: $0.food.brandOwner,
                source: $0.food.dataType.label + ($0.food.ndbNumber.map { tr(" · NDB \($0)") } ?? ""),
                defaultAmount: $0.defaultAmount.label, kcal: kcalText($0.food.nutrients(forGrams: $0.defaultAmount.grams)),
                removeAction: "/saved-foods/\($0.id)/delete")
        }
        hasRows = !rows.isEmpty
    }
}

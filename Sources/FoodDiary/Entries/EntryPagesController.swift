import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryWeb
import Foundation
import Hummingbird

/// Adding foods to a meal, changing how much, removing them.
struct EntryPagesController: Sendable {
    let catalog: CatalogDatabase
    let household: HouseholdFoods
    let online: FoodDataCentralOnline
    let openFoodFacts: OpenFoodFactsOnline
    /// `FOODDIARY_FDC_API_KEY`, used where a diary has no key of its own.
    let serverKey: String?
    let renderer: PageRenderer
    let now: @Sendable () -> Date

    /// Everything the person may add: their own, the catalog's, and what the household shares.
    func sources(_ context: AppRequestContext) throws -> FoodSources {
        let person = try context.person()
        return FoodSources(database: person.diary.database, catalog: catalog, household: (household, person.account))
    }

    static var notices: [String: String] {
        [
            "created": tr("Meal saved. Now add what was in it."), "amount": tr("Amount changed."),
            "saved_food": tr("Saved to My saved foods."),
            "unsaved_food": tr("Removed from My saved foods.")
        ]
    }

    func addRoutes(to routes: Routes) {
        routes.get("/meals/:id/foods/new", use: addFood)
        routes.get("/meals/:id/foods/new/catalog/:food", use: chooseCatalogAmount)
        routes.get("/meals/:id/foods/new/saved/:saved", use: chooseSavedAmount)
        routes.get("/meals/:id/foods/new/my/:food", use: chooseMyFoodAmount)
        routes.get("/meals/:id/foods/new/recipe/:recipe", use: chooseRecipeAmount)
        routes.get("/meals/:id/foods/new/household/:diary/my/:food", use: chooseSharedFoodAmount)
        routes.get("/meals/:id/foods/new/household/:diary/recipe/:recipe", use: chooseSharedRecipeAmount)
        routes.get("/meals/:id/foods/new/typed", use: handTypedForm)
        routes.post("/meals/:id/foods", use: create)
        routes.post("/meals/:id/foods/typed", use: createHandTyped)
        routes.get("/meals/:id/foods/:entry", use: entryDetail)
        routes.post("/meals/:id/foods/:entry", use: changeAmount)
        routes.post("/meals/:id/foods/:entry/delete", use: remove)
    }

    @Sendable func addFood(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try context.person()
        let parameters = try request.formQuery()
        let read = try await AddFoodPageRead.read(
            mealID: try mealIDParameter(context), parameters, diary: person.diary, viewer: person.account,
            catalog: catalog, household: household)
        let meal = read.meal
        let usual = read.suggestions.map {
            UsualFoodsView(mealID: meal.id, basis: $0.basis, placeName: meal.place?.name, foods: $0.foods, csrfToken: context.csrfToken)
        }
        let onlineBox = try await OnlineSearchBox.make(
            target: .meal(meal), parameters: parameters, query: read.query, catalog: catalog,
            online: online, openFoodFacts: openFoodFacts, diary: person.diary.database, serverKey: serverKey,
            csrfToken: context.csrfToken)
        // Your own foods come first: a brand filter is about USDA's brand owners, so it hides them.
        let mine = read.brand.isEmpty
        let view = AddFoodView(
            meal: meal, notice: parameters["notice"].flatMap { Self.notices[$0] }, csrfToken: context.csrfToken, query: read.query,
            brand: read.brand, searched: parameters["q"] != nil, saved: mine ? read.own.saved : [],
            myFoods: mine ? read.own.myFoods : [], recipes: mine ? read.own.recipes : [],
            sharedFoods: read.sharedFoods, sharedRecipes: read.sharedRecipes,
            result: read.result, savedCatalogIDs: read.savedCatalogIDs, scope: read.scope, brandedProgress: catalog.brandedFoodsProgress,
            onlineBox: onlineBox, usual: usual)
        return await renderer.render(.addFood, view, for: context)
    }

    @Sendable func chooseCatalogAmount(_ request: Request, context: AppRequestContext) async throws -> Response {
        let parameters = try request.formQuery()
        return try await chooseAmount(
            "catalog:\(context.parameters.get("food") ?? "")", query: parameters["q"], notice: parameters["notice"], context: context)
    }

    @Sendable func chooseSavedAmount(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await chooseAmount("saved:\(context.parameters.get("saved") ?? "")", query: nil, context: context)
    }

    @Sendable func chooseMyFoodAmount(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await chooseAmount("my:\(context.parameters.get("food") ?? "")", query: request.formQuery()["q"], context: context)
    }

    @Sendable func chooseRecipeAmount(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await chooseAmount("recipe:\(context.parameters.get("recipe") ?? "")", query: request.formQuery()["q"], context: context)
    }

    @Sendable func chooseSharedFoodAmount(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = context.parameters.get("diary") ?? "", food = context.parameters.get("food") ?? ""
        return try await chooseAmount("household:\(diary):my:\(food)", query: request.formQuery()["q"], context: context)
    }

    @Sendable func chooseSharedRecipeAmount(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = context.parameters.get("diary") ?? "", recipe = context.parameters.get("recipe") ?? ""
        return try await chooseAmount("household:\(diary):recipe:\(recipe)", query: request.formQuery()["q"], context: context)
    }

    private func chooseAmount(_ source: String, query: String?, notice: String? = nil, context: AppRequestContext) async throws -> Response
    {
        let diary = try context.diary()
        let meal = try await existingMeal(diary.database, context)
        // On a page address, a malformed id is simply not there.
        guard let id = source.split(separator: ":").last.flatMap({ Int64($0) }), id > 0 else {
            throw HTTPError(.notFound, message: tr("There is no such food. Search again and pick one from the list."))
        }
        let resolved = try await sources(context).resolve(source)
        var view = try await amountView(
            meal: meal, resolved,
            form: AmountFieldsView.initialForm(portions: resolved.portions, unit: resolved.food.basisUnit, usual: resolved.usual),
            query: query, context: context)
        view.notice = notice.flatMap { ChooseAmountView.notices[$0] }
        return await renderer.render(.chooseAmount, view, for: context)
    }

    @Sendable func handTypedForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let meal = try await existingMeal(diary.database, context)
        let form = try HandTypedFoodForm(name: String((request.formQuery()["name"] ?? "").prefix(200)))
        return await renderer.render(.handTypedFood, HandTypedFoodView(meal: meal, csrfToken: context.csrfToken, form: form), for: context)
    }

    /// Adds a catalog, saved or own food, or servings of a recipe. The nutrients are read again on
    /// the server from the source named in the form; nothing numeric but the amount is taken from it.
    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let meal = try await existingMeal(diary.database, context)
        let fields = context.formFields
        let resolved = try await sources(context).resolve(fields["source"] ?? "")
        // One tap on a saved food sends no amount: it adds the saved amount.
        let form = ChosenAmount.Form(fields: fields)
        let chosen: Result<ChosenAmount, ChosenAmount.Errors> =
            form.choice.isEmpty && resolved.defaultAmount != nil
            ? .success(resolved.defaultAmount!) : ChosenAmount.validate(form, portions: resolved.portions, unit: resolved.food.basisUnit)
        switch chosen {
        case .failure(let errors):
            return await renderer.render(
                .chooseAmount, try await amountView(meal: meal, resolved, form: form, errors: errors, query: nil, context: context),
                for: context,
                status: .unprocessableContent)
        case .success(let amount):
            guard try await diary.database.addEntry(mealID: meal.id, food: resolved.food, amount: amount, now: now()) != nil else {
                throw Meal.Missing(id: meal.id)
            }
            return redirect(to: "/meals/\(meal.id)?notice=food_added#foods")
        }
    }

    @Sendable func createHandTyped(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let meal = try await existingMeal(diary.database, context)
        let form = HandTypedFoodForm(fields: context.formFields)
        switch form.validate() {
        case .failure(let errors):
            return await renderer.render(
                .handTypedFood, HandTypedFoodView(meal: meal, csrfToken: context.csrfToken, form: form, errors: errors), for: context,
                status: .unprocessableContent)
        case .success(let valid):
            guard try await diary.database.addEntry(mealID: meal.id, food: valid.food, amount: valid.amount, now: now()) != nil else {
                throw Meal.Missing(id: meal.id)
            }
            if valid.saveForLater {
                _ = try await diary.database.saveFood(valid.food, defaultAmount: valid.amount, now: now())
            }
            return redirect(to: "/meals/\(meal.id)?notice=food_added#foods")
        }
    }

    @Sendable func entryDetail(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (meal, entry) = try await requireEntry(context)
        let portions = try await portions(for: entry.food)
        let query = try request.formQuery()
        return await renderer.render(
            .entryDetail,
            try await entryView(
                meal: meal, entry: entry, portions: portions,
                form: Self.currentAmountForm(entry, portions: portions),
                notice: query["notice"].flatMap { Self.notices[$0] }, back: query["back"],
                context: context), for: context)
    }

    @Sendable func changeAmount(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let (meal, entry) = try await requireEntry(context)
        guard entry.food.dataType != .quickAdd else {
            throw HTTPError(.conflict, message: tr("A quick add has no weight to change. Remove it and add it again with the new numbers."))
        }
        let portions = try await portions(for: entry.food)
        let form = ChosenAmount.Form(fields: context.formFields)
        let back = ReturnPath.local(context.formFields["back"])
        switch ChosenAmount.validate(form, portions: portions, unit: entry.food.basisUnit) {
        case .failure(let errors):
            return await renderer.render(
                .entryDetail,
                try await entryView(
                    meal: meal, entry: entry, portions: portions, form: form,
                    errors: errors, notice: nil, back: back, context: context), for: context,
                status: .unprocessableContent)
        case .success(let amount):
            guard try await diary.database.changeEntryAmount(mealID: meal.id, entryID: entry.id, to: amount, now: now()) else {
                throw Self.entryNotFound
            }
            // Back where the change was asked for, the food marked; without a page to go back to, the food's own.
            guard let back else { return redirect(to: "/meals/\(meal.id)/foods/\(entry.id)?notice=amount") }
            return redirect(to: ReturnPath.adding("changed", "\(entry.id)", to: back) + "#entry-\(entry.id)")
        }
    }

    @Sendable func remove(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let mealID = try mealID(context)
        guard let text = context.parameters.get("entry"), let entryID = Int64(text),
            try await diary.database.removeEntry(mealID: mealID, entryID: entryID, now: now())
        else { throw Self.entryNotFound }
        if let back = ReturnPath.local(context.formFields["back"]) { return redirect(to: back) }
        return redirect(to: "/meals/\(mealID)?notice=food_removed#foods")
    }

    // MARK: - Views

    private func amountView(
        meal: Meal, _ resolved: ResolvedFood, form: ChosenAmount.Form, errors: ChosenAmount.Errors = .init(),
        query: String?, context: AppRequestContext
    ) async throws -> ChooseAmountView {
        let diary = try context.diary()
        let back =
            "/meals/\(meal.id)/foods/new"
            + (query.flatMap { $0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) }.map { "?q=\($0)" } ?? "")
        var saveForLater: SaveForLaterView?
        if let catalogID = resolved.catalogFoodID, resolved.source.hasPrefix("catalog:") {
            let saved = try await diary.database.read { db in try EntryQueries.isSaved(db, resolved.food) }
            saveForLater = SaveForLaterView(
                csrfToken: context.csrfToken, fieldName: "catalog_food", fieldValue: String(catalogID),
                returnTo: "/meals/\(meal.id)/foods/new/catalog/\(catalogID)", alreadySaved: saved)
        }
        var view = ChooseAmountView(
            target: .meal(meal), csrfToken: context.csrfToken, source: resolved.source, food: resolved.food,
            details: resolved.details, portions: resolved.portions, form: form, errors: errors, backURL: back,
            saveForLater: saveForLater)
        if resolved.food.dataType == .openFoodFacts, let catalogID = resolved.catalogFoodID {
            view.productPhotoURL = try await diary.database.productPhoto(catalogID: catalogID)?.url(.thumb)
        }
        return view
    }

    private func entryView(
        meal: Meal, entry: FoodEntry, portions: [Portion], form: ChosenAmount.Form,
        errors: ChosenAmount.Errors = .init(), notice: String?, back: String? = nil, context: AppRequestContext
    ) async throws -> EntryDetailView {
        let diary = try context.diary()
        let alreadySaved = try await diary.database.read { db in try EntryQueries.isSaved(db, entry.food) }
        return EntryDetailView(
            meal: meal, entry: entry, portions: portions, form: form, errors: errors,
            csrfToken: context.csrfToken, notice: notice, alreadySaved: alreadySaved, back: back)
    }

    /// The measures a snapshot can be counted in: its label serving, or USDA's household measures
    /// (conversions only; the nutrients still come from the snapshot).
    private func portions(for food: FoodSnapshot) async throws -> [Portion] {
        switch food.dataType {
        case .quickAdd:
            return []
        case .handTyped:
            return food.basisGrams.map { [.serving(grams: $0)] } ?? []
        case .srLegacy, .surveyFNDDS, .foundation, .branded, .openFoodFacts:
            guard let id = food.catalogFoodID,
                let details = try await catalog.read({ db in try FoodDetails.fetch(db, id: id) })
            else { return [] }
            return details.measures.portions
        }
    }

    /// The entry's amount as the form's starting point: the preset or measure it was logged with,
    /// else the amount as typed ("4 oz"), else its grams with their unit said, so saving the form
    /// unchanged keeps the amount exactly whatever units the person reads now.
    static func currentAmountForm(_ entry: FoodEntry, portions: [Portion]) -> ChosenAmount.Form {
        guard let grams = entry.grams else { return ChosenAmount.Form() }
        let unit = entry.food.basisUnit
        if let preset = ChosenAmount.presets(unit).first(where: { $0.stored == grams && $0.label == entry.portionLabel }) {
            return ChosenAmount.Form(choice: preset.key)
        }
        for portion in portions where entry.portionLabel.contains(portion.label + " (") {
            return ChosenAmount.Form(choice: portion.key, count: formatQuantity(grams / portion.grams))
        }
        // One tap's customary serving names the measure in fewer words ("1 medium (118 g)" of
        // USDA's "1 medium (7" to 7-7/8" long)", "2 slices (56 g)"): the measure of that weight,
        // or whole ones of it when the label starts with their count.
        for portion in portions where portion.grams > 0 {
            let count = (grams / portion.grams).rounded()
            guard count >= 1, count <= 20, abs(count * portion.grams - grams) <= grams * 0.005,
                entry.portionLabel.hasPrefix(formatQuantity(count) + " ")
            else { continue }
            return ChosenAmount.Form(choice: portion.key, count: formatQuantity(count))
        }
        let asTyped = PortionLabel.asTyped(entry.portionLabel)
        if case .success(let typed) = TypedAmount.parse(asTyped, measure: unit, range: ChosenAmount.gramsRange), typed.stored == grams {
            return ChosenAmount.Form(choice: "grams", grams: asTyped)
        }
        return ChosenAmount.Form(choice: "grams", grams: TypedAmount.prefilled(grams, measure: unit))
    }

    // MARK: - Lookups

    private func mealID(_ context: AppRequestContext) throws -> Int64 { try mealIDParameter(context) }

    private func requireEntry(_ context: AppRequestContext) async throws -> (Meal, FoodEntry) {
        let diary = try context.diary()
        let meal = try await existingMeal(diary.database, context)
        guard let text = context.parameters.get("entry"), let entryID = Int64(text),
            let entry = try await diary.database.read({ db in try EntryQueries.entry(db, mealID: meal.id, entryID: entryID) })
        else { throw Self.entryNotFound }
        return (meal, entry)
    }

    static var entryNotFound: HTTPError { HTTPError(.notFound, message: tr("This meal has no such food. It may have been removed.")) }
}

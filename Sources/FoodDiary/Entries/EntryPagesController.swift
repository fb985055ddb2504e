import Foundation
import Hummingbird

/// Adding foods to a meal, changing how much, removing them; and finishing or cancelling a draft meal.
struct EntryPagesController: Sendable {
    let database: AppDatabase
    let photos: PhotoStore
    let catalog: CatalogDatabase
    let renderer: PageRenderer
    let now: @Sendable () -> Date

    static let notices = ["amount": "Amount changed.", "saved_food": "Saved to My saved foods.", "unsaved_food": "Removed from My saved foods."]

    func addRoutes(to routes: Routes) {
        routes.get("/meals/:id/foods/new", use: addFood)
        routes.get("/meals/:id/foods/new/catalog/:food", use: chooseCatalogAmount)
        routes.get("/meals/:id/foods/new/saved/:saved", use: chooseSavedAmount)
        routes.get("/meals/:id/foods/new/typed", use: handTypedForm)
        routes.post("/meals/:id/foods", use: create)
        routes.post("/meals/:id/foods/typed", use: createHandTyped)
        routes.get("/meals/:id/foods/:entry", use: entryDetail)
        routes.post("/meals/:id/foods/:entry", use: changeAmount)
        routes.post("/meals/:id/foods/:entry/delete", use: remove)
        routes.post("/meals/:id/finish", use: finishDraft)
        routes.post("/meals/:id/discard", use: discardDraft)
    }

    @Sendable func addFood(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meal = try await requireMeal(context)
        let query = String((request.uri.queryParameters.get("q") ?? "").prefix(200))
        let brand = String((request.uri.queryParameters.get("brand") ?? "").prefix(200))
        let result = SearchRanking.words(query).isEmpty
            ? nil : try await catalog.read { db in try FoodSearch.search(db, query: query, brand: brand, limit: 25) }
        let (saved, savedIDs) = try await database.read { db in
            (try EntryQueries.savedFoods(db, matching: query), try EntryQueries.savedCatalogIDs(db))
        }
        let view = AddFoodView(meal: meal, csrfToken: context.csrfToken, query: query, brand: brand,
                               searched: request.uri.queryParameters.get("q") != nil, saved: brand.isEmpty ? saved : [],
                               result: result, savedCatalogIDs: savedIDs)
        return await renderer.render(.addFood, view)
    }

    @Sendable func chooseCatalogAmount(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meal = try await requireMeal(context)
        let food = try await requireCatalogFood(context.parameters.get("food"))
        let portions = Portion.catalogPortions(food)
        return await renderer.render(.chooseAmount, try await catalogAmountView(meal: meal, food: food, portions: portions,
                                                                           form: AmountFieldsView.initialForm(portions: portions),
                                                                           query: request.uri.queryParameters.get("q"), context: context))
    }

    @Sendable func chooseSavedAmount(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meal = try await requireMeal(context)
        let saved = try await requireSavedFood(context.parameters.get("saved"))
        let portions = try await portions(for: saved.food)
        return await renderer.render(.chooseAmount, savedAmountView(meal: meal, saved: saved, portions: portions,
                                                              form: AmountFieldsView.initialForm(portions: portions), context: context))
    }

    @Sendable func handTypedForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meal = try await requireMeal(context)
        let form = HandTypedFoodForm(name: String((request.uri.queryParameters.get("name") ?? "").prefix(200)))
        return await renderer.render(.handTypedFood, HandTypedFoodView(meal: meal, csrfToken: context.csrfToken, form: form))
    }

    /// Adds a catalog or saved food. The nutrients are read again on the server from the source named
    /// in the form; nothing numeric but the amount is taken from the request.
    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meal = try await requireMeal(context)
        let fields = context.formFields
        let source = fields["source"] ?? ""
        let food: FoodSnapshot, portions: [Portion]
        var savedDefault: ChosenAmount?
        var savedFood: SavedFood?
        if let id = Self.sourceID(source, kind: "catalog") {
            let details = try await requireCatalogFood(String(id))
            food = FoodSnapshot(catalogFood: details)
            portions = Portion.catalogPortions(details)
        } else if let id = Self.sourceID(source, kind: "saved") {
            let saved = try await requireSavedFood(String(id))
            food = saved.food
            portions = try await self.portions(for: saved.food)
            savedDefault = saved.defaultAmount
            savedFood = saved
        } else {
            throw HTTPError(.badRequest, message: "The form did not say which food to add. Go back to the search and pick one.")
        }
        // One tap on a saved food sends no amount: it adds the saved amount.
        let form = ChosenAmount.Form(fields: fields)
        let chosen: Result<ChosenAmount, ChosenAmount.Errors> = form.choice.isEmpty && savedDefault != nil
            ? .success(savedDefault!) : ChosenAmount.validate(form, portions: portions)
        switch chosen {
        case .failure(let errors):
            let view: ChooseAmountView
            if let savedFood {
                view = savedAmountView(meal: meal, saved: savedFood, portions: portions, form: form, errors: errors, context: context)
            } else {
                let details = try await requireCatalogFood(food.catalogFoodID.map(String.init))
                view = try await catalogAmountView(meal: meal, food: details, portions: portions, form: form, errors: errors,
                                                   query: nil, context: context)
            }
            return await renderer.render(.chooseAmount, view, status: .unprocessableContent)
        case .success(let amount):
            guard try await database.addEntry(mealID: meal.id, food: food, amount: amount, now: now()) != nil else {
                throw MealPagesController.mealNotFound(meal.id)
            }
            return redirect(to: "/meals/\(meal.id)?notice=food_added#foods")
        }
    }

    @Sendable func createHandTyped(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meal = try await requireMeal(context)
        let form = HandTypedFoodForm(fields: context.formFields)
        switch form.validate() {
        case .failure(let errors):
            return await renderer.render(.handTypedFood, HandTypedFoodView(meal: meal, csrfToken: context.csrfToken, form: form, errors: errors),
                                   status: .unprocessableContent)
        case .success(let valid):
            guard try await database.addEntry(mealID: meal.id, food: valid.food, amount: valid.amount, now: now()) != nil else {
                throw MealPagesController.mealNotFound(meal.id)
            }
            if valid.saveForLater {
                _ = try await database.saveFood(valid.food, defaultAmount: valid.amount, now: now())
            }
            return redirect(to: "/meals/\(meal.id)?notice=food_added#foods")
        }
    }

    @Sendable func entryDetail(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (meal, entry) = try await requireEntry(context)
        let portions = try await portions(for: entry.food)
        let notice = request.uri.queryParameters.get("notice").flatMap { Self.notices[String($0)] }
        return await renderer.render(.entryDetail, try await entryView(meal: meal, entry: entry, portions: portions,
                                                                 form: Self.currentAmountForm(entry, portions: portions),
                                                                 notice: notice, context: context))
    }

    @Sendable func changeAmount(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (meal, entry) = try await requireEntry(context)
        let portions = try await portions(for: entry.food)
        let form = ChosenAmount.Form(fields: context.formFields)
        switch ChosenAmount.validate(form, portions: portions) {
        case .failure(let errors):
            return await renderer.render(.entryDetail, try await entryView(meal: meal, entry: entry, portions: portions, form: form,
                                                                     errors: errors, notice: nil, context: context),
                                   status: .unprocessableContent)
        case .success(let amount):
            guard try await database.changeEntryAmount(mealID: meal.id, entryID: entry.id, to: amount, now: now()) else {
                throw Self.entryNotFound
            }
            return redirect(to: "/meals/\(meal.id)/foods/\(entry.id)?notice=amount")
        }
    }

    @Sendable func remove(_ request: Request, context: AppRequestContext) async throws -> Response {
        let mealID = try mealID(context)
        guard let text = context.parameters.get("entry"), let entryID = Int64(text),
              try await database.removeEntry(mealID: mealID, entryID: entryID, now: now())
        else { throw Self.entryNotFound }
        return redirect(to: "/meals/\(mealID)?notice=food_removed#foods")
    }

    @Sendable func finishDraft(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try mealID(context)
        guard try await database.finishDraft(mealID: id, now: now()) else { throw MealPagesController.mealNotFound(id) }
        return redirect(to: "/meals/\(id)?notice=created")
    }

    @Sendable func discardDraft(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try mealID(context)
        guard let change = try await database.deleteMeal(id: id, onlyIfDraft: true) else {
            _ = try await database.requireMeal(id: id)
            throw HTTPError(.conflict, message: "Meal \(id) is not a meal being added, so it was not cancelled. To remove a saved meal, use Delete on its page.")
        }
        photos.removeFiles(change.orphaned)
        return redirect(to: "/?notice=discarded")
    }

    // MARK: - Views

    private func catalogAmountView(meal: Meal, food: FoodDetails, portions: [Portion], form: ChosenAmount.Form,
                                   errors: ChosenAmount.Errors = .init(), query: String?, context: AppRequestContext) async throws -> ChooseAmountView {
        let saved = try await database.read { db in try EntryQueries.isSaved(db, FoodSnapshot(catalogFood: food)) }
        let back = "/meals/\(meal.id)/foods/new" + (query.flatMap { $0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) }.map { "?q=\($0)" } ?? "")
        let details = [food.summary.foodGroup, "NDB \(food.summary.ndbNumber)", food.summary.brandOwner].compactMap { $0 }.joined(separator: " · ")
        let returnTo = "/meals/\(meal.id)/foods/new/catalog/\(food.summary.id)"
        return ChooseAmountView(meal: meal, csrfToken: context.csrfToken, source: "catalog:\(food.summary.id)",
                                food: FoodSnapshot(catalogFood: food), details: details, portions: portions, form: form, errors: errors,
                                backURL: back, saveForLater: SaveForLaterView(csrfToken: context.csrfToken, fieldName: "catalog_food",
                                                                              fieldValue: String(food.summary.id), returnTo: returnTo, alreadySaved: saved))
    }

    private func savedAmountView(meal: Meal, saved: SavedFood, portions: [Portion], form: ChosenAmount.Form,
                                 errors: ChosenAmount.Errors = .init(), context: AppRequestContext) -> ChooseAmountView {
        let details = ["Saved food", saved.food.dataType.label, saved.food.brandOwner].compactMap { $0 }.joined(separator: " · ")
        return ChooseAmountView(meal: meal, csrfToken: context.csrfToken, source: "saved:\(saved.id)", food: saved.food,
                                details: details, portions: portions, form: form, errors: errors,
                                backURL: "/meals/\(meal.id)/foods/new", saveForLater: nil)
    }

    private func entryView(meal: Meal, entry: FoodEntry, portions: [Portion], form: ChosenAmount.Form,
                           errors: ChosenAmount.Errors = .init(), notice: String?, context: AppRequestContext) async throws -> EntryDetailView {
        let alreadySaved = try await database.read { db in try EntryQueries.isSaved(db, entry.food) }
        return EntryDetailView(meal: meal, entry: entry, portions: portions, form: form, errors: errors,
                               csrfToken: context.csrfToken, notice: notice, alreadySaved: alreadySaved)
    }

    /// The measures a snapshot can be counted in: its label serving, or USDA's household measures
    /// (conversions only; the nutrients still come from the snapshot).
    private func portions(for food: FoodSnapshot) async throws -> [Portion] {
        switch food.dataType {
        case .handTyped:
            return [.serving(grams: food.basisGrams)]
        case .srLegacy:
            guard let id = food.catalogFoodID,
                  let details = try await catalog.read({ db in try FoodDetails.fetch(db, id: id) })
            else { return [] }
            return Portion.catalogPortions(details)
        }
    }

    /// The entry's amount as the form's starting point: the preset or measure it was logged with, else its grams.
    static func currentAmountForm(_ entry: FoodEntry, portions: [Portion]) -> ChosenAmount.Form {
        if let preset = ChosenAmount.presetGrams.first(where: { $0 == entry.grams }), entry.portionLabel == "\(Int(preset)) g" {
            return ChosenAmount.Form(choice: ChosenAmount.presetKey(preset))
        }
        for portion in portions where entry.portionLabel.contains(portion.label + " (") {
            return ChosenAmount.Form(choice: portion.key, count: formatQuantity(entry.grams / portion.grams))
        }
        return ChosenAmount.Form(choice: "grams", grams: formatQuantity(entry.grams))
    }

    // MARK: - Lookups

    static func sourceID(_ source: String, kind: String) -> Int64? {
        guard source.hasPrefix(kind + ":"), let id = Int64(source.dropFirst(kind.count + 1)), id > 0 else { return nil }
        return id
    }

    private func mealID(_ context: AppRequestContext) throws -> Int64 { try mealIDParameter(context) }

    private func requireMeal(_ context: AppRequestContext) async throws -> Meal {
        try await database.requireMeal(id: try mealIDParameter(context))
    }

    private func requireEntry(_ context: AppRequestContext) async throws -> (Meal, FoodEntry) {
        let meal = try await requireMeal(context)
        guard let text = context.parameters.get("entry"), let entryID = Int64(text),
              let entry = try await database.read({ db in try EntryQueries.entry(db, mealID: meal.id, entryID: entryID) })
        else { throw Self.entryNotFound }
        return (meal, entry)
    }

    private func requireCatalogFood(_ text: String?) async throws -> FoodDetails {
        guard let text, let id = Int64(text), let food = try await catalog.read({ db in try FoodDetails.fetch(db, id: id) }) else {
            throw HTTPError(.notFound, message: "There is no food with that number in the catalog. Search again and pick one from the list.")
        }
        return food
    }

    private func requireSavedFood(_ text: String?) async throws -> SavedFood {
        guard let text, let id = Int64(text), let saved = try await database.read({ db in try EntryQueries.savedFood(db, id: id) }) else {
            throw HTTPError(.notFound, message: "That saved food is gone; it may have been removed from My saved foods.")
        }
        return saved
    }

    static let entryNotFound = HTTPError(.notFound, message: "This meal has no such food. It may have been removed.")
}

import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryStorage
import FoodDiaryWeb
import Foundation
import Hummingbird
import FoodDiaryPhotos

/// A recipe from its web page: fetched by its address, pasted, or uploaded as a saved page; its
/// schema.org `Recipe` read, each ingredient line placed in the catalog for the person to confirm
/// or change, then saved with its servings, steps, address and photo, per serving computed
/// exactly from the ingredients' snapshots.
struct RecipeImportController: Sendable {
    let catalog: CatalogDatabase
    let household: HouseholdFoods
    let fetcher: RecipePageFetcher
    /// Pages read and placed at once, for everyone, however they came: more are refused at once
    /// (503, try again in a second), like searches, rather than queued behind a long one.
    let reading: InFlightLimit
    let renderer: PageRenderer
    let now: @Sendable () -> Date

    /// What a recipe's ingredient may be: never another recipe.
    static let ingredientKinds: Set<String> = ["catalog", "saved", "my", "household"]
    static let maxPastedBytes = RecipePageFetcher.maxBytes

    func addRoutes(to routes: Routes) {
        routes.get("/recipes/import", use: form)
        routes.post("/recipes/import", use: read)
        routes.post("/recipes/import/save", use: save)
    }

    @Sendable func form(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try context.person()
        return await renderer.render(.recipeImport, RecipeImportView(csrfToken: context.csrfToken), for: context)
    }

    /// Reads the page given one of three ways and shows what it found, each ingredient placed.
    @Sendable func read(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try context.person()
        let fields = context.formFields
        let typedAddress = String((fields["url"] ?? "").prefix(2_048))
        let address = RecipePageFetcher.address(typedAddress)
        let pasted = fields["html"] ?? ""
        let html: Data
        if let upload = context.uploads.first(where: { $0.fieldName == "page" && $0.byteCount > 0 }) {
            // The form reader stopped reading at the limit; this is the page itself past it.
            guard upload.byteCount <= Self.maxPastedBytes else { return await refused(Self.tooLarge, context) }
            html = try await offTheCooperativePool { try Data(contentsOf: URL(fileURLWithPath: upload.temporaryPath)) }
        } else if !pasted.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            guard pasted.utf8.count <= Self.maxPastedBytes else {
                return await refused(Self.tooLarge, context, pasted: pasted, status: .contentTooLarge)
            }
            html = Data(pasted.utf8)
        } else if let url = address {
            switch try await fetcher.fetch(url) {
            case .success(let body): html = body
            case .failure(let problem):
                return await refused(
                    problem.message, context, address: typedAddress, status: problem.isTheirs ? .badGateway : .unprocessableContent)
            }
        } else {
            let message =
                typedAddress.isEmpty
                ? tr("Give the recipe’s address, paste its page, or upload the page saved from your browser.")
                : "“\(typedAddress.prefix(80))” is not a web address. Addresses look like https://example.com/soup."
            return await refused(message, context, address: typedAddress)
        }
        let diary = person.diary
        let logged = try await diary.loggedCatalogFoods()
        let found = try await reading.run { () -> (SchemaRecipe, [PlacedFood])? in
            guard let recipe = try await offTheCooperativePool({ SchemaRecipe(html: html, address: address) }) else { return nil }
            let placed = try await IngredientPlacer(catalog: catalog, diary: diary.database).place(
                lines: recipe.ingredients, logged: logged, kinds: Self.ingredientKinds)
            return (recipe, placed)
        }
        guard let (recipe, placed) = found else {
            return await refused(
                tr("That page has no recipe FoodDiary can read: no schema.org Recipe in it. Add the recipe by hand instead."),
                context, address: typedAddress, pasted: pasted)
        }
        let rows = placed.enumerated().map { index, placed in
            ProposedFoodRow(index: index, placed: placed, amount: placed.amount, searchURL: searchURL(placed))
        }
        let form = RecipeForm(
            name: recipe.name, servings: recipe.servings.map(formatQuantity) ?? "",
            notes: RecipeImportPreviewView.notes(steps: recipe.steps))
        var errors = RecipeForm.Errors()
        if recipe.servings == nil { errors.servings = tr("The page does not say how many it serves: say how many.") }
        return await renderer.render(
            .recipeImportPreview,
            preview(
                form, yield: recipe.yield, address: address, image: recipe.image, rows: rows,
                errors: errors, context: context), for: context)
    }

    @Sendable func save(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try context.person()
        let diary = person.diary
        let fields = context.formFields
        let form = RecipeForm(fields: fields)
        // The address it came from, as the preview carried it: a web address, never longer than a column holds.
        let address = (fields["source"]).flatMap(RecipePageFetcher.address)
        let image = (fields["image"]).flatMap(RecipePageFetcher.address)
        let proposed = try await ProposedFoods.read(
            fields, placer: IngredientPlacer(catalog: catalog, diary: diary.database),
            sources: FoodSources(database: diary.database, catalog: catalog, household: (household, person.account)),
            logged: try await diary.loggedCatalogFoods(), kinds: Self.ingredientKinds, searchURL: searchURL)
        var errors = RecipeForm.Errors()
        var input: RecipeInput?
        switch form.validate() {
        case .success(let valid): input = valid
        case .failure(let invalid): errors = invalid
        }
        guard let input, !proposed.needsLook, !proposed.chosen.isEmpty else {
            let notice =
                proposed.needsLook
                ? tr("Check the ingredients you changed, then save.") : proposed.chosen.isEmpty ? tr("Tick at least one ingredient.") : nil
            return await renderer.render(
                .recipeImportPreview,
                preview(
                    form, yield: fields["yield"], address: address, image: image, rows: proposed.rows,
                    errors: errors, notice: notice, context: context),
                for: context, status: .unprocessableContent)
        }
        // The page's photo goes through the same checks as one uploaded; without it the recipe is still saved.
        var photo: IngestedPhoto?
        if fields["keep_image"] != nil, let image {
            if case .success(let bytes)? = try? await fetcher.fetch(image) {
                photo = try? await diary.photos.ingest(fetched: bytes, name: image.lastPathComponent)
            }
        }
        let ingredients = proposed.chosen.map {
            RecipeIngredientInput(food: $0.resolved.food, myFoodID: $0.resolved.myFoodID, amount: $0.amount)
        }
        let id = try await diary.photos.committing(
            photo,
            creating: {
                try await diary.database.importRecipe(input, from: address, ingredients: ingredients, photo: photo, now: now())
            })
        return redirect(
            to:
                "/recipes/\(id)?notice=\(photo == nil && fields["keep_image"] != nil && image != nil ? "imported-without-photo" : "imported")"
        )
    }

    private func searchURL(_ placed: PlacedFood) -> String {
        "/foods" + queryString(["q": placed.line.food.isEmpty ? placed.typed : placed.line.food])
    }

    static let tooLarge =
        tr("That page is larger than \(RecipePageFetcher.maxBytes / 1_000_000) MB, more than any recipe page, so it was not read.")

    private func refused(
        _ message: String, _ context: AppRequestContext, address: String = "", pasted: String = "",
        status: HTTPResponse.Status = .unprocessableContent
    ) async -> Response {
        await renderer.render(
            .recipeImport, RecipeImportView(csrfToken: context.csrfToken, address: address, problem: message, pasted: pasted),
            for: context, status: status)
    }

    private func preview(
        _ form: RecipeForm, yield: String?, address: URL?, image: URL?, rows: [ProposedFoodRow], errors: RecipeForm.Errors,
        notice: String? = nil, context: AppRequestContext
    ) -> RecipeImportPreviewView {
        let kcal = rows.filter(\.keep).compactMap(\.energyKcal).reduce(0, +)
        let servings = try? TypedNumber.parse(form.servings, in: RecipeForm.servingsRange).get()
        return RecipeImportPreviewView(
            csrfToken: context.csrfToken, name: form.name, nameError: errors.name, servings: form.servings,
            servingsError: errors.servings, yield: yield.flatMap { $0.isEmpty ? nil : String($0.prefix(200)) },
            source: address?.absoluteString, image: image?.absoluteString, notes: form.notes, notesError: errors.notes,
            rows: rows, rowCount: rows.count, notice: notice,
            perServing: servings.map { tr("\(kcalText(kcal / $0)) a serving, \(kcalText(kcal)) in all") } ?? tr("\(kcalText(kcal)) in all"))
    }
}

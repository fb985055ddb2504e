import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryWeb
import Foundation
import Hummingbird

/// Searching FoodData Central and Open Food Facts online from the add-food and add-ingredient
/// pages, and keeping a food picked there. The local results never wait for this: the pages load
/// it afterwards.
struct OnlineFoodsController: Sendable {
    let catalog: CatalogDatabase
    let online: FoodDataCentralOnline
    let openFoodFacts: OpenFoodFactsOnline
    /// `FOODDIARY_FDC_API_KEY`, used where a diary has no key of its own.
    let serverKey: String?
    let renderer: PageRenderer
    let now: @Sendable () -> Date

    func addRoutes(to routes: Routes) {
        routes.get("/meals/:id/foods/online", use: mealSearch)
        routes.post("/meals/:id/foods/online/:fdc", use: mealPick)
        routes.post("/meals/:id/foods/online/product/:barcode", use: mealPickProduct)
        routes.get("/recipes/:recipe/ingredients/online", use: recipeSearch)
        routes.post("/recipes/:recipe/ingredients/online/:fdc", use: recipePick)
        routes.post("/recipes/:recipe/ingredients/online/product/:barcode", use: recipePickProduct)
    }

    @Sendable func mealSearch(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meal = try await existingMeal(try context.diary().database, context)
        return try await searchPage(.meal(meal), request: request, context: context)
    }

    @Sendable func recipeSearch(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await searchPage(try await recipeTarget(context), request: request, context: context)
    }

    @Sendable func mealPick(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meal = try await existingMeal(try context.diary().database, context)
        return try await pick(.meal(meal), context: context)
    }

    @Sendable func recipePick(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await pick(try await recipeTarget(context), context: context)
    }

    @Sendable func mealPickProduct(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meal = try await existingMeal(try context.diary().database, context)
        return try await pickProduct(.meal(meal), context: context)
    }

    @Sendable func recipePickProduct(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await pickProduct(try await recipeTarget(context), context: context)
    }

    private func recipeTarget(_ context: AppRequestContext) async throws -> OnlineTarget {
        guard let id = context.parameters.get("recipe").flatMap(Int64.init), id > 0,
            let recipe = try await context.diary().database.read({ db in try Recipe.fetch(db, id: id) })
        else { throw Recipe.Missing() }
        return .recipe(id: id, name: recipe.name)
    }

    func key(_ context: AppRequestContext) async throws -> FoodDataCentralKey {
        try await FoodDataCentralKey.current(in: context.diary().database, server: serverKey)
    }

    private func searchPage(_ target: OnlineTarget, request: Request, context: AppRequestContext) async throws -> Response {
        let parameters = try request.formQuery()
        let query = String((parameters["q"] ?? "").prefix(200)).trimmingCharacters(in: .whitespaces)
        let key = try await key(context)
        let views: [OnlineResultsView]
        if let barcode = parameters["barcode"], !barcode.isEmpty {
            guard let digits = Barcode.digits(barcode) else { throw HTTPError(.badRequest, message: Barcode.problem) }
            views = [try await barcodeResults(target, digits: digits, key: key, context: context)]
        } else {
            guard !Words.split(query).isEmpty else { throw HTTPError(.badRequest, message: tr("Type a food name to search online for.")) }
            views = try await nameResults(target, query: query, key: key, request: request, context: context)
        }
        return await renderer.render(.onlineFoods, OnlineFoodsPageView(target: target, online: views), for: context)
    }

    /// Both sources at once, each behind its own guard and deadline; the person's country decides
    /// whose come first: FoodData Central's US products, or Open Food Facts' sold where they shop.
    private func nameResults(
        _ target: OnlineTarget, query: String, key: FoodDataCentralKey, request: Request,
        context: AppRequestContext
    ) async throws -> [OnlineResultsView] {
        let country = ProductCountry.current(
            chosen: try await context.diary().database.productCountry(),
            acceptLanguage: request.headers[.acceptLanguage])
        let central = online, products = openFoodFacts
        // Neither throws, and both are awaited: leaving the scope cancels no running request.
        async let fromCentral = central.search(query, key: key.value)
        async let fromProducts = products.search(query, country: country)
        let (centralOutcome, productsOutcome) = (await fromCentral, await fromProducts)
        let centralView = try await results(target, query: query, key: key, context: context, centralOutcome)
        let productsView: OnlineResultsView
        switch productsOutcome {
        case .success(let page):
            let kept = try await catalog.keptFoods(fdcIds: page.products.map(\.catalogID))
            productsView = OnlineResultsView(
                products: page.products, count: page.count, kept: kept, country: country, target: target,
                query: query, csrfToken: context.csrfToken)
        case .failure(let problem):
            productsView = .failed(problem, source: OpenFoodFactsOnline.name, target: target, query: query, csrfToken: context.csrfToken)
        }
        return country.map { !$0.isUnitedStates } == true ? [productsView, centralView] : [centralView, productsView]
    }

    private func results(
        _ target: OnlineTarget, query: String, key: FoodDataCentralKey, context: AppRequestContext, barcode: String? = nil,
        _ outcome: Result<FoodDataCentralClient.SearchPage, OnlineProblem>
    ) async throws -> OnlineResultsView {
        switch outcome {
        case .failure(let problem):
            return .failed(problem, target: target, query: query, csrfToken: context.csrfToken, key: key)
        case .success(let found):
            return OnlineResultsView(
                problem: nil, foods: found.foods, totalHits: found.totalHits, local: try await localIDs(found.foods),
                target: target, query: query, csrfToken: context.csrfToken, usingDemoKey: key.isDemo, barcode: barcode)
        }
    }

    /// One barcode, asked in order: FoodData Central when a key of the diary's or the server's own
    /// is set (its shared DEMO_KEY's 30 an hour are kept for searches), then Open Food Facts, which
    /// knows products from everywhere and needs no key.
    private func barcodeResults(_ target: OnlineTarget, digits: String, key: FoodDataCentralKey, context: AppRequestContext) async throws
        -> OnlineResultsView
    {
        if !key.isDemo, case .success(let found) = await online.barcode(digits, key: key.value), !found.foods.isEmpty {
            return try await results(target, query: "", key: key, context: context, barcode: digits, .success(found))
        }
        switch await openFoodFacts.product(barcode: digits) {
        case .success(let fetched):
            let kept = try await catalog.keptFoods(fdcIds: [fetched.product.catalogID])
            return OnlineResultsView(
                product: fetched.product, kept: kept.contains(fetched.product.catalogID), target: target, barcode: digits,
                csrfToken: context.csrfToken)
        case .failure(.notFound):
            return OnlineResultsView.nothing(barcode: digits, target: target, csrfToken: context.csrfToken)
        case .failure(let problem):
            return OnlineResultsView.failed(
                problem, source: OpenFoodFactsOnline.name, target: target, query: "", csrfToken: context.csrfToken)
        }
    }

    /// The online foods this catalog already has: kept before, or SR Legacy foods SR28 holds.
    private func localIDs(_ foods: [FoodDataCentralFood]) async throws -> [Int64: Int64] {
        var local: [Int64: Int64] = [:]
        for id in try await catalog.keptFoods(fdcIds: foods.map(\.fdcId)) { local[id] = id }
        for food in foods where food.dataType == .srLegacy {
            if let ndb = food.ndbNumber, let id = try await catalog.sr28Food(ndbNumber: ndb) { local[food.fdcId] = id }
        }
        return local
    }

    /// Fetches the food's details, keeps it in the catalog, and goes on to choosing how much.
    private func pick(_ target: OnlineTarget, context: AppRequestContext) async throws -> Response {
        guard let fdcId = context.parameters.get("fdc").flatMap(Int64.init), FetchedFoods.fdcIdRange.contains(fdcId) else {
            throw HTTPError(.notFound, message: tr("That is not a FoodData Central food number. Search again and pick one from the list."))
        }
        let query = String((context.formFields["q"] ?? "").prefix(200))
        let key = try await key(context)
        switch await online.details(fdcId: fdcId, key: key.value) {
        case .success(let fetched):
            // The diary's copy first: the catalog can be rebuilt from it, not the other way round.
            try await context.diary().database.keepFetchedFood(fdcId: fdcId, details: fetched.details, fetchedAt: now())
            let id = try await catalog.keep(fetched.food, details: fetched.details, now: now())
            context.logger.info("Kept FoodData Central food \(fdcId) in the catalog")
            return redirect(to: target.chooseURL(catalogID: id, query: query))
        case .failure(let problem):
            let view = OnlineResultsView.failed(problem, target: target, query: query, csrfToken: context.csrfToken, key: key)
            return await renderer.render(
                .onlineFoods, OnlineFoodsPageView(target: target, online: [view]), for: context, status: problem.status)
        }
    }
}

extension OnlineFoodsController {
    /// Fetches the product again (its answer is what is kept), keeps it in the diary and the
    /// catalog, and goes on to choosing how much.
    private func pickProduct(_ target: OnlineTarget, context: AppRequestContext) async throws -> Response {
        guard let digits = context.parameters.get("barcode").flatMap(Barcode.digits),
            let id = OpenFoodFactsProduct.catalogID(barcode: digits)
        else {
            throw HTTPError(.notFound, message: Barcode.problem)
        }
        let query = String((context.formFields["q"] ?? "").prefix(200))
        switch await openFoodFacts.product(barcode: digits) {
        case .success(let fetched):
            // The diary's copy first: the catalog can be rebuilt from it, not the other way round.
            try await context.diary().database.keepFetchedFood(fdcId: id, details: fetched.answer, fetchedAt: now())
            let kept = try await catalog.keep(fetched.product, answer: fetched.answer, now: now())
            context.logger.info("Kept Open Food Facts product \(digits) in the catalog")
            var next = target.chooseURL(catalogID: kept, query: query)
            if context.formFields["keep_image"] != nil, try await !keepPhoto(of: fetched.product, catalogID: kept, context: context) {
                next += (next.contains("?") ? "&" : "?") + "notice=no_photo"
            }
            return redirect(to: next)
        case .failure(let problem):
            let view = OnlineResultsView.failed(
                problem, source: OpenFoodFactsOnline.name, target: target, query: query, csrfToken: context.csrfToken)
            return await renderer.render(
                .onlineFoods, OnlineFoodsPageView(target: target, online: [view]), for: context, status: problem.status)
        }
    }
}

extension OnlineFoodsController {
    /// The product's packaging photo, through the same checks as an upload; the product is kept
    /// either way, and false says the photo was not.
    private func keepPhoto(of product: OpenFoodFactsProduct, catalogID: Int64, context: AppRequestContext) async throws -> Bool {
        let diary = try context.diary()
        guard let url = product.imageURL, case .success(let bytes) = await openFoodFacts.image(url),
            let photo = try? await diary.photos.ingest(fetched: bytes, name: "product-\(product.code).jpg")
        else { return false }
        let change = try await diary.photos.committing(photo) {
            try await diary.database.setProductPhoto(catalogID: catalogID, photo: photo, now: now())
        }
        await diary.photos.release(change?.orphaned)
        return change != nil
    }
}

/// A barcode as typed or scanned: GTIN-8, UPC-A (12), EAN-13 or GTIN-14 digits, spaces allowed.
enum Barcode {
    static var problem: String { tr("A barcode is the 8 to 14 digits under its stripes, like 036800403710.") }
    /// More codes in one photo than a package carries are a shelf: the first few are looked up.
    static let mostAtOnce = 3

    static func digits(_ text: String) -> String? {
        let digits = text.filter { $0 != " " && $0 != "-" }
        guard (8...14).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return digits
    }
}

import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryWeb
import Foundation
import Hummingbird

/// The catalog's pages: search, and one food's nutrients for a chosen amount.
struct FoodPagesController: Sendable {
    let catalog: CatalogDatabase
    let renderer: PageRenderer
    /// The meals a food may be added to from its page, the likeliest selected; given by the
    /// logging feature, which this layer does not know.
    let logTargets: @Sendable (AppRequestContext, FormFields) async throws -> LogTargetChoice

    func addRoutes(to routes: Routes) {
        routes.get("/foods", use: search)
        routes.get("/foods/:id", use: detail)
    }

    @Sendable func search(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let parameters = try request.formQuery()
        let query = parameters["q"] ?? ""
        let brand = parameters["brand"] ?? ""
        let scope = try FoodSearch.Scope(formValue: parameters["kind"])
        // The person's own foods are matched while the catalog is searched (read only after a change).
        async let searched = catalog.searchIfTyped(
            query, brand: brand, scope: scope, limit: 50, asTyped: parameters["exact"] == "1",
            logged: { try await diary.loggedCatalogFoods() })
        let mine = Words.split(query).isEmpty || !brand.isEmpty ? [] : try await diary.ownFoods(matching: query).myFoods
        let result = try await searched
        let progress = catalog.brandedFoodsProgress
        return await renderer.render(
            .foodSearch,
            FoodSearchView(
                query: query, brand: brand, scope: scope, result: result, myFoods: mine,
                brandedProgress: progress), for: context)
    }

    @Sendable func detail(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let text = context.parameters.get("id"), let id = Int64(text),
            let food = try await catalog.read({ db in try FoodDetails.fetch(db, id: id) })
        else { throw HTTPError(.notFound, message: tr("There is no food with that number in the catalog.")) }
        let measures = food.measures
        let options = FoodAmount.options(for: food, measures: measures.portions)
        let key = try request.formQuery()["amount"] ?? FoodAmount.defaultKey(for: food, measures: measures)
        guard let amount = FoodAmount.chosen(key, among: options, food: food) else {
            throw HTTPError(.badRequest, message: tr("That amount is not one of this food's choices."))
        }
        let query = try request.formQuery()
        var origin = FoodSearchOrigin(
            query: String((query["q"] ?? "").prefix(200)), brand: String((query["brand"] ?? "").prefix(200)),
            scope: try FoodSearch.Scope(formValue: query["kind"]))
        let targets = try await logTargets(context, query)
        origin.target = targets.carried
        var view = FoodDetailView(
            food: food, amount: amount, options: options, from: origin, logTargets: targets,
            csrfToken: context.csrfToken)
        if query["check"] == "1" {
            view.notice =
                tr(
                    "Check the amount: one tap would have added more than three usual servings, or more energy than is usual for it. Choose how much you had, then add it."
                )
        }
        if food.summary.dataType == .openFoodFacts {
            view.productPhotoURL = try await context.diary().database.productPhoto(catalogID: id)?.url(.thumb)
        }
        return await renderer.render(.foodDetail, view, for: context)
    }
}

/// The food search a food's page was opened from: its links carry it, so the way back finds the
/// same results rather than an empty search.
struct FoodSearchOrigin: Sendable, Equatable {
    var query = ""
    var brand = ""
    var scope = FoodSearch.Scope.all
    /// Where ＋ was adding when it opened the page (`meal=3`, or `day=…` and `slot=…`), kept as an amount is chosen.
    var target: [String] = []

    func queryString(amount: String = "") -> String {
        let query = FoodDiaryWeb.queryString(["amount": amount, "q": query, "brand": brand, "kind": scope == .all ? "" : scope.rawValue])
        guard !target.isEmpty else { return query }
        return (query.isEmpty ? "?" : query + "&") + target.joined(separator: "&")
    }
}

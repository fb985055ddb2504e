import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import Hummingbird

/// `/settings/food-data-central`: searching foods online. The diary's api.data.gov key for
/// FoodData Central, and the country whose products Open Food Facts is asked for.
struct FoodDataCentralSettingsController: Sendable {
    let serverKey: String?
    let renderer: PageRenderer

    static let path = "/settings/food-data-central"
    static var notices: [String: String] {
        [
            "saved": tr("Key saved. Online searches use it from now on."), "removed": tr("Key removed."),
            "country": tr("Country saved. Online searches look for its products from now on.")
        ]
    }

    func addRoutes(to routes: Routes) {
        routes.get(Self.path, use: page)
        routes.post(Self.path, use: save)
        routes.post(Self.path + "/remove", use: remove)
        routes.post(Self.path + "/country", use: saveCountry)
    }

    @Sendable func page(_ request: Request, context: AppRequestContext) async throws -> Response {
        let notice = try request.formQuery()["notice"].flatMap { Self.notices[$0] }
        return try await render(context, request: request, notice: notice)
    }

    @Sendable func save(_ request: Request, context: AppRequestContext) async throws -> Response {
        switch FoodDataCentralKey.validate(context.formFields["api_key"] ?? "") {
        case .failure(let problem):
            return try await render(context, request: request, notice: nil, error: problem.message, status: .unprocessableContent)
        case .success(let key):
            try await context.diary().database.setFoodDataCentralKey(key)
            return redirect(to: Self.path + "?notice=saved")
        }
    }

    @Sendable func remove(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await context.diary().database.setFoodDataCentralKey(nil)
        return redirect(to: Self.path + "?notice=removed")
    }

    @Sendable func saveCountry(_ request: Request, context: AppRequestContext) async throws -> Response {
        let chosen = context.formFields["country"] ?? ""
        guard chosen == ProductCountry.anywhere || chosen.isEmpty || ProductCountry.named(chosen) != nil else {
            return try await render(
                context, request: request, notice: nil, countryError: tr("Choose a country from the list."), status: .unprocessableContent)
        }
        try await context.diary().database.setProductCountry(chosen.isEmpty ? nil : ProductCountry.named(chosen)?.code ?? chosen)
        return redirect(to: Self.path + "?notice=country#country")
    }

    private func render(
        _ context: AppRequestContext, request: Request, notice: String?, error: String? = nil, countryError: String? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let database = try context.diary().database
        let key = try await FoodDataCentralKey.current(in: database, server: serverKey)
        let country = CountryChoiceView(
            chosen: try await database.productCountry(), acceptLanguage: request.headers[.acceptLanguage], error: countryError)
        return await renderer.render(
            .foodDataCentralSettings,
            FoodDataCentralSettingsView(
                key: key, country: country, csrfToken: context.csrfToken,
                notice: notice, error: error), for: context, status: status)
    }
}

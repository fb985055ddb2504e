import FoodDiaryWeb
import Foundation
import Hummingbird

/// `/settings/food-data-central`: the diary's api.data.gov key for searching FoodData Central online.
struct FoodDataCentralSettingsController: Sendable {
    let serverKey: String?
    let renderer: PageRenderer

    static let path = "/settings/food-data-central"
    static let notices = ["saved": "Key saved. Online searches use it from now on.", "removed": "Key removed."]

    func addRoutes(to routes: Routes) {
        routes.get(Self.path, use: page)
        routes.post(Self.path, use: save)
        routes.post(Self.path + "/remove", use: remove)
    }

    @Sendable func page(_ request: Request, context: AppRequestContext) async throws -> Response {
        let notice = try request.formQuery()["notice"].flatMap { Self.notices[$0] }
        return try await render(context, notice: notice, error: nil)
    }

    @Sendable func save(_ request: Request, context: AppRequestContext) async throws -> Response {
        switch FoodDataCentralKey.validate(context.formFields["api_key"] ?? "") {
        case .failure(let problem):
            return try await render(context, notice: nil, error: problem.message, status: .unprocessableContent)
        case .success(let key):
            try await context.diary().database.setFoodDataCentralKey(key)
            return redirect(to: Self.path + "?notice=saved")
        }
    }

    @Sendable func remove(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await context.diary().database.setFoodDataCentralKey(nil)
        return redirect(to: Self.path + "?notice=removed")
    }

    private func render(_ context: AppRequestContext, notice: String?, error: String?, status: HTTPResponse.Status = .ok) async throws -> Response {
        let key = try await FoodDataCentralKey.current(in: context.diary().database, server: serverKey)
        return await renderer.render(.foodDataCentralSettings, FoodDataCentralSettingsView(key: key, csrfToken: context.csrfToken,
                                                                                           notice: notice, error: error), for: context, status: status)
    }
}

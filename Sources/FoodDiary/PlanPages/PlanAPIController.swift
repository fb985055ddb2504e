import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryWeb
import Foundation
import Hummingbird

/// JSON for scripts: the plan of a range of days, and its shopping list.
struct PlanAPIController: Sendable {
    let catalog: CatalogDatabase
    let timeZone: TimeZone
    let now: @Sendable () -> Date

    func addRoutes(to routes: Routes) {
        routes.get("/api/plan", use: plan)
        routes.get("/api/shopping", use: shopping)
    }

    private var today: LocalDate { LocalDateTime(now(), in: timeZone).date }

    @Sendable func plan(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (first, last) = try ShoppingController.range(try request.formQuery(), today: today)
        return try jsonResponse(try await PlanJSON.read(context.diary(), from: first, through: last, today: today))
    }

    @Sendable func shopping(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (first, last) = try ShoppingController.range(try request.formQuery(), today: today)
        return try jsonResponse(try await ShoppingJSON.read(context.diary(), catalog: catalog, from: first, through: last))
    }
}

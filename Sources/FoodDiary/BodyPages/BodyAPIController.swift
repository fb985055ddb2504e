import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import Hummingbird

/// JSON for scripts: the measures with their latest readings and the weight trend, each
/// measure's readings, the water drunk and the exercise, paged like the meals.
struct BodyAPIController: Sendable {
    let timeZone: TimeZone
    let now: @Sendable () -> Date

    func addRoutes(to routes: Routes) {
        routes.get("/api/body", use: summary)
        routes.get("/api/body/:key", use: readings)
        routes.get("/api/water", use: water)
        routes.get("/api/activities", use: activities)
    }

    @Sendable func summary(_ request: Request, context: AppRequestContext) async throws -> Response {
        try jsonResponse(try await BodySummaryJSON.read(context.diary(), today: LocalDateTime(now(), in: timeZone).date))
    }

    @Sendable func readings(_ request: Request, context: AppRequestContext) async throws -> Response {
        let page = try APIPageQuery(try request.formQuery())
        let key = context.parameters.get("key") ?? ""
        let found = try await context.diary().database.read { db -> (BodyMeasure, [BodyMeasurement], TimeCursor?)? in
            guard let measure = try BodyQueries.measure(db, key: key) else { return nil }
            let (readings, next) = try BodyQueries.measurementsPage(db, measureID: measure.id, page: page)
            return (measure, readings, next)
        }
        guard let (measure, readings, next) = found else { throw BodyController.noSuchMeasure }
        return try jsonResponse(
            PagedJSON(
                "readings", readings.map { ReadingJSON($0, unit: measure.unit) },
                fields: [("measure", measure.key), ("unit", measure.unit.jsonName)],
                page: page, path: "/api/body/\(measure.key)", next: next))
    }

    @Sendable func water(_ request: Request, context: AppRequestContext) async throws -> Response {
        let page = try APIPageQuery(try request.formQuery())
        let (drinks, next) = try await context.diary().database.read { db in try BodyQueries.waterPage(db, page: page) }
        return try jsonResponse(
            PagedJSON(
                "drinks", drinks.map(DrinkJSON.init),
                page: page, path: "/api/water", next: next))
    }

    @Sendable func activities(_ request: Request, context: AppRequestContext) async throws -> Response {
        let page = try APIPageQuery(try request.formQuery())
        let (activities, next) = try await context.diary().database.read { db in try ActivityQueries.page(db, page: page) }
        return try jsonResponse(PagedJSON("activities", activities.map(ActivityJSON.init), page: page, path: "/api/activities", next: next))
    }
}

import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import Hummingbird

/// JSON for scripts: the measures with their latest readings and the weight trend, each
/// measure's readings, and the water drunk, paged like the meals.
struct BodyAPIController: Sendable {
    let timeZone: TimeZone
    let now: @Sendable () -> Date

    func addRoutes(to routes: Routes) {
        routes.get("/api/body", use: summary)
        routes.get("/api/body/:key", use: readings)
        routes.get("/api/water", use: water)
    }

    struct MeasureJSON: Encodable {
        let key: String
        let name: String
        /// `kg`, `cm` or `percent`: the unit every value of it is in, whatever the person reads.
        let unit: String
        let isShown: Bool
        let latest: ReadingJSON?
    }

    struct ReadingJSON: Encodable {
        let id: Int64
        let value: Double
        let localTime: String
        let utcOffsetMinutes: Int
        init(_ reading: BodyMeasurement) {
            (id, value, localTime, utcOffsetMinutes) = (reading.id, reading.value, reading.takenAt.description, reading.utcOffsetMinutes)
        }
    }

    struct SummaryJSON: Encodable {
        let units: String
        let trendKg: Double?
        let weeklyRateKg: Double?
        let waterGoalMl: Double?
        let measures: [MeasureJSON]
    }

    struct DrinkJSON: Encodable {
        let id: Int64
        let ml: Double
        let localTime: String
        let utcOffsetMinutes: Int
    }

    @Sendable func summary(_ request: Request, context: AppRequestContext) async throws -> Response {
        let today = LocalDateTime(now(), in: timeZone).date
        let page = try await context.diary().database.read { db in try BodyQueries.page(db, today: today, shownDays: 1, withEnergy: false) }
        return try jsonResponse(SummaryJSON(
            units: page.settings.units.rawValue, trendKg: page.trend.latest?.trendKilograms, weeklyRateKg: page.trend.weeklyRateKilograms,
            waterGoalMl: page.settings.waterGoalMillilitres,
            measures: page.measures.map { MeasureJSON(key: $0.key, name: $0.name, unit: $0.unit.rawValue, isShown: $0.isShown,
                                                      latest: page.latest[$0.id].map(ReadingJSON.init)) }))
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
        return try jsonResponse(PagedJSON("readings", readings.map(ReadingJSON.init), fields: [("measure", measure.key), ("unit", measure.unit.rawValue)],
                                          page: page, path: "/api/body/\(measure.key)", next: next))
    }

    @Sendable func water(_ request: Request, context: AppRequestContext) async throws -> Response {
        let page = try APIPageQuery(try request.formQuery())
        let (drinks, next) = try await context.diary().database.read { db in try BodyQueries.waterPage(db, page: page) }
        return try jsonResponse(PagedJSON("drinks", drinks.map { DrinkJSON(id: $0.id, ml: $0.millilitres, localTime: $0.drunkAt.description, utcOffsetMinutes: $0.utcOffsetMinutes) },
                                          page: page, path: "/api/water", next: next))
    }
}

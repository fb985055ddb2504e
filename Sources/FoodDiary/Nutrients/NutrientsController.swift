import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import Hummingbird

/// A day or a week of food against what the person needs, and the settings it is read with.
struct NutrientsController: Sendable {
    let renderer: PageRenderer

    func addRoutes(to routes: Routes) {
        routes.get("/days/:date/nutrients", use: page)
        routes.get("/api/days/:date/nutrients", use: json)
        routes.get("/settings/nutrients", use: settingsPage)
        routes.post("/settings/nutrients", use: saveSettings)
    }

    @Sendable func page(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (report, settings, date, days) = try await read(request, context)
        return await renderer.render(
            .nutrients, NutrientsPageView(report: report, settings: settings, date: date, days: days), for: context)
    }

    @Sendable func json(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (report, settings, date, days) = try await read(request, context)
        return try jsonResponse(NutrientsReportJSON(report: report, settings: settings, date: date, days: days))
    }

    /// The day or the week the address names, read against the diary's settings.
    private func read(_ request: Request, _ context: AppRequestContext) async throws -> (NutrientReport, NutrientSettings, LocalDate, Int) {
        guard let text = context.parameters.get("date"), let date = LocalDate(parsing: text) else {
            throw HTTPError(.notFound, message: tr("That is not a day. Day addresses look like /days/2026-03-09/nutrients."))
        }
        let days: Int
        switch try request.formQuery()["days"] {
        case nil, "1": days = 1
        case "7": days = 7
        default: throw HTTPError(.badRequest, message: tr("Nutrients are read for a day or a week: leave out ?days, or use ?days=7."))
        }
        let (report, settings) = try await NutrientReport.read(context.diary(), through: date, days: days)
        return (report, settings, date, days)
    }

    @Sendable func settingsPage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let notice = try request.formQuery()["notice"] == "saved" ? tr("Nutrient targets saved.") : nil
        let settings = try await context.diary().database.read { db in try NutrientQueries.settings(db) }
        return await renderer.render(
            .nutrientSettings, NutrientSettingsForm(settings: settings).view(csrfToken: context.csrfToken, notice: notice), for: context)
    }

    @Sendable func saveSettings(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = NutrientSettingsForm(fields: context.formFields)
        switch form.validate() {
        case .failure(let errors):
            return await renderer.render(
                .nutrientSettings, form.view(csrfToken: context.csrfToken, notice: nil, errors: errors), for: context,
                status: .unprocessableContent)
        case .success(let settings):
            try await context.diary().database.setNutrientSettings(settings)
            return redirect(to: "/settings/nutrients?notice=saved")
        }
    }
}

/// `/api/days/{date}/nutrients`: each nutrient's daily amount in its unit, what it is read
/// against, and how that went.
struct NutrientsReportJSON: Encodable {
    struct Line: Encodable {
        let nutrient: String
        let unit: String
        let amount: Double?
        let minimum: Double?
        let maximum: Double?
        let reference: Double?
        let upperLimit: Double?
        let source: String?
        let percent: Double?
        let status: String
        let foodsNotSaying: Int
    }

    let date: String
    let days: Int
    /// Null for the FDA Daily Values.
    let lifeStage: String?
    let countedDays: Int
    let low: [String]
    let nutrients: [Line]

    init(report: NutrientReport, settings: NutrientSettings, date: LocalDate, days: Int) {
        self.date = date.description
        self.days = days
        lifeStage = settings.lifeStage?.rawValue
        countedDays = report.counted.count
        low = report.low.map(\.rawValue)
        nutrients = NutrientReport.groups.flatMap(\.kinds).map { kind in
            let line = report.line(kind)
            let status =
                switch line.status {
                case .low: "low"
                case .met: "met"
                case .aboveMaximum: "aboveMaximum"
                case .aboveUpperLimit: "aboveUpperLimit"
                case .noBounds: "noBounds"
                }
            return Line(
                nutrient: kind.rawValue, unit: kind.unit, amount: line.amount, minimum: line.target?.minimum, maximum: line.target?.maximum,
                reference: line.target?.reference, upperLimit: line.target?.upperLimit, source: line.target?.source,
                percent: line.fraction.map { $0 * 100 }, status: status, foodsNotSaying: line.foodsNotSaying)
        }
    }
}

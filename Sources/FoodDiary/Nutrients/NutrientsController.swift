import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import Hummingbird

/// A day or a week of food against what the person needs, and the settings it is read with.
struct NutrientsController: Sendable {
    let renderer: PageRenderer

    func addRoutes(to routes: Routes) {
        routes.get("/days/:date/nutrients", use: page)
        routes.get("/settings/nutrients", use: settingsPage)
        routes.post("/settings/nutrients", use: saveSettings)
    }

    @Sendable func page(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let text = context.parameters.get("date"), let date = LocalDate(parsing: text) else {
            throw HTTPError(.notFound, message: "That is not a day. Day addresses look like /days/2026-03-09/nutrients.")
        }
        let days: Int
        switch try request.formQuery()["days"] {
        case nil, "1": days = 1
        case "7": days = 7
        default: throw HTTPError(.badRequest, message: "Nutrients are read for a day or a week: leave out ?days, or use ?days=7.")
        }
        let (intake, settings) = try await context.diary().database.read { db in
            try NutrientQueries.intake(db, from: date.adding(days: 1 - days), through: date)
        }
        let report = NutrientReport(days: intake, settings: settings, wholeDaysOnly: days > 1)
        return await renderer.render(.nutrients, NutrientsPageView(report: report, settings: settings, date: date, days: days), for: context)
    }

    @Sendable func settingsPage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let notice = try request.formQuery()["notice"] == "saved" ? "Nutrient targets saved." : nil
        let settings = try await context.diary().database.read { db in try NutrientQueries.settings(db) }
        return await renderer.render(.nutrientSettings, NutrientSettingsForm(settings: settings).view(csrfToken: context.csrfToken, notice: notice), for: context)
    }

    @Sendable func saveSettings(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = NutrientSettingsForm(fields: context.formFields)
        switch form.validate() {
        case .failure(let errors):
            return await renderer.render(.nutrientSettings, form.view(csrfToken: context.csrfToken, notice: nil, errors: errors), for: context,
                                         status: .unprocessableContent)
        case .success(let settings):
            try await context.diary().database.setNutrientSettings(settings)
            return redirect(to: "/settings/nutrients?notice=saved")
        }
    }
}

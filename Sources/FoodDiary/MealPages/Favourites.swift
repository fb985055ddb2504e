import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import Hummingbird

/// `/favourites`: starred meals, each ready to log again.
struct FavouritesView: Sendable {
    struct Row: Sendable {
        let meal: MealRowView
        let dayText: String
        let logAgainURL: String
    }

    let title = tr("Favourites")
    let rows: [Row]
    let hasRows: Bool

    init(meals: [Meal]) {
        rows = meals.map { Row(meal: MealRowView(meal: $0), dayText: $0.eatenAt.date.shortText, logAgainURL: "/meals/\($0.id)/log-again") }
        hasRows = !rows.isEmpty
    }
}

/// `/meals/{id}/log-again`: when to log the copy and what to note; the foods are shown, not edited.
struct LogAgainView: Sendable {
    let title = tr("Log this meal again")
    let csrfToken: String
    let action: String
    let cancelURL: String
    let sourceText: String
    let eatenAt: String
    let utcOffset: String
    let notes: String
    let entries: [EntryRowView]
    let hasEntries: Bool
    let kcalText: String
    let eatenAtError: String?
    let notesError: String?
    let hasErrors: Bool
    let errorSummary = ErrorSummary.nothingLogged

    init(source: MealQueries.MealFoods, form: MealForm, errors: MealForm.Errors = .init(), csrfToken: String) {
        self.csrfToken = csrfToken
        action = "/meals/\(source.meal.id)/log-again"
        cancelURL = "/meals/\(source.meal.id)"
        sourceText = "\(source.meal.eatenAt.clockText), \(source.meal.eatenAt.date.longText)"
        eatenAt = form.eatenAt
        utcOffset = form.utcOffset
        notes = form.notes
        entries = source.entries.map { EntryRowView($0) }
        hasEntries = source.isItemised
        kcalText = FoodDiaryBase.kcalText(source.totals)
        eatenAtError = errors.eatenAt ?? errors.utcOffset
        notesError = errors.notes
        hasErrors = !errors.isEmpty
    }
}

/// Starring meals and logging a past meal again.
struct FavouritesController: Sendable {
    let renderer: PageRenderer
    let timeZone: TimeZone
    let now: @Sendable () -> Date

    func addRoutes(to routes: Routes) {
        routes.get("/favourites", use: list)
        routes.post("/meals/:id/favourite", use: toggle)
        routes.get("/meals/:id/log-again", use: logAgainForm)
        routes.post("/meals/:id/log-again", use: logAgain)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let meals = try await diary.database.read { db in try MealQueries.favourites(db) }
        return await renderer.render(.favourites, FavouritesView(meals: meals), for: context)
    }

    /// `favourite` is "1" to star, "0" to unstar, so a repeated click cannot flip it back.
    @Sendable func toggle(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let id = try mealIDParameter(context)
        guard let value = context.formFields["favourite"], ["0", "1"].contains(value) else {
            throw HTTPError(.badRequest, message: tr("Say whether to star the meal (favourite=1) or unstar it (favourite=0)."))
        }
        guard try await diary.database.setFavourite(mealID: id, value == "1") else { throw Meal.Missing(id: id) }
        return redirect(to: "/meals/\(id)?notice=\(value == "1" ? "starred" : "unstarred")")
    }

    @Sendable func logAgainForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let source = try await requireFoods(context)
        let nowLocal = LocalDateTime(now(), in: timeZone)
        let form = MealForm(
            eatenAt: nowLocal.description, utcOffset: String(nowLocal.utcOffsetMinutes(in: timeZone)), notes: source.meal.notes)
        return await renderer.render(.logAgain, LogAgainView(source: source, form: form, csrfToken: context.csrfToken), for: context)
    }

    @Sendable func logAgain(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let source = try await requireFoods(context)
        var form = MealForm(fields: context.formFields)
        form.tags = ""
        switch form.validate(defaultTimeZone: timeZone) {
        case .failure(let errors):
            return await renderer.render(
                .logAgain, LogAgainView(source: source, form: form, errors: errors, csrfToken: context.csrfToken), for: context,
                status: .unprocessableContent)
        case .success(let input):
            guard let id = try await diary.database.logAgain(from: source.meal.id, as: input, now: now()) else {
                throw Meal.Missing(id: source.meal.id)
            }
            return redirect(to: "/meals/\(id)?notice=logged_again")
        }
    }

    private func requireFoods(_ context: AppRequestContext) async throws -> MealQueries.MealFoods {
        let diary = try context.diary()
        let id = try mealIDParameter(context)
        guard let foods = try await diary.database.read({ db in try MealQueries.mealFoods(db, mealID: id) }) else {
            throw Meal.Missing(id: id)
        }
        return foods
    }
}

import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import Hummingbird

/// Exercise and steps, added and removed from a day's page.
struct ActivityController: Sendable {
    let renderer: PageRenderer
    let timeZone: TimeZone
    let now: @Sendable () -> Date

    func addRoutes(to routes: Routes) {
        routes.post("/activities", use: add)
        routes.post("/activities/:id/delete", use: delete)
        routes.post("/steps", use: setSteps)
    }

    var nowLocal: LocalDateTime { LocalDateTime(now(), in: timeZone) }

    @Sendable func add(_ request: Request, context: AppRequestContext) async throws -> Response {
        let database = try context.diary().database
        let date = try day(context.formFields)
        let form = ActivityForm(fields: context.formFields)
        let time = DayAddress.time(on: date, now: nowLocal)
        let (kilograms, settings) = try await database.read { db in
            (try ActivityQueries.kilograms(db, on: date), try BodyQueries.settings(db))
        }
        switch form.validate(
            at: time, utcOffsetMinutes: time.utcOffsetMinutes(in: timeZone), kilograms: kilograms, energyUnit: settings.energy)
        {
        case .failure(let problems):
            return try await dayPage(date, context: context, form: form, problems: problems)
        case .success(let activity):
            try await database.addActivity(activity, now: now())
            return redirect(to: "\(DayAddress.url(date, today: nowLocal.date))#activity")
        }
    }

    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let id = context.parameters.get("id").flatMap(Int64.init), try await context.diary().database.deleteActivity(id: id) else {
            throw HTTPError(.notFound, message: tr("That activity is not in this diary: it may have been removed already."))
        }
        let date = context.formFields["day"].flatMap(LocalDate.init(parsing:)) ?? nowLocal.date
        return redirect(to: "\(DayAddress.url(date, today: nowLocal.date))#activity")
    }

    @Sendable func setSteps(_ request: Request, context: AppRequestContext) async throws -> Response {
        let date = try day(context.formFields)
        let range = Double(MovementSample.stepsInADay.lowerBound)...Double(MovementSample.stepsInADay.upperBound)
        let typed = (context.formFields["steps"] ?? "").trimmingCharacters(in: .whitespaces)
        switch typed.isEmpty ? .success(0) : TypedNumber.parse(typed, in: range) {
        case .success(let steps) where steps == steps.rounded():
            try await context.diary().database.setTypedSteps(Int(steps), on: date, now: now())
            return redirect(to: "\(DayAddress.url(date, today: nowLocal.date))#activity")
        case .success:
            return try await dayPage(
                date, context: context, stepsTyped: typed, stepsProblem: tr("Enter the day’s steps as a whole number."))
        case .failure(let failure):
            return try await dayPage(
                date, context: context, stepsTyped: typed,
                stepsProblem: TypedNumber.message(failure, what: tr("the day’s steps"), range: range))
        }
    }

    /// The day a form was sent from: today or a day before it (since 1900).
    private func day(_ fields: FormFields) throws -> LocalDate {
        let today = nowLocal.date
        guard let text = fields["day"] else { return today }
        guard let date = LocalDate(parsing: text), date.diaryDayProblem(today: today) == nil else {
            throw HTTPError(
                .badRequest, message: tr("Exercise and steps are added to today or a day before (since 1900), from that day’s page."))
        }
        return date
    }

    /// The day's page again, with what was typed and what is wrong with it.
    private func dayPage(
        _ date: LocalDate, context: AppRequestContext, form: ActivityForm = ActivityForm(), problems: ActivityForm.Problems? = nil,
        stepsTyped: String? = nil, stepsProblem: String? = nil
    ) async throws -> Response {
        let today = nowLocal.date
        let day = try await context.diary().database.read { db in try DayQueries.day(db, date: date, today: today) }
        var view = DayView(day: day, today: today, csrfToken: context.csrfToken, diary: try context.diary().id)
        view.activityCard = DayActivityView(
            day: day, isToday: date == today, csrfToken: context.csrfToken, form: form, problems: problems,
            stepsTyped: stepsTyped, stepsProblem: stepsProblem)
        return await renderer.render(.day, view, for: context, status: .unprocessableContent)
    }
}

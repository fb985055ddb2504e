import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryWeb
import Foundation
import Hummingbird

/// The week's plan: putting recipes, favourites, foods and notes on days, changing and copying
/// them, sharing the plan with the household, and logging a planned meal in one tap.
struct PlanController: Sendable {
    let diaries: DiaryAccess
    let catalog: CatalogDatabase
    let household: HouseholdFoods
    let targets: MealTargets
    let renderer: PageRenderer
    let timeZone: TimeZone
    let now: @Sendable () -> Date

    func addRoutes(to routes: Routes) {
        routes.get("/plan", use: page)
        routes.get("/plan/add", use: addPage)
        routes.post("/plan/add", use: add)
        routes.post("/plan/copy-last-week", use: copyLastWeek)
        routes.post("/plan/sharing", use: sharing)
        routes.post("/plan/days/:date/copy", use: copyDay)
        routes.post("/plan/:id/servings", use: servings)
        routes.post("/plan/:id/amount", use: amount)
        routes.post("/plan/:id/remove", use: remove)
        routes.post("/plan/:id/log", use: log)
    }

    private var clock: LocalDateTime { LocalDateTime(now(), in: timeZone) }

    @Sendable func page(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = try request.formQuery()
        let week = try Self.week(query["week"], today: clock.date)
        var view = try await weekView(week, context: context)
        switch query["notice"] {
        case "logged": view.notice = tr("Logged. It is in your diary now; change it there as any meal.")
        case "copied": view.notice = tr("Copied.")
        case "nothing": view.notice = tr("There was nothing to copy.")
        default: break
        }
        return await renderer.render(.plan, view, for: context)
    }

    private func weekView(_ monday: LocalDate, context: AppRequestContext) async throws -> PlanView {
        let person = try context.person()
        let others = try await diaries.othersDiaries(besides: person.account)
        let week = try await PlanWeek.read(person.diary, from: monday, today: clock.date, household: others)
        return PlanView(week, csrfToken: context.csrfToken)
    }

    /// The Monday of the week named, or of this week.
    private static func week(_ text: String?, today: LocalDate) throws -> LocalDate {
        guard let text, !text.isEmpty else { return PlanWeek.monday(of: today) }
        guard let date = LocalDate(parsing: text) else {
            throw HTTPError(.badRequest, message: tr("A week is named by a date, like 2026-03-09."))
        }
        return PlanWeek.monday(of: date)
    }

    private static func day(_ text: String?) throws -> LocalDate {
        guard let date = text.flatMap(LocalDate.init(parsing:)) else {
            throw HTTPError(.badRequest, message: tr("The form did not say which day, as a date like 2026-03-09."))
        }
        return date
    }

    private static func backToDay(_ day: LocalDate, notice: String? = nil) -> Response {
        redirect(to: "/plan?week=\(PlanWeek.monday(of: day))\(notice.map { "&notice=\($0)" } ?? "")#day-\(day)")
    }

    @Sendable func addPage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = try request.formQuery()
        let view = try await addView(
            day: try Self.day(query["day"]), slot: MealSlot(formValue: query["slot"]) ?? .dinner, query: String(query["q"] ?? ""),
            context: context)
        return await renderer.render(.planAdd, view, for: context)
    }

    private func addView(day: LocalDate, slot: MealSlot, query: String, context: AppRequestContext) async throws -> PlanAddView {
        let diary = try context.diary()
        let choices = try await PlanChoices.read(diary, catalog: catalog, query: query)
        return PlanAddView(
            day: day, slot: slot, slotNames: choices.slotNames, query: query, recipes: choices.recipes, favourites: choices.favourites,
            foods: choices.foods, csrfToken: context.csrfToken)
    }

    @Sendable func add(_ request: Request, context: AppRequestContext) async throws -> Response {
        let fields = context.formFields
        let person = try context.person()
        let day = try Self.day(fields["day"])
        let slot = MealSlot(formValue: fields["slot"]) ?? .dinner
        let choice: PlanChoice
        switch PlanForm.choice(fields) {
        case .recipe(let id, let servings): choice = .recipe(id: id, servings: servings)
        case .meal(let id): choice = .meal(id: id)
        case .note(let text): choice = .note(text)
        case .source(let source):
            let sources = FoodSources(database: person.diary.database, catalog: catalog, household: (household, person.account))
            let resolved = try await sources.resolve(source, allowing: ["catalog", "saved", "my"])
            var last: ChosenAmount?
            if let id = resolved.catalogFoodID { last = try await person.diary.lastCatalogAmounts()[id] }
            choice = .food(resolved.food, resolved.oneTapAmount(last: last))
        case .problem(let message, let note):
            var view = try await addView(day: day, slot: slot, query: String(fields["q"] ?? ""), context: context)
            view.error = message
            view.note = note
            return await renderer.render(.planAdd, view, for: context, status: .unprocessableContent)
        }
        guard try await person.diary.database.plan(choice, on: day, slot: slot, now: now()) != nil else {
            var view = try await addView(day: day, slot: slot, query: String(fields["q"] ?? ""), context: context)
            view.error = tr("That day already plans \(PlannedMeal.mostPerDay) things, or what you chose is gone. Remove something first.")
            return await renderer.render(.planAdd, view, for: context, status: .conflict)
        }
        return Self.backToDay(day)
    }

    @Sendable func servings(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let planned = try await planned(context)
        switch TypedNumber.parse(context.formFields["servings"], in: PlannedMeal.servingsRange) {
        case .success(let servings):
            guard try await diary.database.changePlannedServings(id: planned.id, to: servings, now: now()) else {
                throw PlannedMeal.Missing()
            }
            return Self.backToDay(planned.day)
        case .failure(let problem):
            var view = try await weekView(PlanWeek.monday(of: planned.day), context: context)
            view.setError(
                TypedNumber.message(problem, what: tr("servings"), range: PlannedMeal.servingsRange), on: planned.day)
            return await renderer.render(.plan, view, for: context, status: .unprocessableContent)
        }
    }

    /// A planned food's amount as typed ("200 g", "6 oz"), in its unit.
    @Sendable func amount(_ request: Request, context: AppRequestContext) async throws -> Response {
        let planned = try await planned(context)
        guard case .food(let food, _) = planned.what else { throw PlannedMeal.Missing() }
        switch TypedAmount.parse(context.formFields["amount"] ?? "", measure: food.basisUnit, range: ChosenAmount.gramsRange) {
        case .success(let typed):
            _ = try await context.diary().database.changePlannedAmount(
                id: planned.id, to: ChosenAmount(grams: typed.stored, label: typed.label), now: now())
            return Self.backToDay(planned.day)
        case .failure(let problem):
            var view = try await weekView(PlanWeek.monday(of: planned.day), context: context)
            view.setError(problem.message, on: planned.day)
            return await renderer.render(.plan, view, for: context, status: .unprocessableContent)
        }
    }

    @Sendable func remove(_ request: Request, context: AppRequestContext) async throws -> Response {
        let planned = try await planned(context)
        _ = try await context.diary().database.removePlanned(id: planned.id)
        return Self.backToDay(planned.day)
    }

    /// The planned meal becomes a meal of its day and slot, at the time ＋ gives a new meal there:
    /// now, when that is today's slot now; else the slot's usual hour.
    @Sendable func log(_ request: Request, context: AppRequestContext) async throws -> Response {
        let planned = try await planned(context)
        guard planned.day <= clock.date else {
            throw HTTPError(.conflict, message: tr("That day is still to come: log a planned meal on its day."))
        }
        let eatenAt = targets.newMealTime(planned.slot, on: planned.day)
        guard
            try await context.diary().database.logPlanned(
                id: planned.id, eatenAt: eatenAt, utcOffsetMinutes: eatenAt.utcOffsetMinutes(in: timeZone), now: now()) != nil
        else { throw PlannedMeal.Missing() }
        if let back = ReturnPath.local(context.formFields["back"].map { String($0) }) { return redirect(to: back) }
        return Self.backToDay(planned.day, notice: "logged")
    }

    @Sendable func copyDay(_ request: Request, context: AppRequestContext) async throws -> Response {
        let from = try Self.day(context.parameters.get("date"))
        let to = try Self.day(context.formFields["to"])
        let copied = try await context.diary().database.copyPlan(from: from, to: to, days: 1, now: now())
        return Self.backToDay(to, notice: copied > 0 ? "copied" : "nothing")
    }

    @Sendable func copyLastWeek(_ request: Request, context: AppRequestContext) async throws -> Response {
        let monday = try Self.week(context.formFields["week"], today: clock.date)
        let copied = try await context.diary().database.copyPlan(from: monday.adding(days: -7), to: monday, days: 7, now: now())
        return redirect(to: "/plan?week=\(monday)&notice=\(copied > 0 ? "copied" : "nothing")")
    }

    @Sendable func sharing(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await context.diary().database.setPlanShared(context.formFields["shared"] == "1")
        return redirect(to: ReturnPath.local(context.formFields["back"].map { String($0) }) ?? "/plan#sharing")
    }

    private func planned(_ context: AppRequestContext) async throws -> PlannedMeal {
        guard let id = context.parameters.get("id").flatMap({ Int64($0) }),
            let planned = try await context.diary().database.read({ db in try PlanQueries.planned(db, id: id) })
        else { throw PlannedMeal.Missing() }
        return planned
    }
}

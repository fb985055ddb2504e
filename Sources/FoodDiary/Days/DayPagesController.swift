import FoodDiaryBase
import FoodDiaryStorage
import FoodDiaryWeb
import Foundation
import Hummingbird

/// Days, goals, trends and favourites: the diary read by day, measured against the goals.
struct DayPagesController: Sendable {
    let renderer: PageRenderer
    let timeZone: TimeZone
    let now: @Sendable () -> Date

    static var notices: [String: String] { ["goals": tr("Goals saved."), "meal_names": tr("Names saved.")] }

    func addRoutes(to routes: Routes) {
        routes.get("/today", use: today)
        routes.get("/days", use: pickDay)
        routes.get("/days/:date", use: day)
        routes.post("/days/:date/note", use: saveNote)
        routes.get("/goals", use: goals)
        routes.post("/goals", use: saveGoals)
        routes.post("/meal-names", use: saveMealNames)
        routes.get("/trends", use: trends)
        routes.get("/api/days/:date", use: dayJSON)
        routes.get("/api/trends", use: trendsJSON)
    }

    var todayDate: LocalDate { LocalDateTime(now(), in: timeZone).date }

    @Sendable func today(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await dayPage(todayDate, request: request, context: context)
    }

    /// The date picker's GET form lands here and is sent on to the day's own address.
    @Sendable func pickDay(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let text = try request.formQuery()["date"], let date = LocalDate(parsing: String(text)) else {
            throw HTTPError(.badRequest, message: tr("Pick a day with the date picker, or go to an address like /days/2026-03-09."))
        }
        return redirect(to: "/days/\(date)")
    }

    @Sendable func day(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await dayPage(try date(context), request: request, context: context)
    }

    /// The day's note kept, or removed when saved empty; the day's page again, at the note.
    @Sendable func saveNote(_ request: Request, context: AppRequestContext) async throws -> Response {
        let date = try date(context)
        let typed = context.formFields["note"].map { String($0) } ?? ""
        switch DayNote.cleaned(typed) {
        case .failure(let problem):
            return try await dayPage(date, request: request, context: context, status: .unprocessableContent) { view in
                view.note = String(typed.prefix(DayNote.maxCharacters * 2))
                view.noteError = problem.message
            }
        case .success(let text):
            try await context.diary().database.setDayNote(text, on: date, now: now())
            return redirect(to: (date == todayDate ? "/today" : "/days/\(date)") + "?note=saved#note")
        }
    }

    /// `?changed=` names the food whose amount was just changed from this page; `?welcome` is a
    /// person's first page, with the box to type a meal in ready.
    private func dayPage(
        _ date: LocalDate, request: Request, context: AppRequestContext, status: HTTPResponse.Status = .ok,
        adjust: (inout DayView) -> Void = { _ in }
    ) async throws -> Response {
        let diary = try context.diary()
        let today = todayDate
        let query = try request.formQuery()
        let day = try await diary.kept(KeptDay.self, for: date) { db in try DayQueries.day(db, date: date, today: today) }
        var view = DayView(
            day: day, today: today, csrfToken: context.csrfToken, diary: try context.diary().id,
            changed: query["changed"].flatMap { Int64($0) })
        view.welcome = query["welcome"] != nil && date == today
        view.noteSaved = query["note"] == "saved"
        adjust(&view)
        return await renderer.render(.day, view, for: context, status: status)
    }

    @Sendable func goals(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let (goals, names) = try await diary.database.read { db in (try DailyGoals.fetch(db), try MealSlotNames.fetch(db)) }
        let notice = try request.formQuery()["notice"].flatMap { Self.notices[$0] }
        return await renderer.render(
            .goals,
            GoalsView(
                form: GoalsForm(goals: goals), csrfToken: context.csrfToken, notice: notice,
                slotNames: Dictionary(uniqueKeysWithValues: MealSlot.allCases.map { ($0, names[$0]) })), for: context)
    }

    /// A blank name puts the usual one back.
    @Sendable func saveMealNames(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        var typed: [MealSlot: String] = [:]
        for slot in MealSlot.allCases {
            let name = TypedText.clean(context.formFields["slot_\(slot.rawValue)"] ?? "")
            typed[slot] = name.isEmpty ? slot.name : name
        }
        if let long = typed.first(where: { TypedText.length($0.value) > MealSlotNames.maxLength }) {
            let goals = try await diary.database.read { db in try DailyGoals.fetch(db) }
            return await renderer.render(
                .goals,
                GoalsView(
                    form: GoalsForm(goals: goals), csrfToken: context.csrfToken, notice: nil, slotNames: typed,
                    slotNamesError: tr("Keep “\(long.key.name)” to \(MealSlotNames.maxLength) characters.")), for: context,
                status: .unprocessableContent)
        }
        try await diary.database.setMealSlotNames(MealSlotNames(typed))
        return redirect(to: "/goals?notice=meal_names")
    }

    @Sendable func saveGoals(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let form = GoalsForm(fields: context.formFields)
        switch form.validate() {
        case .failure(let errors):
            return await renderer.render(
                .goals, GoalsView(form: form, errors: errors, csrfToken: context.csrfToken, notice: nil), for: context,
                status: .unprocessableContent)
        case .success(let goals):
            try await diary.database.setGoals(goals)
            return redirect(to: "/goals?notice=goals")
        }
    }

    @Sendable func trends(_ request: Request, context: AppRequestContext) async throws -> Response {
        let period = try period(request)
        let last = todayDate, first = last.adding(days: -(period - 1))
        let (days, goals, weight, exercise) = try await context.diary().database.read { db in
            (
                try DayQueries.totals(db, from: first, through: last, of: DailyGoals.kinds), try DailyGoals.fetch(db),
                (trend: try BodyQueries.weightTrend(db, through: last, shownDays: period).trend, units: try BodyQueries.settings(db).units),
                try ActivityQueries.days(db, from: first, through: last)
            )
        }
        return await renderer.render(
            .trends, TrendsView(days: days, goals: goals, period: period, weight: weight, exercise: exercise), for: context)
    }

    // MARK: - JSON

    @Sendable func dayJSON(_ request: Request, context: AppRequestContext) async throws -> Response {
        try jsonResponse(try await DayJSON.read(context.diary(), date: try date(context)))
    }

    @Sendable func trendsJSON(_ request: Request, context: AppRequestContext) async throws -> Response {
        let period = try period(request)
        return try jsonResponse(try await TrendsJSON.read(context.diary(), from: todayDate.adding(days: -(period - 1)), through: todayDate))
    }

    // MARK: - Helpers

    private func period(_ request: Request) throws -> Int {
        guard let text = try request.formQuery()["days"] else { return 7 }
        guard let days = Int(text), TrendsView.periods.contains(days) else {
            throw HTTPError(.badRequest, message: tr("Trends cover 7 or 30 days: use ?days=7 or ?days=30."))
        }
        return days
    }

    private func date(_ context: AppRequestContext) throws -> LocalDate {
        guard let text = context.parameters.get("date"), let date = LocalDate(parsing: text) else {
            throw HTTPError(.notFound, message: tr("That is not a day. Day addresses look like /days/2026-03-09."))
        }
        return date
    }
}

/// The day page read last, usually today's.
enum KeptDay: DiaryReadKind {
    typealias Key = LocalDate
    typealias Value = DayQueries.Day
}

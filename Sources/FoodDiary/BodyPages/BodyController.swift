import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import Hummingbird

/// Weigh-ins, body measurements and water: their pages, the forms that add and remove readings,
/// and the settings they are read in.
struct BodyController: Sendable {
    let renderer: PageRenderer
    let timeZone: TimeZone
    let now: @Sendable () -> Date

    static let periods = [30, 90, 365]
    /// Readings listed with Remove on a measure's page, newest first; the body page lists ten weigh-ins.
    static let listedReadings = 20
    static var notices: [String: String] {
        [
            "weighed": tr("Weigh-in saved."), "measured": "Saved.", "deleted": tr("Reading removed."), "settings": tr("Settings saved."),
            "measure": tr("Measure added."),
            "settings_energy": tr("Settings saved. Take your energy target again on the energy page, so it counts exercise once.")
        ]
    }

    func addRoutes(to routes: Routes) {
        routes.get("/body", use: bodyPage)
        routes.get("/body/:key", use: measurePage)
        routes.post("/body/:key", use: addReading)
        routes.post("/body/:key/:id/delete", use: deleteReading)
        routes.post("/water", use: addWater)
        routes.post("/water/:id/delete", use: deleteWater)
        routes.get("/settings/body", use: settingsPage)
        routes.post("/settings/body", use: saveSettings)
        routes.post("/settings/body/measures", use: addMeasure)
    }

    var nowLocal: LocalDateTime { LocalDateTime(now(), in: timeZone) }

    // MARK: - Pages

    @Sendable func bodyPage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = try request.formQuery()
        let period = try Self.period(query)
        return try await renderBodyPage(context: context, period: period, notice: query["notice"].flatMap { Self.notices[$0] })
    }

    private func renderBodyPage(
        context: AppRequestContext, period: Int, notice: String?, form: ReadingFormView? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let today = nowLocal.date
        let page = try await context.diary().database.read { db in
            try BodyQueries.page(db, today: today, shownDays: period, withEnergy: true)
        }
        let units = page.settings.units
        let first = today.adding(days: -(period - 1))
        let trend = page.trend
        let chart =
            trend.days.contains { $0.date >= first }
            ? LineChartView(
                label: tr("Weight over the last \(period) days: trend and weigh-ins, in \(units.weightUnit)"), first: first, last: today,
                line: trend.days.map { ($0.date, units.weight(fromKilograms: $0.trendKilograms)) },
                readings: page.weighIns.map {
                    (
                        $0.takenAt.date, units.weight(fromKilograms: $0.value),
                        "\($0.takenAt.date.shortText): \(units.weightText(kilograms: $0.value))"
                    )
                }) : nil
        let weight = page.measures.first(where: \.isWeight)
        let recent = page.weighIns.suffix(10).reversed().compactMap { reading in
            weight.map { ReadingRowView(reading, measure: $0, units: units, trend: trend.trend(on: reading.takenAt.date)) }
        }
        let view = BodyPageView(
            csrfToken: context.csrfToken, notice: notice, hasWeight: trend.latest != nil,
            trendText: trend.latest.map { units.weightText(kilograms: $0.trendKilograms) },
            rateText: trend.weeklyRateKilograms.map { units.weeklyRateText(kilograms: $0) },
            latestText: page.weighIns.last.map {
                tr("Last weighed \(units.weightText(kilograms: $0.value)) on \($0.takenAt.date.shortText)")
            },
            periods: PeriodChipView.chips(Self.periods, chosen: period, path: "/body"),
            chart: chart, form: form ?? Self.weighInForm(units: units, today: today),
            recent: recent, energyText: page.energy.map { Self.energyText($0.outcome) } ?? "",
            measures: page.measures.filter { $0.isShown && !$0.isWeight }.map { measure in
                let latest = page.latest[measure.id]
                return .init(
                    name: measure.shownName, latestText: latest.map { measure.unit.text($0.value, in: units) } ?? tr("Not measured yet"),
                    dateText: latest?.takenAt.date.shortText, url: measure.url)
            })
        return await renderer.render(.body, view, for: context, status: status)
    }

    /// The body page's line on energy: the estimate, or what it still needs.
    static func energyText(_ outcome: Result<EnergyExpenditure, EnergyExpenditure.Shortfall>) -> String {
        switch outcome {
        case .success(let estimate):
            tr("Your body burns about \(kcalText(estimate.shownKcal)) a day, from the last six weeks of your diary and this trend.")
        case .failure(let shortfall): EnergyController.text(shortfall)
        }
    }

    static func weighInForm(
        units: UnitSystem, today: LocalDate, value: String = "", date: String? = nil, error: String? = nil,
        back: String = "body"
    ) -> ReadingFormView {
        ReadingFormView(
            action: "/body/\(BodyMeasure.weightKey)", label: tr("Weight"), unit: units.weightUnit, value: value,
            date: date ?? today.description, error: error, back: back)
    }

    @Sendable func measurePage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let key = try Self.key(context)
        if key == BodyMeasure.weightKey { return redirect(to: "/body") }
        let notice = try request.formQuery()["notice"].flatMap { Self.notices[$0] }
        return try await renderMeasurePage(key: key, context: context, notice: notice)
    }

    private func renderMeasurePage(
        key: String, context: AppRequestContext, notice: String?, value: String = "", date: String? = nil,
        error: String? = nil
    ) async throws -> Response {
        let today = nowLocal.date
        guard let page = try await context.diary().database.read({ db in try BodyQueries.measurePage(db, key: key) }) else {
            throw Self.noSuchMeasure
        }
        let (measure, readings, units) = (page.measure, page.readings, page.settings.units)
        let first = min(readings.first?.takenAt.date ?? today, today.adding(days: -29))
        let chart =
            readings.count > 1
            ? LineChartView(
                label: tr("\(measure.shownName) since \(first.dayMonthYearText), in \(measure.unit.shownUnit(units))"), first: first,
                last: today,
                line: readings.map { ($0.takenAt.date, measure.unit.shown($0.value, in: units)) },
                readings: readings.map {
                    (
                        $0.takenAt.date, measure.unit.shown($0.value, in: units),
                        "\($0.takenAt.date.shortText): \(measure.unit.text($0.value, in: units))"
                    )
                })
            : nil
        let form = ReadingFormView(
            action: measure.url, label: measure.shownName, unit: measure.unit.shownUnit(units), value: value,
            date: date ?? today.description, error: error, back: measure.key)
        // The newest to correct or remove; a year of Sundays is the chart's, the export's and the JSON's.
        let rows = readings.suffix(Self.listedReadings).reversed().map { ReadingRowView($0, measure: measure, units: units, trend: nil) }
        let earlier = readings.count - rows.count
        return await renderer.render(
            .measure,
            MeasurePageView(
                title: measure.shownName, csrfToken: context.csrfToken, notice: notice, chart: chart, form: form,
                readings: rows, hasReadings: !rows.isEmpty,
                earlierText: earlier > 0
                    ? tr("\(earlier) earlier \(earlier == 1 ? "reading is" : "readings are") in the chart above.") : nil),
            for: context, status: error == nil ? .ok : .unprocessableContent)
    }

    // MARK: - Readings

    @Sendable func addReading(_ request: Request, context: AppRequestContext) async throws -> Response {
        let key = try Self.key(context)
        let database = try context.diary().database
        let fields = context.formFields
        let found = try await database.read { db in (try BodyQueries.measure(db, key: key), try BodyQueries.settings(db)) }
        guard let measure = found.0 else { throw Self.noSuchMeasure }
        let units = found.1.units
        let today = nowLocal.date
        let back = fields["back"] == "today" ? "today" : measure.key
        let typedDate = fields["date"] ?? today.description
        let range = measure.unit.typedRange(units)
        let unit = measure.unit.shownUnit(units)
        let what = measure.isWeight ? tr("your weight in \(unit)") : tr("\(measure.shownNameInSentence) in \(unit)")
        var problem: String?
        var value = 0.0
        switch TypedNumber.parse(fields["value"], in: range) {
        case .success(let typed): value = measure.unit.stored(typed, in: units)
        case .failure(let failure): problem = TypedNumber.message(failure, what: what, range: range)
        }
        let date = LocalDate(parsing: typedDate)
        if problem == nil {
            if date == nil {
                problem = tr("Pick the day it was taken with the date picker.")
            } else if let date {
                problem = date.diaryDayProblem(today: today)
            }
        }
        guard problem == nil, let date else {
            if measure.isWeight {
                return try await renderBodyPage(
                    context: context, period: 30, notice: nil,
                    form: Self.weighInForm(
                        units: units, today: today, value: fields["value"] ?? "", date: typedDate, error: problem, back: back),
                    status: .unprocessableContent)
            }
            return try await renderMeasurePage(
                key: key, context: context, notice: nil, value: fields["value"] ?? "", date: typedDate, error: problem)
        }
        let time = DayAddress.time(on: date, now: nowLocal)
        try await database.addMeasurement(
            measureID: measure.id, value: value, at: time, utcOffsetMinutes: time.utcOffsetMinutes(in: timeZone), now: now())
        switch back {
        case "today": return redirect(to: "/today#body")
        case BodyMeasure.weightKey: return redirect(to: "/body?notice=weighed")
        default: return redirect(to: "\(measure.url)?notice=measured")
        }
    }

    @Sendable func deleteReading(_ request: Request, context: AppRequestContext) async throws -> Response {
        let key = try Self.key(context)
        guard let id = context.parameters.get("id").flatMap(Int64.init),
            try await context.diary().database.deleteMeasurement(id: id, key: key)
        else {
            throw HTTPError(.notFound, message: tr("That reading is not in this diary: it may have been removed already."))
        }
        return redirect(to: key == BodyMeasure.weightKey ? "/body?notice=deleted" : "/body/\(key)?notice=deleted")
    }

    // MARK: - Water

    @Sendable func addWater(_ request: Request, context: AppRequestContext) async throws -> Response {
        let fields = context.formFields
        let today = nowLocal.date
        let date =
            try fields["day"].map { text in
                guard let date = LocalDate(parsing: text), date.diaryDayProblem(today: today) == nil else {
                    throw HTTPError(.badRequest, message: tr("Water is added to today or a day before (since 1900), from that day’s page."))
                }
                return date
            } ?? today
        guard
            case .success(let millilitres) = TypedNumber.parse(
                fields["millilitres"], in: WaterDrink.millilitresAtOnce, convention: .decimalPoint)
        else {
            throw HTTPError(
                .badRequest, message: tr("Add water with the day’s buttons: between 1 and 2,000 ml at a time, as a plain number."))
        }
        let time = DayAddress.time(on: date, now: nowLocal)
        try await context.diary().database.addWater(
            millilitres: millilitres, at: time, utcOffsetMinutes: time.utcOffsetMinutes(in: timeZone), now: now())
        return redirect(to: "\(DayAddress.url(date, today: today))#water")
    }

    @Sendable func deleteWater(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let id = context.parameters.get("id").flatMap(Int64.init), try await context.diary().database.deleteWater(id: id) else {
            throw HTTPError(.notFound, message: tr("That drink is not in this diary: it may have been removed already."))
        }
        let day = context.formFields["day"].flatMap(LocalDate.init(parsing:)) ?? nowLocal.date
        return redirect(to: "\(DayAddress.url(day, today: nowLocal.date))#water")
    }

    // MARK: - Settings

    @Sendable func settingsPage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let notice = try request.formQuery()["notice"].flatMap { Self.notices[$0] }
        let page = try await context.diary().database.read { db in try BodyQueries.settingsPage(db) }
        return await renderer.render(
            .bodySettings,
            BodySettingsForm(settings: page.settings).view(measures: page.measures, csrfToken: context.csrfToken, notice: notice),
            for: context)
    }

    @Sendable func saveSettings(_ request: Request, context: AppRequestContext) async throws -> Response {
        let database = try context.diary().database
        let page = try await database.read { db in try BodyQueries.settingsPage(db) }
        let (current, measures) = (page.settings, page.measures)
        let form = BodySettingsForm(fields: context.formFields, current: current)
        switch form.validate() {
        case .failure(let errors):
            return await renderer.render(
                .bodySettings, form.view(measures: measures, csrfToken: context.csrfToken, notice: nil, errors: errors.messages),
                for: context, status: .unprocessableContent)
        case .success(let settings):
            try await database.setBodySettings(settings)
            try await database.showMeasures(keys: Set(measures.map(\.key).filter { context.formFields["show_\($0)"] == "on" }))
            let retarget = current.weeklyRateKilograms != nil && current.exerciseAddsToGoal != settings.exerciseAddsToGoal
            return redirect(to: "/settings/body?notice=\(retarget ? "settings_energy" : "settings")")
        }
    }

    @Sendable func addMeasure(_ request: Request, context: AppRequestContext) async throws -> Response {
        let database = try context.diary().database
        let name = TypedText.clean(context.formFields["name"] ?? "")
        let unit = context.formFields["unit"].flatMap(BodyMeasure.Unit.init(rawValue:))
        var problem: String? =
            if name.isEmpty { tr("Name the measure, like “Upper arm”.") } else if TypedText.length(name) > BodyMeasure.maxNameLength {
                tr("Keep its name to \(BodyMeasure.maxNameLength) characters.")
            } else if unit == nil { tr("Pick what it is measured in.") } else { nil }
        if problem == nil, let unit {
            if let key = try await database.addMeasure(name: name, unit: unit) { return redirect(to: "/body/\(key)?notice=measure") }
            problem = tr("This diary has a measure called “\(name)” already: give this one another name.")
        }
        let page = try await database.read { db in try BodyQueries.settingsPage(db) }
        return await renderer.render(
            .bodySettings,
            BodySettingsForm(settings: page.settings).view(
                measures: page.measures, csrfToken: context.csrfToken, notice: nil,
                newMeasureError: problem),
            for: context, status: .unprocessableContent)
    }

    // MARK: - Helpers

    static var noSuchMeasure: HTTPError {
        HTTPError(
            .notFound, message: tr("This diary has no such measure. Weight and the others are listed on the Body page."))
    }

    private static func key(_ context: AppRequestContext) throws -> String {
        guard let key = context.parameters.get("key"), key.count <= 40,
            key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
        else {
            throw noSuchMeasure
        }
        return key
    }

    private static func period(_ query: FormFields) throws -> Int {
        guard let text = query["days"] else { return 30 }
        guard let days = Int(text), periods.contains(days) else {
            throw HTTPError(.badRequest, message: tr("The weight chart covers 30, 90 or 365 days: use ?days=30, ?days=90 or ?days=365."))
        }
        return days
    }
}

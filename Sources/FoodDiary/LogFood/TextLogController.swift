import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryStorage
import FoodDiaryWeb
import Foundation
import Hummingbird

/// "What did you have?": a sentence or a list ("2 eggs, toast with butter and a coffee") becomes
/// proposed foods with amounts, each changeable, all added with one tap in exact snapshots.
struct TextLogController: Sendable {
    let catalog: CatalogDatabase
    let household: HouseholdFoods
    let targets: MealTargets
    let renderer: PageRenderer

    static let suggestedNotice =
        tr("Suggested by the model from the photo. Check each food and its amount: nothing is added until you tap Add.")

    func addRoutes(to routes: Routes) {
        routes.get("/log/text", use: page)
        routes.post("/log/text", use: add)
    }

    @Sendable func page(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try context.person()
        let parameters = try request.formQuery()
        let text = Self.clipped(parameters["text"], to: TypedFoods.maxText)
        var target = try await targets.target(parameters, diary: person.diary)
        // "… for lunch" picks the meal, unless the page was opened for one.
        let said = SaidMeal(text, names: target.names)
        if let said, parameters["meal"] == nil, said.slot != target.slot {
            target = try await targets.target(FormFields(parameters.all.merging(["slot": said.slot.rawValue]) { $1 }), diary: person.diary)
        }
        let sentence = FoodSentence(said?.foods ?? text, limit: TypedFoods.maxFoods)
        let placed =
            sentence.parts.isEmpty
            ? [] : try await placer(person.diary).place(sentence, logged: try await person.diary.loggedCatalogFoods())
        let rows = placed.enumerated().map { index, placed in
            ProposedFoodRow(index: index, placed: placed, amount: placed.amount, checksAmount: true, searchURL: searchURL(placed, target))
        }
        var page = view(target, text: text, rows: rows, notice: nil, context: context)
        if parameters["suggested"] == "1", !rows.isEmpty { page.information = Self.suggestedNotice }
        return await renderer.render(.textLog, page, for: context)
    }

    /// Adds the foods ticked, unless a food was changed to another (whose amount the person has not
    /// seen yet) or an amount cannot be read: then the page comes back to check.
    @Sendable func add(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try context.person()
        let diary = person.diary
        let fields = context.formFields
        var target = try await targets.target(fields, diary: diary)
        let proposed = try await ProposedFoods.read(
            fields, placer: placer(diary),
            sources: FoodSources(
                database: diary.database, catalog: catalog,
                household: (household, person.account)),
            logged: try await diary.loggedCatalogFoods(), checksAmounts: true
        ) { searchURL($0, target) }
        let (rows, needsLook) = (proposed.rows, proposed.needsLook)
        let foods = proposed.chosen.map { (food: $0.resolved.food, amount: $0.amount) }
        let text = Self.clipped(fields["text"], to: TypedFoods.maxText)
        if needsLook {
            return await renderer.render(
                .textLog,
                view(
                    target, text: text, rows: rows, notice: tr("Check the foods you changed, then add them."),
                    context: context), for: context, status: .unprocessableContent)
        }
        guard !foods.isEmpty else {
            return await renderer.render(
                .textLog, view(target, text: text, rows: rows, notice: tr("Tick at least one food to add."), context: context),
                for: context, status: .unprocessableContent)
        }
        // A time changed from the one the page showed is the new meal's, if it is within its slot.
        if target.meal == nil, let typed = fields["time"], typed != fields["shown_time"] {
            guard let time = LocalDateTime(parsing: "\(target.day)T\(typed)"), let timed = target.at(time) else {
                let problem = (typed: String(typed.prefix(16)), why: Self.timeProblem(typed, slot: target.slot, names: target.names))
                return await renderer.render(
                    .textLog, view(target, text: text, rows: rows, notice: nil, time: problem, context: context),
                    for: context, status: .unprocessableContent)
            }
            target = timed
        }
        let destination = try await targets.destination(target, fields: fields)
        guard let logged = try await diary.database.log(.foods(foods), to: destination, now: targets.now()) else {
            throw HTTPError(.notFound, message: tr("That meal is gone, so nothing was added."))
        }
        let through = logged.lastEntryID > logged.firstEntryID ? "&through=\(logged.lastEntryID)" : ""
        return redirect(to: "/log?meal=\(logged.mealID)&added=\(logged.firstEntryID)\(through)\(logged.madeMeal ? "&made=1" : "")")
    }

    private func placer(_ diary: Diary) -> IngredientPlacer { IngredientPlacer(catalog: catalog, diary: diary.database) }

    private func searchURL(_ placed: PlacedFood, _ target: MealTarget) -> String {
        "/log" + queryString(target.fields + [(key: "q", value: placed.line.food.isEmpty ? placed.typed : placed.line.food)])
    }

    /// Why a typed time cannot be the meal's: not a time, or one that falls in another meal.
    static func timeProblem(_ typed: String, slot: MealSlot, names: MealSlotNames) -> String {
        guard let time = LocalDateTime(parsing: "2000-01-01T\(typed)") else {
            return tr("Write the time as hours and minutes, like 07:30.")
        }
        let clock = { (minute: Int) in LocalDateTime(date: time.date, hour: minute / 60, minute: minute % 60)!.clockText }
        let hours =
            slot.minutesOfDay.map { tr("from \(clock($0.lowerBound)) to \(clock($0.upperBound - 1))") }
            ?? tr("outside \(names.inSentence(.breakfast)), \(names.inSentence(.lunch)) and \(names.inSentence(.dinner))")
        return
            tr(
                "\(time.clockText) is \(names.inSentence(MealSlot(time))) time; \(names.inSentence(slot)) is \(hours). Change the meal or the time."
            )
    }

    private func view(
        _ target: MealTarget, text: String, rows: [ProposedFoodRow], notice: String?,
        time problem: (typed: String, why: String)? = nil, context: AppRequestContext
    ) -> TextLogView {
        let (targetText, detail, url) = target.described(today: LocalDateTime(targets.now(), in: targets.timeZone).date)
        let kept = rows.filter(\.keep)
        let kcal = kept.compactMap(\.energyKcal).reduce(0, +)
        let foodsText = kept.count == 1 ? tr("1 food") : tr("\(kept.count) foods")
        let fields = target.fields.map { TextLogView.Field(name: $0.key, value: $0.value) }
        // A new meal's slot is a choice at the Add button: typed on yesterday's page at 15:30,
        // a breakfast is not made "Snacks" unasked.
        let slotChoices =
            target.meal != nil
            ? []
            : MealSlot.allCases.map {
                TextLogView.SlotChoice(
                    value: $0.rawValue, label: target.names[$0], selected: $0 == target.slot,
                    time: Self.timeValue(targets.newMealTime($0, on: target.day)))
            }
        return TextLogView(
            csrfToken: context.csrfToken, targetText: targetText, targetDetail: detail, targetURL: url,
            targetFields: fields, addFields: slotChoices.isEmpty ? fields : fields.filter { $0.name != "slot" },
            slotChoices: slotChoices, hasSlotChoices: !slotChoices.isEmpty, text: text, rows: rows,
            hasRows: !rows.isEmpty, rowCount: rows.count, addLabel: tr("Add \(foodsText) · \(kcalText(kcal))"), notice: notice,
            nothingRead: !Words.split(text).isEmpty && rows.isEmpty, focusText: rows.isEmpty,
            shownTime: target.meal == nil ? Self.timeValue(target.eatenAt) : nil,
            time: problem?.typed ?? Self.timeValue(target.eatenAt), timeProblem: problem?.why)
    }

    /// "07:30", as a time field holds it.
    private static func timeValue(_ time: LocalDateTime) -> String { String(time.description.suffix(5)) }

    private static func clipped(_ value: String?, to length: Int) -> String { String((value ?? "").prefix(length)) }
}

import FoodDiaryBase
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

    /// The most a box takes: a day's worth of foods typed, not a book.
    static let maxText = 2_000
    static let maxFoods = 30
    static let maxAmountText = 60

    func addRoutes(to routes: Routes) {
        routes.get("/log/text", use: page)
        routes.post("/log/text", use: add)
    }

    @Sendable func page(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try context.person()
        let parameters = try request.formQuery()
        let text = Self.clipped(parameters["text"], to: Self.maxText)
        let target = try await targets.target(parameters, diary: person.diary)
        let sentence = FoodSentence(text, limit: Self.maxFoods)
        let placed = sentence.parts.isEmpty ? [] : try await placer(person.diary).place(sentence, logged: try await person.diary.loggedCatalogFoods())
        let rows = placed.enumerated().map { index, placed in
            TextLogRowView(index: index, placed: placed, amount: placed.amount, searchURL: searchURL(placed, target))
        }
        return await renderer.render(.textLog, view(target, text: text, rows: rows, notice: nil, context: context), for: context)
    }

    /// Adds the foods ticked, unless a food was changed to another (whose amount the person has not
    /// seen yet) or an amount cannot be read: then the page comes back to check.
    @Sendable func add(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try context.person()
        let diary = person.diary
        let fields = context.formFields
        let target = try await targets.target(fields, diary: diary)
        guard let count = fields["rows"].flatMap({ Int($0) }), (1...Self.maxFoods).contains(count) else {
            throw HTTPError(.badRequest, message: "The form did not say how many foods it holds. Type what you had again.")
        }
        let typed = (0..<count).map { Self.clipped(fields["typed.\($0)"], to: Self.maxText) }
        let placed = try await placer(diary).place(lines: typed, logged: try await diary.loggedCatalogFoods())
        let sources = FoodSources(database: diary.database, catalog: catalog, household: (household, person.account))
        var rows: [TextLogRowView] = []
        var foods: [(food: FoodSnapshot, amount: ChosenAmount)] = []
        var needsLook = false
        for (index, placed) in placed.enumerated() {
            let keep = fields["keep.\(index)"] != nil
            let source = fields["source.\(index)"] ?? ""
            let url = searchURL(placed, target)
            guard !source.isEmpty else {
                rows.append(TextLogRowView(index: index, placed: placed, amount: nil, keep: false, searchURL: url))
                continue
            }
            let resolved = try await sources.resolve(source)
            let choice = placed.choices.first { $0.source == source } ?? FoodChoice(resolved)
            let amountText = Self.clipped(fields["amount.\(index)"], to: Self.maxAmountText)
            switch Self.amount(amountText, of: choice, typed: placed.line) {
            case .failure(let problem):
                needsLook = needsLook || keep
                rows.append(TextLogRowView(index: index, placed: placed, chosen: choice, amount: nil, amountText: amountText, keep: keep,
                                           error: problem.message, searchURL: url))
            case .success(let amount):
                let changedFood = source != fields["shown.\(index)"]
                needsLook = needsLook || (keep && (changedFood || amount.guess != nil && amountText != fields["shownAmount.\(index)"]))
                rows.append(TextLogRowView(index: index, placed: placed, chosen: choice, amount: amount, amountText: changedFood ? nil : amountText,
                                           keep: keep, searchURL: url))
                if keep { foods.append((resolved.food, ChosenAmount(grams: amount.grams, label: amount.label))) }
            }
        }
        let text = Self.clipped(fields["text"], to: Self.maxText)
        if needsLook {
            return await renderer.render(.textLog, view(target, text: text, rows: rows, notice: "Check the foods you changed, then add them.",
                                                        context: context), for: context, status: .unprocessableContent)
        }
        guard !foods.isEmpty else {
            return await renderer.render(.textLog, view(target, text: text, rows: rows, notice: "Tick at least one food to add.", context: context),
                                         for: context, status: .unprocessableContent)
        }
        let destination = try await targets.destination(target, fields: fields)
        guard let logged = try await diary.database.log(.foods(foods), to: destination, now: targets.now()) else {
            throw HTTPError(.notFound, message: "That meal is gone, so nothing was added.")
        }
        let through = logged.lastEntryID > logged.firstEntryID ? "&through=\(logged.lastEntryID)" : ""
        return redirect(to: "/log?meal=\(logged.mealID)&added=\(logged.firstEntryID)\(through)\(logged.madeMeal ? "&made=1" : "")")
    }

    /// Why an amount typed for a food cannot be added.
    struct AmountProblem: Error {
        let message: String
    }

    /// An amount as typed in a proposal ("2 large", "1.5 cups", "150 g"), weighed by `food`'s portions.
    static func amount(_ text: String, of food: FoodChoice, typed line: IngredientLine) -> Result<IngredientAmount, AmountProblem> {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return .failure(AmountProblem(message: "Say how much, like 2 slices or 150 g.")) }
        let amountLine = IngredientLine(text)
        guard let count = amountLine.amount, count > 0 else {
            return .failure(AmountProblem(message: "“\(text)” is not an amount. Say how much, like 2 slices or 150 g."))
        }
        let amount = IngredientAmount.of(amountLine, portions: food.portions, unit: food.unit, foodWords: Words.split(line.food), isDrink: food.isDrink)
        let symbol = food.unit.symbol
        guard ChosenAmount.gramsRange.contains(amount.grams) else {
            return .failure(AmountProblem(message: "\(amount.label) is not an amount one entry holds: between 0.1 and 5,000 \(symbol)."))
        }
        return .success(amount)
    }

    private func placer(_ diary: Diary) -> IngredientPlacer { IngredientPlacer(catalog: catalog, diary: diary.database) }

    private func searchURL(_ placed: PlacedFood, _ target: MealTarget) -> String {
        "/log" + queryString(target.fields + [(key: "q", value: placed.line.food.isEmpty ? placed.typed : placed.line.food)])
    }

    private func view(_ target: MealTarget, text: String, rows: [TextLogRowView], notice: String?, context: AppRequestContext) -> TextLogView {
        let (targetText, detail, url) = target.described(today: LocalDateTime(targets.now(), in: targets.timeZone).date)
        let kept = rows.filter(\.keep)
        let kcal = kept.compactMap(\.energyKcal).reduce(0, +)
        let foodsText = kept.count == 1 ? "1 food" : "\(kept.count) foods"
        return TextLogView(csrfToken: context.csrfToken, targetText: targetText, targetDetail: detail, targetURL: url,
                           targetFields: target.fields.map { TextLogView.Field(name: $0.key, value: $0.value) }, text: text, rows: rows,
                           hasRows: !rows.isEmpty, rowCount: rows.count, addLabel: "Add \(foodsText) · \(kcalText(kcal))", notice: notice,
                           nothingRead: !Words.split(text).isEmpty && rows.isEmpty, focusText: rows.isEmpty)
    }

    private static func clipped(_ value: String?, to length: Int) -> String { String((value ?? "").prefix(length)) }
}

extension FoodChoice {
    /// A food named by a form that the placing did not offer: one of the person's own, or a
    /// catalog food picked elsewhere.
    init(_ resolved: ResolvedFood) {
        self.init(source: resolved.source, name: resolved.food.description, detail: resolved.details, portions: resolved.portions,
                  unit: resolved.food.basisUnit, kcalPerGram: resolved.food.nutrients(forGrams: 1)[.energyKcal], usual: resolved.defaultAmount)
    }
}

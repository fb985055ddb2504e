import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryStorage
import FoodDiaryWeb
import Foundation
import Hummingbird

/// "＋ What did you eat?": the everyday loop. A tap on a food's "+" adds it (in the person's last
/// amount for it, else its customary serving; an amount to check opens the food's page instead) and comes back here with "✓ Added … · Undo", ready for
/// the next; the meal is made with the first food, at the time it is now.
struct LogController: Sendable {
    let catalog: CatalogDatabase
    let household: HouseholdFoods
    let targets: MealTargets
    let renderer: PageRenderer
    var timeZone: TimeZone { targets.timeZone }
    var now: @Sendable () -> Date { targets.now }

    static let searchLimit = 15

    func addRoutes(to routes: Routes) {
        routes.get("/log", use: page)
        routes.post("/log", use: add)
        routes.post("/log/undo", use: undo)
    }

    @Sendable func page(_ request: Request, context: AppRequestContext) async throws -> Response {
        let parameters = try request.formQuery()
        let read = try await LogPageRead.read(
            parameters, diary: context.diary(), catalog: catalog, targets: targets, searchLimit: Self.searchLimit)
        let target = read.target
        var sections: [LogSectionView] = []
        var hasHistory = true
        if let suggestions = read.suggestions {
            let slotName = target.names.inSentence(target.slot)
            sections.append(
                LogSectionView(
                    heading: tr("Like yesterday’s \(slotName)"), note: nil,
                    rows: suggestions.yesterday.map { LogRowView.like($0, slotName: slotName) }))
            sections.append(
                LogSectionView(
                    heading: tr("Usual at \(slotName)"), note: tr("What you had most around this time lately, in your usual amount."),
                    rows: suggestions.atThisTime.map(LogRowView.usual)))
            sections.append(
                LogSectionView(
                    heading: suggestions.atThisTime.isEmpty ? tr("What you have often") : tr("Also often"), note: nil,
                    rows: suggestions.often.map(LogRowView.usual)))
            sections.append(LogSectionView(heading: tr("Saved foods"), note: nil, rows: suggestions.saved.map(LogRowView.saved)))
            hasHistory = !(suggestions.atThisTime.isEmpty && suggestions.often.isEmpty && suggestions.saved.isEmpty)
        } else if let scanned = read.scanned {
            sections.append(
                LogSectionView(
                    heading: (scanned.codes.count == 1 ? tr("Barcode ") : tr("Barcodes ")) + scanned.codes.joined(separator: ", "),
                    note: scanned.foods.isEmpty
                        ? tr("Nothing kept here has this barcode: scan it again to look it up online.") : tr("In its label’s serving."),
                    rows: scanned.foods.map { food in
                        let usual = UsualAmount(food, portions: scanned.portions[food.id] ?? [])
                        return LogRowView.catalog(
                            food, amount: usual.amount, isLast: false,
                            check: usual.check(usual.amount, kcalPer100g: food.energyKcalPer100g), target: target.linkFields)
                    }))
        } else if let found = read.found {
            let said = found.said.compactMap { LogRowView.said($0, target: target.linkFields) }
            sections.append(LogSectionView(heading: Self.sentenceCase(read.query), note: nil, rows: said))
            let own =
                found.own.saved.map(LogRowView.saved) + found.own.myFoods.map(LogRowView.own)
                + found.own.recipes.compactMap(LogRowView.recipe)
            sections.append(LogSectionView(heading: tr("Yours"), note: nil, rows: own))
            let saidFoods = Set(said.map(\.value))
            let catalogFoods = found.result.foods.filter { !saidFoods.contains("catalog:\($0.id)") }
            sections.append(
                LogSectionView(
                    heading: own.isEmpty && said.isEmpty ? tr("Foods") : tr("From the catalog"), note: nil,
                    rows: catalogFoods.map { food in
                        // The amount they last had is theirs, checked by energy alone: no serving to weigh.
                        if let had = found.last[food.id] {
                            return LogRowView.catalog(
                                food, amount: had, isLast: true,
                                check: AmountCheck.reason(theirs: had.grams, kcalPer100g: food.energyKcalPer100g), target: target.linkFields
                            )
                        }
                        let usual = UsualAmount(food, portions: found.portions[food.id] ?? [])
                        return LogRowView.catalog(
                            food, amount: usual.amount, isLast: false,
                            check: usual.check(usual.amount, kcalPer100g: food.energyKcalPer100g), target: target.linkFields)
                    }))
        }
        sections.removeAll { $0.rows.isEmpty }
        let added = read.added.map { addedView($0, parameters, page: request.uri.description) }
        if let added, let liked = parameters["liked"] {
            for section in sections.indices {
                for row in sections[section].rows.indices
                where sections[section].rows[row].field == "like" && sections[section].rows[row].value == liked {
                    sections[section].rows[row].addedHere = added
                }
            }
        }
        return await renderer.render(
            .log,
            view(
                target, building: read.building, query: read.query, words: read.words, sections: sections, result: read.found?.result,
                added: added, focus: parameters["focus"] != nil || !hasHistory, context: context), for: context)
    }

    private func view(
        _ target: MealTarget, building: MealQueries.MealFoods?, query: String, words: [String], sections: [LogSectionView],
        result: FoodSearchResult?,
        added: LogView.Added?, focus: Bool, context: AppRequestContext
    ) -> LogView {
        let today = LocalDateTime(now(), in: timeZone).date
        let (targetText, _, targetURL) = target.described(today: today)
        let sayIt = Self.saysWhatWasHad(query, foundNothing: sections.isEmpty)
        let newMealURL = target.meal.map { "/log?day=\($0.eatenAt.date)&slot=\(target.slot.rawValue)&new=1" }
        return LogView(
            csrfToken: context.csrfToken, targetText: targetText, targetURL: targetURL,
            newMealURL: newMealURL, building: LogView.Building(building), mealID: target.meal?.id,
            day: target.meal == nil ? target.day.description : nil,
            slot: target.meal == nil ? target.slot.rawValue : nil, added: added, query: query, searched: !words.isEmpty,
            spelling: SpellingView(result) { typed in
                "/log"
                    + queryString([
                        "meal": target.meal.map { String($0.id) } ?? "", "day": target.meal == nil ? target.day.description : "",
                        "slot": target.meal == nil ? target.slot.rawValue : "", "q": typed, "exact": "1"
                    ])
            },
            sayItURL: sayIt ? "/log/text" + queryString(target.fields + [(key: "text", value: query)]) : nil,
            sections: sections, hasSections: !sections.isEmpty,
            nothingFound: !words.isEmpty && sections.isEmpty && !sayIt, isFirstFood: words.isEmpty && sections.isEmpty,
            focusSearch: focus,
            moreSearchURL: target.meal.map { "/meals/\($0.id)/foods/new" + queryString(["q": query]) },
            mealFormURL: target.day == today ? "/meals/new" : "/meals/new?day=\(target.day)",
            barcodePhoto: BarcodePhotoForm(action: "/log/barcode", csrfToken: context.csrfToken, fields: target.fields))
    }

    /// "Coffee with milk": the words as a heading.
    static func sentenceCase(_ words: String) -> String {
        let trimmed = words.trimmingCharacters(in: .whitespaces)
        return trimmed.prefix(1).uppercased() + trimmed.dropFirst()
    }

    /// Whether a search reads as what someone had rather than a food's name: "2 eggs, toast"; or,
    /// when it found nothing, "grilled cheese with tomato soup" ("mac and cheese" finds its dish).
    static func saysWhatWasHad(_ query: String, foundNothing: Bool) -> Bool {
        let sentence = FoodSentence(query, limit: 3)
        guard let first = sentence.parts.first else { return false }
        return sentence.parts.count > 1 || IngredientLine(first.pieces[0]).amount != nil || (foundNothing && first.pieces.count > 1)
    }

    /// The food a tap just added, as ＋ says it under the box.
    private func addedView(_ added: LogPageRead.Added, _ parameters: FormFields, page: String) -> LogView.Added {
        let (entries, mealID, first) = (added.entries, added.mealID, added.firstID), entry = added.entries[0]
        let several = entries.count > 1
        return LogView.Added(
            description: several
                ? Meal.foodsText(entries.prefix(Meal.firstFoodsShown).map(\.food.description), count: entries.count)
                : entry.food.description,
            amount: several ? tr("\(entries.count) foods") : PortionLabel.shown(entry.portionLabel),
            kcal: kcalText(NutrientValues.sum(entries.map(\.nutrients))),
            changeURL: ReturnPath.adding("back", page, to: several ? "/meals/\(mealID)" : "/meals/\(mealID)/foods/\(first)"),
            changesInPlace: !several && entry.food.dataType != .quickAdd, entryID: first,
            throughID: several ? entries.last?.id : nil, mealID: mealID, madeMeal: parameters["made"] == "1")
    }

    @Sendable func add(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try context.person()
        let diary = person.diary
        let fields = context.formFields
        let target = try await targets.target(fields, diary: diary)
        let food: AppDatabase.LoggedFood
        if let entryID = fields["entry"].flatMap({ Int64($0) }), entryID > 0 {
            food = .copy(entryID: entryID)
        } else if let mealID = fields["like"].flatMap({ Int64($0) }), mealID > 0 {
            food = .foodsOf(mealID: mealID)
        } else if fields["quick"] != nil {
            switch QuickAddForm(fields: fields).validate() {
            case .success(let snapshot): food = .food(snapshot, nil)
            case .failure(let errors):
                throw HTTPError(
                    .unprocessableContent,
                    message: errors.missing ?? errors.values.values.first ?? errors.name
                        ?? tr("Type the energy in \(NutrientKind.energyKcal.unit)."))
            }
        } else {
            let sources = FoodSources(database: diary.database, catalog: catalog, household: (household, person.account))
            let resolved = try await sources.resolve(fields["source"] ?? "")
            var last: ChosenAmount?
            if let id = resolved.catalogFoodID { last = try await diary.lastCatalogAmounts()[id] }
            let amount = try Self.amount(fields, of: resolved, last: last)
            // One tap never adds unasked what wants checking: the food's page asks how much instead.
            if ChosenAmount.Form(fields: fields).choice.isEmpty, let id = resolved.catalogFoodID,
                resolved.oneTapAmountWantsChecking(amount, last: last)
            {
                return redirect(to: "/foods/\(id)" + queryString(target.linkFields + [(key: "check", value: "1")]))
            }
            food = .food(resolved.food, amount)
        }
        let destination = try await targets.destination(target, fields: fields)
        guard let logged = try await diary.database.log(food, to: destination, now: now()) else {
            throw HTTPError(.notFound, message: tr("That meal or that food is gone, so nothing was added."))
        }
        // A search's add comes back to an empty, focused box for the next food; a food of words read
        // as a sentence ("coffee with milk") to the same words, for what goes with it.
        let searched = fields["q"].map { Words.split($0).isEmpty } == false
        let focus = !searched ? "" : fields["said"] == "1" ? "&" + queryString(["q": fields["q"] ?? ""]).dropFirst() : "&focus=1"
        let through = logged.lastEntryID > logged.firstEntryID ? "&through=\(logged.lastEntryID)" : ""
        // The past meal copied, whose row then says it was added rather than offering it again.
        let liked = fields["like"].flatMap { Int64($0) }.map { "&liked=\($0)" } ?? ""
        return redirect(
            to: "/log?meal=\(logged.mealID)&added=\(logged.firstEntryID)\(through)\(logged.madeMeal ? "&made=1" : "")\(liked)\(focus)")
    }

    /// The amount a food's page chose, else what one tap adds: the saved amount, the amount last
    /// had, or the food's customary serving.
    private static func amount(_ fields: FormFields, of resolved: ResolvedFood, last: ChosenAmount?) throws -> ChosenAmount {
        var form = ChosenAmount.Form(fields: fields)
        // A weight typed beside a chosen measure (a food's page) is what the person had.
        if !form.grams.trimmingCharacters(in: .whitespaces).isEmpty { form.choice = "grams" }
        guard !form.choice.isEmpty else { return resolved.oneTapAmount(last: last) }
        switch ChosenAmount.validate(form, portions: resolved.portions, unit: resolved.food.basisUnit) {
        case .success(let amount): return amount
        case .failure(let errors):
            throw HTTPError(.unprocessableContent, message: errors.choice ?? errors.count ?? errors.grams ?? tr("Choose how much you had."))
        }
    }

    @Sendable func undo(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let fields = context.formFields
        guard let first = fields["entry"].flatMap({ Int64($0) }), let mealID = fields["meal"].flatMap({ Int64($0) }) else {
            throw HTTPError(.badRequest, message: tr("The form did not say which food to take back."))
        }
        let last = fields["through"].flatMap { Int64($0) } ?? first
        guard last >= first else { throw HTTPError(.badRequest, message: tr("The form named the foods to take back the wrong way round.")) }
        let outcome = try await diary.database.undoLog(entries: first...last, mealID: mealID, madeMeal: fields["made"] == "1", now: now())
        guard outcome.undone else {
            throw HTTPError(.notFound, message: tr("That food is no longer in the meal, so there was nothing to take back."))
        }
        return redirect(to: outcome.mealRemoved ? "/log" : "/log?meal=\(mealID)")
    }
}

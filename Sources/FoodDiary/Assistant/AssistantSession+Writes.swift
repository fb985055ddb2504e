import FoodDiaryBase
import FoodDiaryWeb
import Foundation

/// What an assistant's write added, so `undo_last` takes back exactly that.
struct AssistantUndo: Codable, Sendable {
    struct Foods: Codable, Sendable {
        let mealID: Int64
        let firstEntryID: Int64
        let lastEntryID: Int64
        let madeMeal: Bool
    }

    var foods: Foods?
    var waterID: Int64?
    var weightReadingID: Int64?
    var shoppingItemID: Int64?
}

/// The tools that write: foods from words or by id, water, a weigh-in, and taking the last back.
/// Each says exactly what it saved, in the amounts and on the day and meal it saved them.
extension AssistantSession {
    struct SavedFood: Encodable {
        let name: String
        let amount: String
        let grams: Double
        let unit: String
        let energyKcal: Double?
        /// The words the amount was guessed from ("a slice": a medium slice), when it was a guess.
        let amountGuessed: String?
    }

    struct SavedFoods: Encodable {
        let date: String
        let meal: String
        let mealID: Int64
        let madeNewMeal: Bool
        let foods: [SavedFood]
        let notFound: [String]
        let energyKcal: Double
    }

    func logFoods(_ arguments: ToolArguments) async throws -> Outcome {
        let text = try arguments.required("text", max: TypedFoods.maxText)
        let diary = person.diary
        let sentence = FoodSentence(text, limit: TypedFoods.maxFoods)
        guard !sentence.parts.isEmpty else { throw ToolProblem("No food was named in “\(text)”.") }
        let placed = try await IngredientPlacer(catalog: services.catalog, diary: diary.database).place(
            sentence, logged: try await diary.loggedCatalogFoods())
        var chosen: [(resolved: ResolvedFood, amount: IngredientAmount)] = []
        var notFound: [String] = []
        for food in placed {
            guard let choice = food.choices.first, let amount = food.amount else { notFound.append(food.typed); continue }
            chosen.append((try await sources.resolve(choice.source), amount))
        }
        guard !chosen.isEmpty else {
            throw ToolProblem("None of the foods in “\(text)” is in the catalog or the person's own foods, so nothing was saved.")
        }
        return try await save(
            chosen.map { ($0.resolved, ChosenAmount(grams: $0.amount.grams, label: $0.amount.label), $0.amount.guess) },
            notFound: notFound, arguments: arguments, what: "“\(text)”")
    }

    func logFood(_ arguments: ToolArguments) async throws -> Outcome {
        let id = try arguments.required("id", max: 80)
        let resolved = try await sources.resolve(id)
        let amount: ChosenAmount
        if let typed = try arguments.text("amount", max: ProposedFoods.maxAmountText) {
            switch ProposedFoods.weigh(typed, of: FoodChoice(resolved), typed: IngredientLine(resolved.food.description)) {
            case .success(let weighed): amount = ChosenAmount(grams: weighed.grams, label: weighed.label)
            case .failure(let problem): throw ToolProblem(problem.message)
            }
        } else {
            var last: ChosenAmount?
            if let catalogID = resolved.catalogFoodID { last = try await person.diary.lastCatalogAmounts()[catalogID] }
            amount = resolved.oneTapAmount(last: last)
            // As one tap: an amount more than a person has of it is asked about, never added unasked.
            if resolved.catalogFoodID != nil, resolved.oneTapAmountWantsChecking(amount, last: last) {
                throw ToolProblem(
                    "Say how much of \(resolved.food.description) was had (like \"1 tbsp\" or \"15 g\"): \(amount.label) is more than a usual serving, so nothing was saved."
                )
            }
        }
        return try await save([(resolved, amount, nil)], notFound: [], arguments: arguments, what: resolved.food.description)
    }

    /// Into the meal `date` and `slot` name, as ＋ would choose it: the slot's meal of that day
    /// (today, one eaten in the last three hours), or a new one.
    private func save(
        _ foods: [(resolved: ResolvedFood, amount: ChosenAmount, guess: String?)], notFound: [String], arguments: ToolArguments,
        what: String
    ) async throws -> Outcome {
        let date = try arguments.day("date", today: today)
        var fields = ["day": date.description]
        if let slot = try arguments.slot("slot") { fields["slot"] = slot.rawValue }
        let target = try await services.targets.target(FormFields(fields), diary: person.diary)
        let destination = try await services.targets.destination(target, fields: FormFields())
        guard
            let logged = try await person.diary.database.log(
                .foods(foods.map { ($0.resolved.food, $0.amount) }), to: destination, now: services.now())
        else {
            throw ToolProblem("That meal was removed meanwhile, so nothing was saved. Try again.")
        }
        let saved = foods.map { food in
            SavedFood(
                name: food.resolved.food.description, amount: food.amount.label, grams: food.amount.grams,
                unit: food.resolved.food.basisUnit.symbol,
                energyKcal: Self.energyKcal(of: food.resolved.food, grams: food.amount.grams), amountGuessed: food.guess)
        }
        let energy = saved.compactMap(\.energyKcal).reduce(0, +)
        let meal = target.names[target.slot]
        let result = SavedFoods(
            date: date.description, meal: meal, mealID: logged.mealID, madeNewMeal: logged.madeMeal, foods: saved, notFound: notFound,
            energyKcal: energy)
        let list = saved.map {
            "\($0.name), \($0.amount)\($0.energyKcal.map { " (\(kcalText($0)))" } ?? "")\($0.amountGuessed.map { " – amount guessed from “\($0)”" } ?? "")"
        }
        var text =
            "Saved to \(meal.lowercased()) on \(date.longText)\(logged.madeMeal ? " (a new meal)" : ""):\n" + list.joined(separator: "\n")
            + "\nIn all \(kcalText(energy))."
        if !notFound.isEmpty { text += "\nNot found, so not saved: " + notFound.map { "“\($0)”" }.joined(separator: ", ") + "." }
        let undo = AssistantUndo(
            foods: .init(
                mealID: logged.mealID, firstEntryID: logged.firstEntryID, lastEntryID: logged.lastEntryID, madeMeal: logged.madeMeal))
        return Outcome(
            text: text, structured: result,
            summary:
                "logged \(saved.map { "\($0.name) \($0.amount)" }.joined(separator: ", ")) to \(meal.lowercased()) on \(date) from \(what)",
            undo: undo)
    }

    /// When a drink or a weigh-in on `date` is kept: now's time of day on that day, as the pages keep one.
    private func moment(on date: LocalDate) -> (local: LocalDateTime, utcOffsetMinutes: Int) {
        let time = DayAddress.time(on: date, now: LocalDateTime(services.now(), in: services.timeZone))
        return (time, time.utcOffsetMinutes(in: services.timeZone))
    }

    struct SavedDrink: Encodable {
        let date: String
        let millilitres: Double
    }

    struct AddedItem: Encodable {
        let name: String
        let amount: String
        let aisle: String
    }

    func addToShoppingList(_ arguments: ToolArguments) async throws -> Outcome {
        let name = try arguments.required("name", max: OwnShoppingItem.maxNameCharacters)
        let amount = try arguments.text("amount", max: OwnShoppingItem.maxAmountCharacters) ?? ""
        let aisleText = try arguments.text("aisle", max: 20) ?? Aisle.pantry.rawValue
        guard let aisle = Aisle(rawValue: aisleText.lowercased()) else {
            throw ToolProblem("`aisle` must be one of \(Aisle.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        guard let id = try await person.diary.database.addShoppingItem(name: name, amount: amount, aisle: aisle, now: services.now()) else {
            throw ToolProblem("The shopping list holds \(OwnShoppingItem.most) items of the person's own already; nothing was added.")
        }
        let what = amount.isEmpty ? name : "\(name) (\(amount))"
        return Outcome(
            text: "Added \(what) to the shopping list, under \(aisle.rawValue).",
            structured: AddedItem(name: name, amount: amount, aisle: aisle.rawValue), summary: "added \(what) to the shopping list",
            undo: AssistantUndo(shoppingItemID: id))
    }

    func logWater(_ arguments: ToolArguments) async throws -> Outcome {
        guard let millilitres = try arguments.number("millilitres", in: 10...5000) else {
            throw ToolProblem("Give `millilitres`, like 250.")
        }
        let date = try arguments.day("date", today: today)
        let time = moment(on: date)
        let id = try await person.diary.database.addWater(
            millilitres: millilitres, at: time.local, utcOffsetMinutes: time.utcOffsetMinutes, now: services.now())
        let amount = "\(formatQuantity(millilitres)) ml"
        return Outcome(
            text: "Saved \(amount) of water on \(date.longText).", structured: SavedDrink(date: date.description, millilitres: millilitres),
            summary: "logged \(amount) of water on \(date)", undo: AssistantUndo(waterID: id))
    }

    struct SavedWeight: Encodable {
        let date: String
        let kilograms: Double
    }

    func logWeight(_ arguments: ToolArguments) async throws -> Outcome {
        let kilograms: Double
        switch (try arguments.number("kilograms", in: 20...400), try arguments.number("pounds", in: 44...880)) {
        case (let kg?, nil): kilograms = kg
        case (nil, let lb?): kilograms = UnitSystem.us.kilograms(fromWeight: lb)
        default: throw ToolProblem("Give the weight in `kilograms` or in `pounds` (one of them).")
        }
        let date = try arguments.day("date", today: today)
        let time = moment(on: date)
        let database = person.diary.database
        guard let weight = try await database.read({ db in try BodyQueries.measure(db, key: BodyMeasure.weightKey) }) else {
            throw ToolProblem("This diary keeps no weight.")
        }
        let id = try await database.addMeasurement(
            measureID: weight.id, value: kilograms, at: time.local, utcOffsetMinutes: time.utcOffsetMinutes,
            now: services.now())
        let shown = UnitSystem.metric.weightText(kilograms: kilograms)
        return Outcome(
            text: "Saved a weigh-in of \(shown) on \(date.longText).",
            structured: SavedWeight(date: date.description, kilograms: kilograms),
            summary: "logged a weigh-in of \(shown) on \(date)", undo: AssistantUndo(weightReadingID: id))
    }

    struct Undone: Encodable {
        let undone: String
        let removed: Bool
    }

    func undoLast() async throws -> Outcome {
        guard
            let last = try await services.accounts.takeLastUndoable(
                accountID: person.account.id, tokenID: tokenID, diaryID: person.diary.id, now: services.now()),
            let undo = try? JSONDecoder().decode(AssistantUndo.self, from: last.undo)
        else {
            throw ToolProblem("There is nothing this assistant logged in this diary left to take back.")
        }
        let database = person.diary.database
        var removed = false
        if let foods = undo.foods {
            removed = try await database.undoLog(
                entries: foods.firstEntryID...foods.lastEntryID, mealID: foods.mealID, madeMeal: foods.madeMeal, now: services.now()
            ).undone
        }
        if let id = undo.waterID { removed = try await database.deleteWater(id: id) || removed }
        if let id = undo.weightReadingID { removed = try await database.deleteMeasurement(id: id, key: BodyMeasure.weightKey) || removed }
        if let id = undo.shoppingItemID { removed = try await database.removeShoppingItem(id: id) || removed }
        let text =
            removed
            ? "Took back what was \(last.summary)."
            : "What was \(last.summary) had been removed in the diary already; nothing else changed."
        return Outcome(text: text, structured: Undone(undone: last.summary, removed: removed), summary: "took back: \(last.summary)")
    }
}

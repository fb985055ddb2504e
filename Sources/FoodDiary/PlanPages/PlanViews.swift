import FoodDiaryBase
import FoodDiaryWeb
import Foundation

/// `/plan?week=`: a week's days, each with what it plans by meal, what that brings against the
/// goals, and a tap to log a planned meal on its day.
struct PlanView: Sendable {
    let title: String
    let weekText: String
    let previousURL: String
    let nextURL: String
    let thisWeekURL: String?
    let week: String
    let shoppingURL: String
    var days: [PlanDayView]
    let isShared: Bool
    let csrfToken: String
    var notice: String?

    init(_ week: PlanWeek, csrfToken: String) {
        let last = week.first.adding(days: 6)
        title = tr("Meal plan")
        weekText = "\(week.first.shortDayMonthText) – \(last.shortDayMonthText)"
        previousURL = "/plan?week=\(week.first.adding(days: -7))"
        nextURL = "/plan?week=\(week.first.adding(days: 7))"
        thisWeekURL = PlanWeek.monday(of: week.today) == week.first ? nil : "/plan"
        self.week = week.first.description
        let shopFrom = max(week.first, week.today)
        shoppingURL = "/shopping?from=\(shopFrom)&to=\(max(last, shopFrom))"
        days = week.days.map { PlanDayView($0, week: week, csrfToken: csrfToken) }
        isShared = week.isShared
        self.csrfToken = csrfToken
    }

    /// A form's problem shown in the card of the day it was about, where the person tapped.
    mutating func setError(_ message: String, on day: LocalDate) {
        guard let index = days.firstIndex(where: { $0.date == day.description }) else { return }
        days[index].error = message
    }
}

struct PlanDayView: Sendable {
    struct Slot: Sendable {
        let name: String
        let items: [PlanItemView]
    }

    struct Household: Sendable {
        let owner: String
        let items: String
    }

    let anchor: String
    let dateText: String
    let date: String
    let isToday: Bool
    let addURL: String
    let energyText: String?
    let goalText: String?
    let macrosText: String?
    let shortText: String?
    let slots: [Slot]
    let isEmpty: Bool
    let household: [Household]
    let copyTo: String
    var error: String?

    init(_ day: PlanWeek.Day, week: PlanWeek, csrfToken: String) {
        anchor = "day-\(day.date)"
        date = day.date.description
        dateText = day.date == week.today ? tr("Today, \(day.date.shortText)") : day.date.shortText
        isToday = day.date == week.today
        addURL = "/plan/add?day=\(day.date)"
        let hasFood = day.hasFood
        energyText = hasFood ? kcalText(day.totals) : nil
        goalText = hasFood ? week.goals[.energyKcal].map { tr("of \(kcalText($0))") } : nil
        macrosText =
            hasFood
            ? [NutrientKind.proteinG, .fatG, .carbohydrateG].map { "\($0.label) \($0.format(day.totals[$0]))" }.joined(separator: " · ")
            : nil
        shortText =
            day.shortOn.isEmpty ? nil : tr("Short on: \(day.shortOn.prefix(4).map(\.label).joined(separator: ", "))")
        slots = MealSlot.allCases.compactMap { slot in
            let items = day.planned.filter { $0.slot == slot }
            return items.isEmpty
                ? nil
                : Slot(
                    name: week.slotNames[slot],
                    items: items.map { PlanItemView($0, today: week.today, week: week.first, csrfToken: csrfToken) })
        }
        isEmpty = day.planned.isEmpty
        household = day.household.map { owner, planned in
            Household(
                owner: owner,
                items: planned.map { [$0.name, $0.amountText].compactMap { $0 }.joined(separator: ", ") }.joined(separator: "; "))
        }
        copyTo = day.date.adding(days: 7).description
    }
}

struct PlanItemView: Sendable {
    let id: Int64
    let name: String
    /// "2 servings · 854 kcal"; empty for a note.
    let detail: String
    let isNote: Bool
    let isRecipe: Bool
    let servings: String
    let isFood: Bool
    let canLog: Bool
    let loggedURL: String?
    let slot: String
    let day: String
    let week: String
    let csrfToken: String

    init(_ planned: PlannedMeal, today: LocalDate, week: LocalDate, csrfToken: String) {
        id = planned.id
        name = planned.name
        detail = [planned.amountText, planned.nutrients.map { kcalText($0) }].compactMap { $0 }.joined(separator: " · ")
        if case .note = planned.what { isNote = true } else { isNote = false }
        if case .recipe(_, _, let servings) = planned.what {
            isRecipe = true
            self.servings = formatQuantity(servings)
        } else {
            isRecipe = false
            servings = ""
        }
        if case .food = planned.what { isFood = true } else { isFood = false }
        // Logged on its day or after, as it was eaten; a day to come is planned, not eaten yet.
        canLog = planned.canBeLogged && !planned.isLogged && planned.day <= today
        loggedURL = planned.loggedMealID.map { "/meals/\($0)" }
        slot = planned.slot.rawValue
        day = planned.day.description
        self.week = week.description
        self.csrfToken = csrfToken
    }
}

/// `/plan/add?day=&slot=&q=`: what can go on a day — a note, a recipe in servings, a favourite,
/// or a food found by its words — each one tap.
struct PlanAddView: Sendable {
    struct SlotChoice: Sendable {
        let value: String
        let name: String
        let url: String
        let selected: Bool
    }

    struct Choice: Sendable {
        let name: String
        let detail: String
        /// The form's fields that say what it is: `recipe`, `meal` or `source`.
        let field: String
        let value: String
        let isRecipe: Bool
    }

    let title: String
    let day: String
    let slot: String
    let slots: [SlotChoice]
    let query: String
    let recipes: [Choice]
    let favourites: [Choice]
    let foods: [Choice]
    let hasRecipes: Bool
    let hasFavourites: Bool
    let hasFoods: Bool
    let searched: Bool
    let backURL: String
    let csrfToken: String
    var error: String?
    var note = ""

    init(
        day: LocalDate, slot: MealSlot, slotNames: MealSlotNames, query: String, recipes: [Choice], favourites: [Choice], foods: [Choice],
        csrfToken: String
    ) {
        title = tr("Plan \(day.shortText)")
        self.day = day.description
        self.slot = slot.rawValue
        slots = MealSlot.allCases.map { choice in
            SlotChoice(
                value: choice.rawValue, name: slotNames[choice],
                url: "/plan/add?day=\(day)&slot=\(choice.rawValue)" + (query.isEmpty ? "" : "&" + queryString(["q": query]).dropFirst()),
                selected: choice == slot)
        }
        self.query = query
        self.recipes = recipes
        self.favourites = favourites
        self.foods = foods
        hasRecipes = !recipes.isEmpty
        hasFavourites = !favourites.isEmpty
        hasFoods = !foods.isEmpty
        searched = !query.trimmingCharacters(in: .whitespaces).isEmpty
        backURL = "/plan?week=\(PlanWeek.monday(of: day))#day-\(day)"
        self.csrfToken = csrfToken
    }
}

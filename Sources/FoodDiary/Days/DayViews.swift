import FoodDiaryBase
import FoodDiaryWeb
import Foundation

/// `/days/{date}` and `/today`: one day's meals with their foods, its totals against the goals.
struct DayView: Sendable {
    struct MealBlock: Sendable {
        let url: String
        let time: String
        let headline: String?
        let placeName: String?
        let kcal: String
        let macros: String
        let isFavourite: Bool
        let isItemised: Bool
        let entries: [EntryRowView]
        let hasEntries: Bool
        let foodsText: String
        /// What the browser remembers the list's folding by.
        let foldID: String
        /// Whether the foods are listed open (issue 74: a full day fits two phone screens).
        let isOpen: Bool
    }

    /// A day of up to this many foods lists them all; beyond, each meal folds to a line of its
    /// foods' names, one tap to open (the one whose food was just changed stays open): four meals'
    /// lists put weight, water and exercise three screens down on a phone, and one list left open
    /// still pushed exercise past the second.
    static let foodsListedOpen = 6

    /// Breakfast, lunch, dinner or snacks: its meals, its energy and its own "+".
    struct SlotBlock: Sendable {
        let name: String
        let kcal: String?
        let addURL: String
        let addLabel: String
        let meals: [MealBlock]
        let hasMeals: Bool
        /// What the plan puts in this meal and is not logged yet, each logged in one tap.
        let planned: [PlannedLine]
    }

    /// A planned meal on its day, logged in one tap from the day's page.
    struct PlannedLine: Sendable {
        let id: Int64
        let name: String
        let detail: String
        /// A day to come is planned, not eaten: no tap logs it yet.
        let canLog: Bool
        let back: String
    }

    let title: String
    let heading: String
    let dateText: String
    let isoDate: String
    let isToday: Bool
    let previousURL: String
    let nextURL: String
    let slots: [SlotBlock]
    let hasMeals: Bool
    let kcalText: String
    let bars: [GoalBarView]
    let hasGoals: Bool
    let lines: [NutrientLineView]
    /// The form opens on this day, at the time of day it is now: adding to a past day's empty
    /// view once made a meal dated today.
    let addMealURL: String
    /// "+ 2 meals not itemised": the totals leave them out, and say so.
    let notItemisedText: String?
    let toItemise: ToItemiseView?
    let bodyCard: DayBodyView
    var activityCard: DayActivityView
    /// A person's first page after setting up or taking up an invitation: the box is focused and
    /// says what to type.
    var welcome = false
    let csrfToken: String
    let noteURL: String
    /// The day's note, or what was typed when it could not be kept.
    var note: String
    var noteError: String?
    var noteSaved = false

    /// `changed` is the entry whose amount was just changed from this page, marked.
    /// `diary` names the folds the browser remembers: meal numbers repeat across diaries.
    init(day: DayQueries.Day, today: LocalDate, csrfToken: String, diary: Int64, changed: Int64? = nil) {
        isToday = day.date == today
        self.csrfToken = csrfToken
        noteURL = "/days/\(day.date)/note"
        note = day.note ?? ""
        let page = isToday ? "/today" : "/days/\(day.date)"
        addMealURL = isToday ? "/meals/new" : "/meals/new?day=\(day.date)"
        heading = isToday ? tr("Today") : day.date.longText
        title = isToday ? tr("Today, \(day.date.longText)") : day.date.longText
        isoDate = day.date.description
        dateText = day.date.longText
        previousURL = "/days/\(day.date.previous)"
        nextURL = "/days/\(day.date.next)"
        let date = day.date
        let foodCount = day.meals.reduce(0) { $0 + $1.entries.count }
        let opens = { (foods: MealQueries.MealFoods) in
            foodCount <= Self.foodsListedOpen || foods.entries.contains { $0.id == changed }
        }
        slots = MealSlot.allCases.map { slot in
            let meals = day.meals.filter { MealSlot($0.meal.eatenAt) == slot }
            let kcal = meals.filter(\.isItemised).reduce(0) { $0 + $1.totals.value(.energyKcal, default: 0) }
            return SlotBlock(
                name: day.slotNames[slot], kcal: meals.contains(where: \.isItemised) ? FoodDiaryBase.kcalText(kcal) : nil,
                addURL: "/log?day=\(date)&slot=\(slot.rawValue)", addLabel: tr("Add to \(day.slotNames.inSentence(slot))"),
                meals: meals.map {
                    Self.block($0, page: page, changed: changed, foldID: "diary-\(diary)-meal-\($0.meal.id)", isOpen: opens($0))
                }, hasMeals: !meals.isEmpty,
                planned: day.planned.filter { $0.slot == slot }.map { planned in
                    PlannedLine(
                        id: planned.id, name: planned.name,
                        detail: [planned.amountText, planned.nutrients.map { FoodDiaryBase.kcalText($0) }].compactMap { $0 }.joined(
                            separator: " · "),
                        canLog: date <= today, back: page)
                })
        }
        hasMeals = !day.meals.isEmpty
        let totals = day.totals
        self.kcalText = FoodDiaryBase.kcalText(totals)
        notItemisedText = Self.notItemisedText(day.notItemisedCount)
        toItemise = ToItemiseView(day: day)
        bars = GoalBarView.bars(totals: totals, goals: day.goalsWithExercise)
        hasGoals = !day.goals.isEmpty
        lines = NutrientLineView.lines(totals)
        bodyCard = DayBodyView(day: day, isToday: isToday, csrfToken: csrfToken)
        activityCard = DayActivityView(day: day, isToday: isToday, csrfToken: csrfToken)
    }

    private static func block(_ foods: MealQueries.MealFoods, page: String, changed: Int64?, foldID: String, isOpen: Bool) -> MealBlock {
        let entries = foods.entries.map { EntryRowView($0, back: page, changed: changed) }
        return MealBlock(
            url: ReturnPath.adding("back", page, to: "/meals/\(foods.meal.id)"), time: foods.meal.eatenAt.clockText,
            headline: foods.meal.headline,
            placeName: foods.meal.place?.name, kcal: foods.isItemised ? FoodDiaryBase.kcalText(foods.totals) : MealRowView.notItemised,
            macros: foods.isItemised ? macrosText(foods.totals) : "",
            isFavourite: foods.meal.isFavourite, isItemised: foods.isItemised, entries: entries,
            hasEntries: foods.isItemised,
            foodsText: Meal.foodsText(foods.entries.prefix(Meal.firstFoodsShown).map(\.food.description), count: foods.entries.count),
            foldID: foldID, isOpen: isOpen)
    }
}

extension DayView {
    static func notItemisedText(_ count: Int) -> String? {
        switch count {
        case 0: nil
        case 1: tr("+ 1 meal not itemised")
        default: tr("+ \(count) meals not itemised")
        }
    }
}

/// `/goals`: the daily targets, each optional.
struct GoalsView: Sendable {
    struct Field: Sendable {
        let name: String
        let label: String
        let unit: String
        let value: String
        let error: String?
    }

    let title = tr("Daily goals")
    let notice: String?
    let csrfToken: String
    let fields: [Field]
    let hasErrors: Bool
    let errorSummary = ErrorSummary.goalsUnchanged
    /// What each part of the day is called, as the form shows it.
    let slotFields: [SlotField]
    let slotNamesError: String?

    struct SlotField: Sendable {
        let name: String
        let label: String
        let value: String
    }

    init(
        form: GoalsForm, errors: GoalErrors = .init(), csrfToken: String, notice: String?, slotNames: [MealSlot: String] = [:],
        slotNamesError: String? = nil
    ) {
        self.notice = notice
        self.csrfToken = csrfToken
        slotFields = MealSlot.allCases.map { SlotField(name: "slot_\($0.rawValue)", label: $0.name, value: slotNames[$0] ?? $0.name) }
        self.slotNamesError = slotNamesError
        fields = DailyGoals.kinds.map {
            Field(name: $0.field, label: $0.label, unit: $0.unit, value: form.values[$0] ?? "", error: errors.messages[$0])
        }
        hasErrors = !errors.messages.isEmpty
    }
}

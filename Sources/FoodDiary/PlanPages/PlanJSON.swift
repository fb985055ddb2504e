import FoodDiaryBase
import Foundation

// The plan as the JSON API and the assistant read it: one read.

struct PlanJSON: Encodable {
    /// The plan from `first` through `last`, as `/api/plan` and the assistant's `read_plan` give it.
    static func read(_ diary: Diary, from first: LocalDate, through last: LocalDate, today: LocalDate) async throws -> PlanJSON {
        var days = 0
        var date = first
        while date <= last { (days, date) = (days + 1, date.next) }
        let week = try await PlanWeek.read(diary, from: first, days: days, today: today)
        return PlanJSON(
            from: first.description, to: last.description,
            days: week.days.map { day in
                PlanDayJSON(
                    date: day.date.description, totals: NutrientsJSON(values: day.totals), shortOn: day.shortOn.map(\.jsonKey),
                    planned: day.planned.map(PlannedJSON.init))
            })
    }

    let from: String
    let to: String
    let days: [PlanDayJSON]
}

struct PlanDayJSON: Encodable {
    let date: String
    /// What the planned recipes, favourites and foods bring; a note brings nothing.
    let totals: NutrientsJSON
    /// The nutrients (by their JSON names) the day's plan brings less of than a goal or a need.
    let shortOn: [String]
    let planned: [PlannedJSON]
}

struct PlannedJSON: Encodable {
    let planned: PlannedMeal

    init(_ planned: PlannedMeal) { self.planned = planned }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: NutrientsJSON.DynamicKey.self)
        try container.encode(planned.id, forKey: .init("id"))
        try container.encode(planned.slot.rawValue, forKey: .init("meal"))
        try container.encode(planned.name, forKey: .init("name"))
        switch planned.what {
        case .recipe(let id, _, let servings):
            try container.encode("recipe", forKey: .init("kind"))
            try container.encode(id, forKey: .init("recipeId"))
            try container.encode(servings, forKey: .init("servings"))
        case .meal(let id, _):
            try container.encode("favourite", forKey: .init("kind"))
            try container.encode(id, forKey: .init("favouriteMealId"))
        case .food(_, let amount):
            try container.encode("food", forKey: .init("kind"))
            try container.encode(amount.shownLabel, forKey: .init("amount"))
        case .note:
            try container.encode("note", forKey: .init("kind"))
        }
        try container.encode(planned.nutrients.map { NutrientsJSON(values: $0) }, forKey: .init("totals"))
        try container.encode(planned.loggedMealID, forKey: .init("loggedMealId"))
    }
}

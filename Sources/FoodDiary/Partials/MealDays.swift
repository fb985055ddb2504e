import FoodDiaryBase
import Foundation

struct MealDayView: Sendable {
    let heading: String
    let isoDate: String
    let meals: [MealRowView]

    /// Splits meals (already newest first) into runs that share a local date.
    static func group(_ meals: [Meal]) -> [MealDayView] {
        var days: [MealDayView] = []
        var current: [Meal] = []
        for meal in meals {
            if let first = current.first, first.eatenAt.date != meal.eatenAt.date {
                days.append(MealDayView(date: first.eatenAt.date, meals: current))
                current = []
            }
            current.append(meal)
        }
        if let first = current.first { days.append(MealDayView(date: first.eatenAt.date, meals: current)) }
        return days
    }

    init(date: LocalDate, meals: [Meal]) {
        heading = date.longText
        isoDate = date.description
        self.meals = meals.map(MealRowView.init(meal:))
    }
}

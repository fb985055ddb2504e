import FoodDiaryBase
import Foundation

/// The meal a food page belongs to, as a one-line reminder.
struct MealContextView: Sendable {
    let url: String
    let time: String
    let dayHeading: String
    let headline: String?

    init(_ meal: Meal) {
        url = "/meals/\(meal.id)"
        time = meal.eatenAt.clockText
        dayHeading = meal.eatenAt.date.longText
        headline = meal.headline
    }
}

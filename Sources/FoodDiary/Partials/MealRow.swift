import FoodDiaryBase
import Foundation

struct MealRowView: Sendable {
    let url: String
    let thumbnailURL: String?
    let placeName: String?
    let tagsText: String?
    let time: String
    let headline: String?
    /// "Eggs + Toast + Butter": which foods, not how many.
    let foodsText: String
    let kcalText: String
    let isItemised: Bool

    init(meal: Meal) {
        url = "/meals/\(meal.id)"
        thumbnailURL = meal.photo?.url(.thumb)
        placeName = meal.place?.name
        let visibleTags = meal.tags.map(\.name).filter { !TagList.isHidden($0) }.map(TagList.display)
        tagsText = visibleTags.isEmpty ? nil : visibleTags.joined(separator: " · ")
        time = meal.eatenAt.clockText
        headline = meal.headline
        foodsText = meal.foodsText
        kcalText = meal.knownEnergyKcal.map { FoodDiaryBase.kcalText($0) } ?? Self.notItemised
        isItemised = meal.isItemised
    }

    /// What a meal with no foods shows for its energy: unknown, not zero.
    static var notItemised: String { tr("To itemise") }
}

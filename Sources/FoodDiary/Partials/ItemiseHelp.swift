import FoodDiaryBase
import Foundation

/// On the page of a meal with no foods: past meals like it to copy in one tap, and a quick estimate.
struct ItemiseHelpView: Sendable {
    struct Like: Sendable {
        let action: String
        let url: String
        let thumbnailURL: String?
        let whenText: String
        let placeName: String?
        let foodsText: String
        let kcalText: String
        let timesText: String?
        let buttonLabel: String
    }

    let csrfToken: String
    let likenessText: String
    let likes: [Like]
    let hasLikes: Bool
    let estimateAction: String
    let estimate: String
    let estimateError: String?
    /// "Suggest foods": the owner's model, when this person opted in and the meal has a photo.
    var suggestAction: String?
    var suggestNote: String?

    init(mealID: Int64, likeness: ItemisingQueries.Likeness, likes: [ItemisingQueries.LikeMeal], estimate: String = "",
         estimateError: String? = nil, csrfToken: String) {
        self.csrfToken = csrfToken
        likenessText = likeness == .here ? "Meals you had here at about this time of day." : "Meals you had at about this time of day in the last 30 days."
        self.likes = likes.map { like in
            let foods = Meal.foodsText(like.foods.prefix(4), count: like.foods.count)
            return Like(action: "/meals/\(mealID)/like/\(like.meal.id)", url: "/meals/\(like.meal.id)", thumbnailURL: like.meal.photo?.url(.thumb),
                        whenText: "\(like.meal.eatenAt.date.shortText), \(like.meal.eatenAt.clockText)", placeName: like.meal.place?.name,
                        foodsText: foods, kcalText: FoodDiaryBase.kcalText(like.energyKcal), timesText: like.times > 1 ? "had \(like.times) times" : nil,
                        buttonLabel: like.foods.count == 1 ? "Use this food" : "Use these \(like.foods.count) foods")
        }
        hasLikes = !self.likes.isEmpty
        estimateAction = "/meals/\(mealID)/estimate"
        self.estimate = estimate
        self.estimateError = estimateError
    }

    mutating func offerSuggestions(mealID: Int64, model: String) {
        suggestAction = "/meals/\(mealID)/suggest"
        suggestNote = "Sends the photo to \(model), which you run; you check each food before it is added."
    }
}

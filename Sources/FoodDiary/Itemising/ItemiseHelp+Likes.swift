import FoodDiaryBase

/// Past meals like this one, as the meal page offers them to copy.
extension ItemiseHelpView {
    init(
        mealID: Int64, likeness: ItemisingQueries.Likeness, likes: [ItemisingQueries.LikeMeal], estimate: String = "",
        estimateError: String? = nil, csrfToken: String
    ) {
        self.csrfToken = csrfToken
        likenessText =
            likeness == .here
            ? tr("Meals you had here at about this time of day.") : tr("Meals you had at about this time of day in the last 30 days.")
        self.likes = likes.map { like in
            let foods = Meal.foodsText(like.foods.prefix(4), count: like.foods.count)
            return Like(
                action: "/meals/\(mealID)/like/\(like.meal.id)", url: "/meals/\(like.meal.id)", thumbnailURL: like.meal.photo?.url(.thumb),
                whenText: "\(like.meal.eatenAt.date.shortText), \(like.meal.eatenAt.clockText)", placeName: like.meal.place?.name,
                foodsText: foods, kcalText: FoodDiaryBase.kcalText(like.energyKcal),
                timesText: like.times > 1 ? tr("had \(like.times) times") : nil,
                buttonLabel: like.foods.count == 1 ? tr("Use this food") : tr("Use these \(like.foods.count) foods"))
        }
        hasLikes = !self.likes.isEmpty
        estimateAction = "/meals/\(mealID)/estimate"
        self.estimate = estimate
        self.estimateError = estimateError
    }
}

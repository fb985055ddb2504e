import FoodDiaryBase

/// The usual foods a meal's suggestions found, one tap each.
extension UsualFoodsView {
    init(mealID: Int64, basis: FoodSuggestions.Basis, placeName: String?, foods: [FoodSuggestions.Usual], csrfToken: String) {
        switch basis {
        case .here:
            heading = tr("Last time here")
            note = tr("What you log most \(placeName.map { "at \($0)" } ?? "here"), in your usual amount.")
        case .atThisTime:
            heading = tr("Usually at this time")
            note = tr("What you logged most around this time of day in the last 30 days, in your usual amount.")
        case .often:
            heading = tr("What you have often")
            note = tr("What you logged most in your last 300 meals, in your usual amount.")
        }
        action = "/meals/\(mealID)/foods/usual"
        self.csrfToken = csrfToken
        self.foods = foods.map { food in
            let times = food.meals == 1 ? "once" : tr("\(food.meals) times"), amount = PortionLabel.shown(food.amountLabel)
            return Food(
                description: food.description,
                detail: [food.brandOwner, amount, times].compactMap { $0 }.joined(separator: " · "),
                kcal: food.energyKcal.map { FoodDiaryBase.kcalText($0) } ?? "–", entryID: food.entryID,
                buttonLabel: tr("Add \(amount) of \(food.description)"))
        }
    }
}

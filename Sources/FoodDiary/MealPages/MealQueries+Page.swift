import GRDB

extension MealQueries {
    /// What a meal's page shows: its foods, whom it was shared with, and, while it has no foods,
    /// past meals like it to copy.
    struct Page: Sendable {
        let foods: MealFoods
        let shares: [MealShare]
        let likes: (likeness: ItemisingQueries.Likeness, meals: [ItemisingQueries.LikeMeal])?
    }

    /// Nil when the meal is gone.
    static func page(_ db: Database, id: Int64) throws -> Page? {
        guard let (foods, shares) = try SharingQueries.mealFoodsAndShares(db, mealID: id) else { return nil }
        return Page(foods: foods, shares: shares, likes: foods.isItemised ? nil : try ItemisingQueries.likeThisOne(db, foods.meal))
    }
}

import FoodDiaryBase
import Foundation

/// `/meals/snap`: one or many photos at once, each a meal to itemise later. Shown again with
/// what became of each file when some could not be kept.
struct SnapView: Sendable {
    struct Outcome: Sendable {
        let fileName: String
        let message: String
        let url: String?
        let isError: Bool
    }

    let title = "Snap a meal"
    let csrfToken: String
    let maxUploadMB: Int
    let error: String?
    let outcomes: [Outcome]
    let hasOutcomes: Bool
    let toItemiseURL = "/meals/to-itemise"

    init(csrfToken: String, maxUploadBytes: Int, error: String? = nil, outcomes: [Outcome] = []) {
        self.csrfToken = csrfToken
        maxUploadMB = maxUploadBytes / 1_000_000
        self.error = error
        self.outcomes = outcomes
        hasOutcomes = !outcomes.isEmpty
    }
}

/// "3 meals to itemise" with their thumbnails: on the list, today and every day.
struct ToItemiseView: Sendable {
    struct Thumb: Sendable {
        let url: String
        let thumbnailURL: String?
        let label: String
    }

    static let shown = 6

    let heading: String
    let thumbs: [Thumb]
    let moreText: String?
    let listURL: String?

    /// Nil when nothing waits. `listURL` leads to all of them when more exist than are shown.
    init?(count: Int, meals: [Meal], showsDay: Bool, listURL: String?) {
        guard count > 0 else { return nil }
        heading = count == 1 ? "1 meal to itemise" : "\(count) meals to itemise"
        thumbs = meals.prefix(Self.shown).map { meal in
            Thumb(url: "/meals/\(meal.id)", thumbnailURL: meal.photo?.url(.thumb),
                  label: showsDay ? "\(meal.eatenAt.date.shortText), \(meal.eatenAt.clockText)" : meal.eatenAt.clockText)
        }
        moreText = count > thumbs.count ? "and \(count - thumbs.count) more" : nil
        self.listURL = listURL
    }

    /// A day's meals still without foods, oldest first as the day shows them.
    init?(day: DayQueries.Day) {
        let waiting = day.meals.filter(\.entries.isEmpty).map(\.meal)
        self.init(count: waiting.count, meals: waiting, showsDay: false, listURL: nil)
    }
}

/// `/meals/to-itemise`: every meal with no foods yet, newest first.
struct ToItemiseListView: Sendable {
    let title = "Meals to itemise"
    let notice: String?
    let summary: String
    let isEmpty: Bool
    let days: [MealDayView]
    let pagination: PaginationView?

    init(page: MealQueries.ListPage, notice: String?) {
        self.notice = notice
        isEmpty = page.meals.isEmpty
        summary = switch page.totalCount {
        case 0: "Every meal has its foods. Snap a meal and it waits here until you add them."
        case 1: "1 meal has a photo or a time but no foods yet. It counts as unknown, never as 0 kcal."
        default: "\(page.totalCount) meals have a photo or a time but no foods yet. They count as unknown, never as 0 kcal."
        }
        days = MealDayView.group(page.meals)
        pagination = PaginationView(page, path: "/meals/to-itemise")
    }
}

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
}

/// The add-food page's row of usual foods, one tap each.
struct UsualFoodsView: Sendable {
    struct Food: Sendable {
        let description: String
        let detail: String
        let kcal: String
        let entryID: Int64
        let buttonLabel: String
    }

    let heading: String
    let note: String
    let action: String
    let csrfToken: String
    let foods: [Food]

    init(mealID: Int64, basis: FoodSuggestions.Basis, placeName: String?, foods: [FoodSuggestions.Usual], csrfToken: String) {
        switch basis {
        case .here:
            heading = "Last time here"
            note = "What you log most \(placeName.map { "at \($0)" } ?? "here"), in your usual amount."
        case .atThisTime:
            heading = "Usually at this time"
            note = "What you logged most around this time of day in the last 30 days, in your usual amount."
        case .often:
            heading = "What you have often"
            note = "What you logged most in your last 300 meals, in your usual amount."
        }
        action = "/meals/\(mealID)/foods/usual"
        self.csrfToken = csrfToken
        self.foods = foods.map { food in
            let times = food.meals == 1 ? "once" : "\(food.meals) times"
            return Food(description: food.description,
                        detail: [food.brandOwner, food.amountLabel, times].compactMap { $0 }.joined(separator: " · "),
                        kcal: food.energyKcal.map { FoodDiaryBase.kcalText($0) } ?? "–", entryID: food.entryID,
                        buttonLabel: "Add \(food.amountLabel) of \(food.description)")
        }
    }
}

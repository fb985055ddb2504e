/// Today's and each day's water, and on Today the weight: the day page's body card.
struct DayBodyView: Sendable {
    struct Button: Sendable { let label: String; let millilitres: String }
    struct Drink: Sendable { let timeText: String; let amountText: String; let deleteURL: String }

    let csrfToken: String
    let day: String
    let back: String
    let waterText: String
    let waterGoalText: String?
    let waterFill: String?
    let waterPercentText: String?
    /// The water in the day's foods and drinks logged as foods, kept apart from the goal.
    let inFoodsText: String?
    let buttons: [Button]
    let drinks: [Drink]
    let hasDrinks: Bool
    /// Weight is weighed today, not on a past day's page.
    let weight: DayWeightView?
}

struct DayWeightView: Sendable {
    /// Today's weight as weighed ("72.4 kg", or the mean of several), so a Save shows what it kept.
    let todayText: String?
    let trendText: String?
    let rateText: String?
    let unit: String
}

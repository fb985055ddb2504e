import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryWeb
import Foundation

/// One food "＋" offers, with the amount its "+" adds.
struct LogRowView: Sendable {
    let name: String
    let detail: String
    let kcal: String
    /// `entry` (a copy of a past entry) or `source` (a food by reference).
    let field: String
    let value: String
    let buttonLabel: String
    let url: String?
    /// The weight "+" adds, where it is not what one tap would add: a splash of milk in a coffee.
    var grams: String? = nil
    /// A food of words read as a sentence: its "+" comes back to the same words, for the rest.
    var said = false
    /// Why "+" would add an amount to check first ("more than three usual servings"): the row
    /// then opens the food's page to choose how much, instead of adding it.
    var check: String? = nil
    /// What this row's tap just added (yesterday's meal copied): the row says so, with Undo, in
    /// place of a "+" that would add it twice.
    var addedHere: LogView.Added? = nil

    static func usual(_ food: FoodSuggestions.Usual) -> LogRowView {
        let times = food.meals == 1 ? "once" : tr("\(food.meals) times"), amount = PortionLabel.shown(food.amountLabel)
        return LogRowView(
            name: food.description, detail: [food.brandOwner, amount, times].compactMap { $0 }.joined(separator: " · "),
            kcal: food.energyKcal.map { kcalText($0) } ?? "–", field: "entry", value: String(food.entryID),
            buttonLabel: tr("Add \(amount) of \(food.description)"), url: nil)
    }

    /// `target` is where ＋ is adding (its meal, or a day and slot): the food's page, opened from
    /// the row's name or its Check, adds there too.
    static func catalog(_ food: FoodSummary, amount: ChosenAmount, isLast: Bool, check: String?, target: [(key: String, value: String)])
        -> LogRowView
    {
        let kcal = food.energyKcalPer100g.map { kcalText($0 * amount.grams / 100) } ?? "–", label = amount.shownLabel
        return LogRowView(
            name: food.description,
            detail: [food.brandOwner, isLast ? tr("\(label), as last time") : label]
                .compactMap { $0 }.joined(separator: " · "),
            kcal: kcal, field: "source", value: "catalog:\(food.id)", buttonLabel: tr("Add \(label) of \(food.description)"),
            url: "/foods/\(food.id)" + queryString(target), check: check)
    }

    /// A food of words read as a sentence ("coffee with milk"): the food in its usual amount, or
    /// what goes with it in the little a sentence takes.
    static func said(_ food: PlacedFood, target: [(key: String, value: String)]) -> LogRowView? {
        guard let choice = food.choices.first, let amount = food.amount else { return nil }
        let label = PortionLabel.shown(amount.label)
        return LogRowView(
            name: choice.name, detail: food.isAddition ? tr("\(label), with it") : label,
            kcal: choice.kcalPerGram.map { kcalText($0 * amount.grams) } ?? "–", field: "source", value: choice.source,
            buttonLabel: tr("Add \(label) of \(choice.name)"), url: choice.catalogFoodID.map { "/foods/\($0)" + queryString(target) },
            grams: food.isAddition ? formatQuantity(amount.grams) : nil, said: true, check: choice.check(grams: amount.grams))
    }

    /// The food's page asking how much, for a row whose "+" would add an amount to check.
    var checkURL: String? { url.map { ReturnPath.adding("check", "1", to: $0) } }

    /// A past meal whose foods one tap copies.
    static func like(_ meal: Meal, slotName: String) -> LogRowView {
        let name = tr("Yesterday’s \(slotName) at \(meal.eatenAt.clockText)")
        return LogRowView(
            name: name, detail: meal.foodsText, kcal: kcalText(meal.energyKcal), field: "like", value: String(meal.id),
            buttonLabel: tr("Add the same as \(name)"), url: "/meals/\(meal.id)")
    }

    static func saved(_ saved: SavedFood) -> LogRowView {
        let amount = saved.defaultAmount, label = amount.shownLabel
        return LogRowView(
            name: saved.food.description, detail: [saved.food.brandOwner, label, "saved"].compactMap { $0 }.joined(separator: " · "),
            kcal: kcalText(saved.food.nutrients(forGrams: amount.grams)), field: "source", value: "saved:\(saved.id)",
            buttonLabel: tr("Add \(label) of \(saved.food.description)"), url: nil)
    }

    static func own(_ food: MyFood) -> LogRowView {
        let amount = ChosenAmount.everyday(portions: [food.portion]), label = amount.shownLabel
        return LogRowView(
            name: food.name, detail: [food.brandOwner, label, tr("my food")].compactMap { $0 }.joined(separator: " · "),
            kcal: kcalText(food.snapshot.nutrients(forGrams: amount.grams)), field: "source", value: "my:\(food.id)",
            buttonLabel: tr("Add \(label) of \(food.name)"), url: "/my-foods/\(food.id)")
    }

    static func recipe(_ recipe: Recipe) -> LogRowView? {
        guard let snapshot = recipe.snapshot else { return nil }
        let amount = ChosenAmount.everyday(portions: [recipe.portion]), label = amount.shownLabel
        return LogRowView(
            name: recipe.name, detail: tr("\(label) · recipe"),
            kcal: kcalText(snapshot.nutrients(forGrams: amount.grams)), field: "source", value: "recipe:\(recipe.id)",
            buttonLabel: tr("Add \(label) of \(recipe.name)"), url: "/recipes/\(recipe.id)")
    }
}

/// A group of rows under a heading.
struct LogSectionView: Sendable {
    let heading: String
    let note: String?
    var rows: [LogRowView]
}

/// `/log`: "What did you eat?" — usual foods and a search, each food one tap, the meal made with
/// the first.
struct LogView: Sendable {
    /// The food just added, with the ways to take it back or change its amount.
    struct Added: Sendable {
        let description: String
        let amount: String
        let kcal: String
        let changeURL: String
        /// One food's amount, changed right here (with JavaScript) rather than on its own page.
        let changesInPlace: Bool
        let entryID: Int64
        /// The last of several foods one tap added (a meal like yesterday's).
        let throughID: Int64?
        let mealID: Int64
        let madeMeal: Bool
    }

    /// The meal being built, one line a food, with its total: folded to its count and total on a
    /// phone, open beside the search on a wide screen (where a meal still to make holds its place).
    struct Building: Sendable {
        struct Food: Sendable {
            let name: String
            let amount: String
            let kcal: String
        }
        let count: String
        let total: String
        let foods: [Food]
        let isEmpty: Bool
        let url: String?

        init(_ meal: MealQueries.MealFoods?) {
            let entries = meal?.entries ?? []
            count = entries.isEmpty ? tr("No foods yet") : entries.count == 1 ? tr("1 food") : tr("\(entries.count) foods")
            total = kcalText(NutrientValues.sum(entries.map(\.nutrients)))
            foods = entries.map {
                Food(name: $0.food.description, amount: PortionLabel.shown($0.portionLabel), kcal: kcalText($0.nutrients))
            }
            isEmpty = entries.isEmpty
            url = meal.map { "/meals/\($0.meal.id)" }
        }
    }

    let title = tr("What did you eat?")
    let csrfToken: String
    /// "Breakfast at 07:13" or "A new meal: lunch, now".
    let targetText: String
    let targetURL: String?
    let newMealURL: String?
    let building: Building
    /// Where the food goes: the meal, or the day and slot of the meal to make.
    let mealID: Int64?
    let day: String?
    let slot: String?
    let added: Added?
    let query: String
    let searched: Bool
    let spelling: SpellingView?
    /// "What did you have?" for a search that names amounts or several foods.
    let sayItURL: String?
    let sections: [LogSectionView]
    let hasSections: Bool
    let nothingFound: Bool
    let isFirstFood: Bool
    let focusSearch: Bool
    let moreSearchURL: String?
    let mealFormURL: String
    let barcodePhoto: BarcodePhotoForm
}

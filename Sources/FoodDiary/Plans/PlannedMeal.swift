import FoodDiaryBase
import FoodDiaryWeb
import Foundation

/// Something put on a day ahead: a recipe in servings, a favourite meal, a food in an amount, or
/// a note ("eat out"). What it brings is read as its recipe or meal is now, so an edited recipe
/// plans as edited; a food keeps the snapshot it was planned with, as a logged food does.
struct PlannedMeal: Sendable, Equatable {
    enum What: Sendable, Equatable {
        case recipe(id: Int64, name: String, servings: Double)
        case meal(id: Int64, name: String)
        case food(FoodSnapshot, ChosenAmount)
        case note(String)
    }

    let id: Int64
    let day: LocalDate
    let slot: MealSlot
    let what: What
    /// What it brings as planned; nil for a note, which brings nothing known.
    let nutrients: NutrientValues?
    /// The meal it was logged as, while that meal is in the diary.
    let loggedMealID: Int64?

    var name: String {
        switch what {
        case .recipe(_, let name, _), .meal(_, let name): name
        case .food(let food, _): food.description
        case .note(let text): text
        }
    }

    /// "2 servings", "1 medium (118 g)"; nil for a favourite or a note.
    var amountText: String? {
        switch what {
        case .recipe(_, _, let servings): Self.servingsText(servings)
        case .food(_, let amount): amount.shownLabel
        case .meal, .note: nil
        }
    }

    static func servingsText(_ servings: Double) -> String {
        let shown = NumberText.decimal(servings, maxFractionDigits: 2, grouping: false)
        return tr(one: "\(shown) serving", other: "\(shown) servings", count: servings == 1 ? 1 : 2)
    }

    var isLogged: Bool { loggedMealID != nil }
    /// A note has nothing to log.
    var canBeLogged: Bool { if case .note = what { false } else { true } }

    static let maxNoteCharacters = 200
    /// A plan holds at most this many things a day: a week's plan stays one page to read.
    static let mostPerDay = 40
    /// Servings a recipe is planned in, as the recipe form allows.
    static let servingsRange: ClosedRange<Double> = 0.25...100
}

extension PlannedMeal {
    /// The planned meal named is not in this diary's plan: removed, or never was.
    struct Missing: Refusal, Equatable {
        var kind: RefusalKind { .missing }
        var message: String { tr("That is no longer in your plan. It may have been removed.") }
    }
}

extension PlannedMeal {
    /// A planned recipe with no ingredients weighs nothing to log.
    struct NothingToLog: Refusal, Equatable {
        var kind: RefusalKind { .conflict }
        var message: String { tr("This recipe has no ingredients yet, so there is nothing to log. Add its ingredients first.") }
    }
}

extension ChosenAmount.Errors {
    /// Too much for one entry, as the log's refusal.
    var refusal: AmountRefusal { AmountRefusal(message: count ?? grams ?? choice ?? "") }
}

struct AmountRefusal: Refusal, Equatable {
    let message: String
    var kind: RefusalKind { .conflict }
}

/// What a person may put on a day, before it is written.
package enum PlanChoice: Sendable, Equatable {
    case recipe(id: Int64, servings: Double)
    case meal(id: Int64)
    case food(FoodSnapshot, ChosenAmount)
    case note(String)
}

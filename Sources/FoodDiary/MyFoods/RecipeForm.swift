import FoodDiaryBase
import FoodDiaryWeb
import Foundation

/// A recipe's own fields, validated.
package struct RecipeInput: Sendable, Equatable {
    let name: String
    let servings: Double
    let notes: String

    package init(name: String, servings: Double, notes: String) {
        self.name = name
        self.servings = servings
        self.notes = notes
    }
}

/// An ingredient to add: its snapshot, the food of the person's own it came from, and how much.
package struct RecipeIngredientInput: Sendable {
    let food: FoodSnapshot
    let myFoodID: Int64?
    let amount: ChosenAmount

    package init(food: FoodSnapshot, myFoodID: Int64?, amount: ChosenAmount) {
        self.food = food
        self.myFoodID = myFoodID
        self.amount = amount
    }
}

struct RecipeForm: Sendable, Equatable {
    var name: String
    var servings: String
    var notes: String

    init(name: String = "", servings: String = "4", notes: String = "") {
        self.name = name
        self.servings = servings
        self.notes = notes
    }

    init(fields: FormFields) {
        self.init(
            name: fields["name"] ?? "", servings: fields["servings"] ?? "",
            notes: (fields["notes"] ?? "").replacingOccurrences(of: "\r\n", with: "\n"))
    }

    init(recipe: Recipe) {
        self.init(name: recipe.name, servings: formatQuantity(recipe.servings), notes: recipe.notes)
    }

    struct Errors: Error, Equatable {
        var name: String?
        var servings: String?
        var notes: String?
        var isEmpty: Bool { name == nil && servings == nil && notes == nil }
    }

    static let servingsRange: ClosedRange<Double> = 0.5...1000

    func validate() -> Result<RecipeInput, Errors> {
        var errors = Errors()
        let name = TypedText.clean(self.name)
        if name.isEmpty {
            errors.name = tr("Give the recipe a name, like “Chickpea curry”.")
        } else if TypedText.length(name) > 200 {
            errors.name = tr("Keep the name to 200 characters.")
        }
        var servings: Double?
        switch TypedNumber.parse(self.servings, in: Self.servingsRange) {
        case .success(let value): servings = value
        case .failure(let problem):
            errors.servings = TypedNumber.message(problem, what: tr("how many servings it makes"), range: Self.servingsRange)
        }
        if TypedText.length(notes) > MealInput.maxNotesLength { errors.notes = tr("Notes can be at most 10,000 characters.") }
        guard errors.isEmpty, let servings else { return .failure(errors) }
        return .success(RecipeInput(name: name, servings: servings, notes: notes))
    }
}

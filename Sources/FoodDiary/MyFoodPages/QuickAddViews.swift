import FoodDiaryBase
import Foundation

/// `/meals/{id}/foods/new/quick`.
struct QuickAddView: Sendable {
    struct Field: Sendable { let name: String; let label: String; let unit: String; let value: String; let error: String? }

    let title = tr("Quick add")
    let meal: MealContextView
    let csrfToken: String
    let action: String
    let name: String
    let nameError: String?
    let missingError: String?
    let fields: [Field]
    let hasErrors: Bool
    let errorSummary = ErrorSummary.nothingAdded
    let cancelURL: String

    init(meal: Meal, form: QuickAddForm, errors: QuickAddForm.Errors = .init(), csrfToken: String) {
        self.meal = MealContextView(meal)
        self.csrfToken = csrfToken
        action = "/meals/\(meal.id)/foods/quick"
        name = form.name
        nameError = errors.name
        missingError = errors.missing
        fields = QuickAddForm.kinds.map {
            Field(name: $0.field, label: $0.label, unit: $0.unit, value: form.values[$0] ?? "", error: errors.values[$0])
        }
        hasErrors = !errors.isEmpty
        cancelURL = "/meals/\(meal.id)/foods/new"
    }
}

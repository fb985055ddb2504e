import Foundation
import Hummingbird

/// A quick add: an optional name and any of energy, protein, fat, carbohydrate and sodium, for the
/// meal nobody can itemise. Kept as typed so the form can come back beside its errors.
struct QuickAddForm: Sendable, Equatable {
    static let kinds: [NutrientKind] = [.energyKcal, .proteinG, .fatG, .carbohydrateG, .sodiumMg]

    var name: String
    var values: [NutrientKind: String]

    init(name: String = "", values: [NutrientKind: String] = [:]) {
        self.name = name
        self.values = values
    }

    init(fields: FormFields) {
        self.init(name: fields["name"] ?? "", values: Dictionary(uniqueKeysWithValues: Self.kinds.map { ($0, fields[$0.field] ?? "") }))
    }

    struct Errors: Error, Equatable {
        var name: String?
        var values: [NutrientKind: String] = [:]
        var missing: String?
        var isEmpty: Bool { name == nil && values.isEmpty && missing == nil }
    }

    static func ceiling(_ kind: NutrientKind) -> Double {
        switch kind {
        case .energyKcal: 20_000
        case .sodiumMg: 50_000
        default: 2_000
        }
    }

    func validate() -> Result<FoodSnapshot, Errors> {
        var errors = Errors(), values = NutrientValues()
        let name = TypedText.clean(self.name)
        if TypedText.length(name) > HandTypedFoodForm.maxNameLength { errors.name = "Keep the name to \(HandTypedFoodForm.maxNameLength) characters." }
        for kind in Self.kinds {
            let text = (self.values[kind] ?? "").trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { continue }
            let range = 0...Self.ceiling(kind)
            switch TypedNumber.parse(text, in: range) {
            case .success(let value): values[kind] = value
            case .failure(let problem): errors.values[kind] = TypedNumber.message(problem, what: "\(kind.label.lowercased()) in \(kind.unit)", range: range)
            }
        }
        if errors.values.isEmpty, Self.kinds.allSatisfy({ values[$0] == nil }) {
            errors.missing = "Type at least one number, like the energy in kcal."
        }
        guard errors.isEmpty else { return .failure(errors) }
        return .success(FoodSnapshot(dataType: .quickAdd, catalogFoodID: nil, ndbNumber: nil, description: name.isEmpty ? "Quick add" : name,
                                     brandOwner: nil, basisGrams: nil, basis: values))
    }
}

/// `/meals/{id}/foods/new/quick`.
struct QuickAddView: Sendable {
    struct Field: Sendable { let name: String; let label: String; let unit: String; let value: String; let error: String? }

    let title = "Quick add"
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

struct QuickAddController: Sendable {
    let database: AppDatabase
    let renderer: PageRenderer
    let now: @Sendable () -> Date

    func addRoutes(to routes: Routes) {
        routes.get("/meals/:id/foods/new/quick", use: form)
        routes.post("/meals/:id/foods/quick", use: create)
    }

    @Sendable func form(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meal = try await existingMeal(database, context)
        return await renderer.render(.quickAdd, QuickAddView(meal: meal, form: QuickAddForm(), csrfToken: context.csrfToken))
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meal = try await existingMeal(database, context)
        let form = QuickAddForm(fields: context.formFields)
        switch form.validate() {
        case .failure(let errors):
            return await renderer.render(.quickAdd, QuickAddView(meal: meal, form: form, errors: errors, csrfToken: context.csrfToken),
                                         status: .unprocessableContent)
        case .success(let food):
            guard try await database.addEntry(mealID: meal.id, food: food, amount: nil, now: now()) != nil else {
                throw mealNotFound(meal.id)
            }
            return redirect(to: "/meals/\(meal.id)?notice=food_added#foods")
        }
    }
}

import FoodDiaryBase
import Foundation

/// `/my-foods`: every food of the person's own, newest name first.
struct MyFoodsView: Sendable {
    struct Row: Sendable {
        let editURL: String
        let name: String
        let brandOwner: String?
        let servingText: String
        let kcal: String
        let thumbnailURL: String?
        let isShared: Bool
    }

    let title = tr("My foods")
    let notice: String?
    let csrfToken: String
    let rows: [Row]
    let hasRows: Bool
    /// The others' shared foods.
    let household: [HouseholdRow]
    let hasHousehold: Bool

    init(foods: [MyFood], household: [HouseholdFoods.Shared<MyFood>], notice: String?, csrfToken: String) {
        self.notice = notice
        self.csrfToken = csrfToken
        rows = foods.map {
            Row(
                editURL: "/my-foods/\($0.id)", name: $0.name, brandOwner: $0.brandOwner,
                servingText: "\($0.servingLabel ?? "1 serving") = \(MeasureUnit.grams.shownText($0.servingGrams))",
                kcal: kcalText($0.perServing), thumbnailURL: $0.photo?.url(.thumb), isShared: $0.isSharedWithHousehold)
        }
        hasRows = !rows.isEmpty
        self.household = household.map { HouseholdRow($0) }
        hasHousehold = !self.household.isEmpty
    }
}

/// `/my-foods/new` and `/my-foods/{id}`.
struct MyFoodFormView: Sendable {
    let title: String
    let csrfToken: String
    let action: String
    let deleteAction: String?
    let name: String
    let brand: String
    let servingGrams: String
    let servingUnit = HandTypedFoodForm.servingUnit.symbol
    let servingExample = HandTypedFoodForm.servingExample
    let servingLabel: String
    let nutrients: [HandTypedFoodView.NutrientField]
    let nameError: String?
    let brandError: String?
    let servingError: String?
    let servingLabelError: String?
    let photoError: String?
    let photoURL: String?
    let deleteError: String?
    let household: HouseholdToggleView?
    let hasErrors: Bool
    let errorSummary = ErrorSummary.nothingChanged
    /// "Read a label photo": the owner's model, for a person who opted in, on a new food.
    var readLabelAction: String?
    /// What the model read, or why it read nothing: the person checks every field either way.
    var labelNotice: String?
    var labelError: String?

    init(
        id: Int64?, form: MyFoodForm, errors: MyFoodForm.Errors = .init(), photoError: String? = nil, deleteError: String? = nil,
        photoURL: String? = nil, isShared: Bool = false, csrfToken: String
    ) {
        title = id == nil ? tr("Add one of my foods") : tr("Edit my food")
        self.csrfToken = csrfToken
        action = id.map { "/my-foods/\($0)" } ?? "/my-foods"
        deleteAction = id.map { "/my-foods/\($0)/delete" }
        name = form.label.name
        brand = form.label.brand
        servingGrams = form.label.servingGrams
        servingLabel = form.servingLabel
        nutrients = NutrientKind.onLabels.map {
            HandTypedFoodView.NutrientField(
                name: $0.field, label: $0.label, unit: $0.unit, value: form.label.nutrients[$0] ?? "",
                error: errors.label.nutrients[$0])
        }
        nameError = errors.label.name
        brandError = errors.label.brand
        servingError = errors.label.servingGrams
        servingLabelError = errors.servingLabel
        self.photoError = photoError
        self.photoURL = photoURL
        self.deleteError = deleteError
        household = id.map { HouseholdToggleView(action: "/my-foods/\($0)/household", isShared: isShared, what: "food") }
        hasErrors = !errors.label.isEmpty || errors.servingLabel != nil || photoError != nil
    }
}

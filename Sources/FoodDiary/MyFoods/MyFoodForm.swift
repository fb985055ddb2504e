import FoodDiaryBase
import FoodDiaryWeb
import Foundation

/// What the My food form produces once valid.
struct MyFoodInput: Sendable, Equatable {
    let food: FoodSnapshot
    let servingLabel: String?
}

/// The My food form: the label fields of a typed food, plus the serving's household name.
struct MyFoodForm: Sendable, Equatable {
    var label: HandTypedFoodForm
    var servingLabel: String

    init(fields: FormFields) {
        label = HandTypedFoodForm(fields: fields)
        label.amount = ChosenAmount.Form(choice: "serving", count: "1")
        servingLabel = fields["serving_label"] ?? ""
    }

    init(food: MyFood? = nil) {
        label = HandTypedFoodForm(
            name: food?.name ?? "", brand: food?.brandOwner ?? "",
            servingGrams: food.map { TypedAmount.prefilled($0.servingGrams, measure: .grams) } ?? "",
            nutrients: Dictionary(
                uniqueKeysWithValues: NutrientKind.onLabels.map { kind in
                    (kind, food?.perServing[kind].map { formatQuantity(kind.shown($0)) } ?? "")
                }),
            amount: ChosenAmount.Form(choice: "serving", count: "1"))
        servingLabel = food?.servingLabel ?? ""
    }

    struct Errors: Error, Equatable {
        var label = HandTypedFoodForm.Errors()
        var servingLabel: String?
    }

    func validate() -> Result<MyFoodInput, Errors> {
        var errors = Errors()
        let serving = TypedText.clean(servingLabel)
        if TypedText.length(serving) > 60 { errors.servingLabel = tr("Keep the measure to 60 characters, like “1 bar” or “1 slice”.") }
        switch label.validate() {
        case .failure(let labelErrors): errors.label = labelErrors
        case .success(let valid) where errors.servingLabel == nil:
            return .success(MyFoodInput(food: valid.food, servingLabel: serving.isEmpty ? nil : serving))
        case .success: break
        }
        return .failure(errors)
    }
}

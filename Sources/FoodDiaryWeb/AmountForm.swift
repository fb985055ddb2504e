import FoodDiaryBase

extension ChosenAmount.Form {
    /// The amount as a form posts it: `amount`, `count` and `grams`.
    package init(fields: FormFields) {
        self.init(choice: fields["amount"] ?? "", count: fields["count"] ?? "1", grams: fields["grams"] ?? "")
    }
}

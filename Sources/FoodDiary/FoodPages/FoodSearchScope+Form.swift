import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryWeb
import Hummingbird

extension FoodSearch.Scope {
    /// From a search form's `kind` field; absent or empty is all foods.
    init(formValue: String?) throws {
        guard let scope = FoodSearch.Scope(rawValue: formValue.flatMap { $0.isEmpty ? nil : $0 } ?? "all") else {
            throw HTTPError(.badRequest, message: tr("Choose all foods, generic or branded (`kind` is all, generic or branded)."))
        }
        self = scope
    }
}

import FoodDiaryBase
import FoodDiaryWeb
import Foundation

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
        if TypedText.length(name) > HandTypedFoodForm.maxNameLength {
            errors.name = tr("Keep the name to \(HandTypedFoodForm.maxNameLength) characters.")
        }
        for kind in Self.kinds {
            let text = (self.values[kind] ?? "").trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { continue }
            let range = kind.shownRange(0...Self.ceiling(kind))
            switch TypedNumber.parse(text, in: range) {
            case .success(let value): values[kind] = kind.stored(fromShown: value)
            case .failure(let problem):
                errors.values[kind] = TypedNumber.message(problem, what: tr("\(kind.label.lowercased()) in \(kind.unit)"), range: range)
            }
        }
        if errors.values.isEmpty, Self.kinds.allSatisfy({ values[$0] == nil }) {
            errors.missing = tr("Type at least one number, like the energy in \(NutrientKind.energyKcal.unit).")
        }
        guard errors.isEmpty else { return .failure(errors) }
        return .success(
            FoodSnapshot(
                dataType: .quickAdd, catalogFoodID: nil, ndbNumber: nil,
                description: name.isEmpty ? tr("Quick add", context: "a quick entry") : name,
                brandOwner: nil, basisGrams: nil, basis: values))
    }
}

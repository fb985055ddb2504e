import FoodDiaryBase
import Foundation

/// One nutrient as a page lists it.
struct NutrientLineView: Sendable {
    let name: String
    let value: String
    let indented: Bool

    /// The snapshot nutrients in label order, then water; parts of a line (saturated fat, fibre, sugars) are indented.
    static func lines(_ values: NutrientValues, partial: Set<NutrientKind> = []) -> [NutrientLineView] {
        let order: [(NutrientKind, Bool)] = [
            (.energyKcal, false), (.fatG, false), (.saturatedFatG, true), (.cholesterolMg, false), (.sodiumMg, false),
            (.carbohydrateG, false), (.fiberG, true), (.sugarsG, true), (.proteinG, false), (.potassiumMg, false),
            (.waterG, false)
        ]
        return order.map { kind, indented in
            NutrientLineView(name: kind.label, value: kind.format(values[kind]) + (partial.contains(kind) ? " *" : ""), indented: indented)
        }
    }
}

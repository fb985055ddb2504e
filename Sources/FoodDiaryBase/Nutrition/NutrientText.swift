/// A short "P 5.4 g · F 0.5 g · C 18 g" line for lists.
package func macrosText(_ values: NutrientValues) -> String {
    [
        (tr("P", context: "protein, its first letter"), NutrientKind.proteinG), (tr("F", context: "fat, its first letter"), .fatG),
        (tr("C", context: "carbohydrate, its first letter"), .carbohydrateG)
    ]
    .map { letter, kind in "\(letter) \(kind.format(values[kind]))" }
    .joined(separator: " · ")
}

/// "1,643 kcal": the energy of whatever `values` add up to, nothing counting as zero.
package func kcalText(_ values: NutrientValues) -> String { kcalText(values.value(.energyKcal, default: 0)) }

package func kcalText(_ kcal: Double) -> String { NutrientKind.energyKcal.format(kcal) }

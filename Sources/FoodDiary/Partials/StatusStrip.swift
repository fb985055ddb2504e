import FoodDiaryBase
import Foundation

/// The strip under the top bar on every page: today's energy and macros against the goals.
package struct StatusStripView: Sendable {
    let kcalText: String
    let goalText: String?
    let fill: String
    let isOver: Bool
    let macros: String
    /// Named apart from the day page's own: a missing key would be looked up in the page behind.
    let todayNotItemisedText: String?

    init(totals: NutrientValues, goals: DailyGoals, notItemised: Int) {
        todayNotItemisedText = DayView.notItemisedText(notItemised)
        let kcal = totals.value(.energyKcal, default: 0)
        kcalText = NutrientKind.energyKcal.format(kcal)
        goalText = goals[.energyKcal].map { NutrientKind.energyKcal.format($0) }
        fill = goals[.energyKcal].map { NumberText.fixed(min(100, kcal / $0 * 100), fractionDigits: 1) } ?? "0"
        isOver = goals[.energyKcal].map { kcal > $0 } ?? false
        macros = macrosText(totals)
    }
}

import FoodDiaryBase
import Foundation

/// A total measured against its goal: a bar that fills to the goal and turns over-goal colours past it.
struct GoalBarView: Sendable {
    let name: String
    let valueText: String
    let goalText: String
    let percentText: String
    /// Bar fill, 0–100, for the CSS width.
    let fill: String
    let isOver: Bool

    init?(kind: NutrientKind, total: Double?, goal: Double?) {
        guard let goal else { return nil }
        let value = total ?? 0
        name = kind.label
        valueText = kind.format(value)
        goalText = kind.format(goal)
        let percent = value / goal * 100
        percentText = tr("\(Int(percent.rounded())) %")
        fill = NumberText.fixed(min(100, percent), fractionDigits: 1)
        isOver = value > goal
    }
}

import FoodDiaryBase
import FoodDiaryWeb
import Foundation

/// Daily targets. Energy and the macros, sodium, and optionally fibre and sugars.
public struct DailyGoals: Sendable, Equatable {
    /// The nutrients a goal can be set for, in the order the pages show them.
    public static let kinds: [NutrientKind] = [.energyKcal, .proteinG, .fatG, .carbohydrateG, .sodiumMg, .fiberG, .sugarsG]

    public var targets: [NutrientKind: Double]

    public init(_ targets: [NutrientKind: Double] = [:]) {
        self.targets = targets
    }

    public subscript(kind: NutrientKind) -> Double? { targets[kind] }
    public var isEmpty: Bool { targets.isEmpty }

    /// These goals with another energy goal: a day's, grown by its exercise.
    func with(energyKcal: Double) -> DailyGoals {
        var goals = self
        goals.targets[.energyKcal] = energyKcal
        return goals
    }

    /// The largest sensible daily target, to catch a slipped digit.
    static func ceiling(_ kind: NutrientKind) -> Double {
        switch kind {
        case .energyKcal, .sodiumMg: 20_000
        default: 2_000
        }
    }
}

/// The goals form as typed; empty fields mean "no goal".
struct GoalsForm: Sendable, Equatable {
    var values: [NutrientKind: String]

    init(fields: FormFields) {
        values = Dictionary(uniqueKeysWithValues: DailyGoals.kinds.map { ($0, fields[$0.field] ?? "") })
    }

    init(goals: DailyGoals) {
        values = Dictionary(
            uniqueKeysWithValues: DailyGoals.kinds.map { kind in (kind, goals[kind].map { formatQuantity(kind.shown($0)) } ?? "") })
    }

    func validate() -> Result<DailyGoals, GoalErrors> {
        var goals = DailyGoals(), errors = GoalErrors()
        for kind in DailyGoals.kinds {
            let text = (values[kind] ?? "").trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { continue }
            let range = kind.shownRange(0.1...DailyGoals.ceiling(kind))
            switch TypedNumber.parse(text, in: range) {
            case .success(let value): goals.targets[kind] = kind.stored(fromShown: value)
            case .failure(let problem):
                errors.messages[kind] = TypedNumber.message(
                    problem, what: tr("a daily \(kind.label.lowercased()) goal in \(kind.unit)"), range: range)
            }
        }
        return errors.messages.isEmpty ? .success(goals) : .failure(errors)
    }
}

struct GoalErrors: Error, Equatable {
    var messages: [NutrientKind: String] = [:]
}

extension GoalBarView {
    static func bars(totals: NutrientValues, goals: DailyGoals) -> [GoalBarView] {
        DailyGoals.kinds.compactMap { GoalBarView(kind: $0, total: totals[$0], goal: goals[$0]) }
    }
}

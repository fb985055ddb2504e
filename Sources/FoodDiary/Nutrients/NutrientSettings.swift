import FoodDiaryBase
import Foundation

/// A person's own bounds for one nutrient, in its unit; either may be absent, not both.
public struct NutrientGoal: Sendable, Equatable {
    public var minimum: Double?
    public var maximum: Double?
}

/// What a diary's days are read against: a life stage of the Dietary Reference Intakes (none:
/// the FDA Daily Values) and the person's own bounds, which stand in for the reference.
public struct NutrientSettings: Sendable, Equatable {
    public var lifeStage: LifeStage?
    public var goals: [NutrientKind: NutrientGoal] = [:]

    public init(lifeStage: LifeStage? = nil, goals: [NutrientKind: NutrientGoal] = [:]) {
        self.lifeStage = lifeStage
        self.goals = goals
    }

    static let lifeStageKey = "life_stage"

    /// The nutrients a page reads against something: those with a reference or a goal of the person's.
    var targets: [NutrientKind: NutrientTarget] {
        let references = ReferenceIntakes.references(for: lifeStage)
        var targets: [NutrientKind: NutrientTarget] = [:]
        for kind in NutrientKind.allCases {
            if let goal = goals[kind] {
                targets[kind] = NutrientTarget(
                    minimum: goal.minimum, maximum: goal.maximum, upperLimit: references[kind]?.upperLimit, source: NutrientTarget.ownGoal)
            } else if let reference = references[kind] {
                targets[kind] = NutrientTarget(reference)
            }
        }
        return targets
    }

    /// How the page names what it reads against.
    var referenceText: String {
        lifeStage.map { tr("the Dietary Reference Intakes for \($0.label.lowercased())") } ?? tr("the FDA Daily Values, as food labels use")
    }
}

/// What one nutrient is read against: a floor, a ceiling, or a reference that is neither (fat and
/// carbohydrate's Daily Values), with the upper intake level beside it.
struct NutrientTarget: Sendable, Equatable {
    var minimum: Double?
    var maximum: Double?
    /// The figure a bar measures against when there is neither floor nor ceiling.
    var reference: Double?
    var upperLimit: Double?
    /// "RDA", "AI", "DV", "CDRR" or "your goal".
    var source: String

    init(minimum: Double?, maximum: Double?, reference: Double? = nil, upperLimit: Double?, source: String) {
        self.minimum = minimum
        self.maximum = maximum
        self.reference = reference
        self.upperLimit = upperLimit
        self.source = source
    }

    init(_ reference: NutrientReference) {
        switch reference.direction {
        case .atLeast: self.init(minimum: reference.amount, maximum: nil, upperLimit: reference.upperLimit, source: reference.measure)
        case .atMost: self.init(minimum: nil, maximum: reference.amount, upperLimit: reference.upperLimit, source: reference.measure)
        case .about:
            self.init(minimum: nil, maximum: nil, reference: reference.amount, upperLimit: reference.upperLimit, source: reference.measure)
        }
    }

    /// The figure the bar fills towards: the floor, else the ceiling, else the reference.
    var measure: Double? { minimum ?? maximum ?? reference }

    /// The source of a bound the person set themselves.
    static var ownGoal: String { tr("your goal") }

    /// "18 mg RDA", or "20 g DV, a limit" for a ceiling; nil with nothing to measure against.
    func text(_ kind: NutrientKind) -> String? {
        measure.map { "\(kind.format($0)) \(source)" + (minimum == nil && maximum != nil ? tr(", a limit") : "") }
    }
}

import FoodDiaryBase
import Foundation

/// How the diary's person reads their body and water, kept in the diary's settings so an export,
/// a backup and a restore carry them with the readings.
public struct BodySettings: Sendable, Equatable {
    public var units: UnitSystem = .metric
    /// What energy is read and typed in on every page and in the API.
    public var energy: EnergyUnit = .kcal
    /// A day's water goal; nil when the person has set none.
    public var waterGoalMillilitres: Double?
    /// What "+ Glass" adds.
    public var glassMillilitres: Double = 330
    /// The rate the energy target was last set for (negative to lose); nil while the person has
    /// not asked for a target that follows their trend.
    public var weeklyRateKilograms: Double?
    /// Whether a day's energy goal grows by the exercise logged that day. Off unless the person
    /// asks: many goals already allow for a usual week's exercise.
    public var exerciseAddsToGoal = false

    public init() {}

    static let keys = (
        units: "body_units", energy: "energy_unit", waterGoal: "water_goal_ml", glass: "water_glass_ml", rate: "weekly_rate_kg",
        exercise: "body_exercise_adds_to_goal"
    )
    static let waterGoalRange = 250.0...10_000
    static let glassRange = 50.0...2_000

    init(settings: [String: String]) {
        units = settings[Self.keys.units].flatMap(UnitSystem.init(rawValue:)) ?? .metric
        energy = settings[Self.keys.energy].flatMap(EnergyUnit.init(rawValue:)) ?? .kcal
        waterGoalMillilitres = settings[Self.keys.waterGoal].flatMap(Double.init)
        glassMillilitres = settings[Self.keys.glass].flatMap(Double.init) ?? 330
        weeklyRateKilograms = settings[Self.keys.rate].flatMap(Double.init)
        exerciseAddsToGoal = settings[Self.keys.exercise] == "on"
    }

    /// The settings' rows; nil values are removed.
    var rows: [(key: String, value: String?)] {
        [
            (Self.keys.units, units.rawValue), (Self.keys.energy, energy.rawValue),
            (Self.keys.waterGoal, waterGoalMillilitres.map { "\($0)" }),
            (Self.keys.glass, "\(glassMillilitres)"), (Self.keys.rate, weeklyRateKilograms.map { "\($0)" }),
            (Self.keys.exercise, exerciseAddsToGoal ? "on" : nil)
        ]
    }

    /// The quick water buttons: two usual amounts and the person's own glass, in their units.
    var waterButtons: [(label: String, millilitres: Double)] {
        let usual: [Double] =
            units == .metric ? [250, 500] : [8 * UnitSystem.millilitresPerFluidOunce, 16 * UnitSystem.millilitresPerFluidOunce]
        return usual.map { ("+\(units.drinkText(millilitres: $0))", $0) } + [
            (tr("+ Glass (\(units.drinkText(millilitres: glassMillilitres)))"), glassMillilitres)
        ]
    }
}

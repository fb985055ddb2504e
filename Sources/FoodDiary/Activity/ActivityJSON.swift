import FoodDiaryBase
import FoodDiaryWeb

/// An activity for scripts, with its energy in the request's unit under a name that says it
/// (`energyKcal` or `energyKj`), as the foods' nutrients are.
struct ActivityJSON: Encodable {
    let activity: Activity

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: NutrientsJSON.DynamicKey.self)
        try container.encode(activity.id, forKey: .init("id"))
        try container.encode(activity.name, forKey: .init("name"))
        try container.encode(activity.kind, forKey: .init("kind"))
        try container.encode(activity.met, forKey: .init("met"))
        try container.encode(activity.startedAt.description, forKey: .init("localTime"))
        try container.encode(activity.utcOffsetMinutes, forKey: .init("utcOffsetMinutes"))
        try container.encode(activity.durationMinutes, forKey: .init("minutes"))
        try container.encode(NutrientKind.energyKcal.shown(activity.activeEnergyKcal), forKey: .init(NutrientKind.energyKcal.jsonKey))
        try container.encode(activity.distanceMetres, forKey: .init("distanceM"))
        try container.encode(activity.source, forKey: .init("source"))
    }
}

/// A day's exercise: the energy it burned above rest, its activities, the steps counted and the
/// movement a phone or a watch measured.
struct DayExerciseJSON: Encodable {
    let activities: [Activity]
    let steps: Int?
    let deviceActiveKcal: Double?

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: NutrientsJSON.DynamicKey.self)
        let energy = NutrientKind.energyKcal
        try container.encode(energy.shown(activities.reduce(0) { $0 + $1.activeEnergyKcal }), forKey: .init(energy.jsonKey))
        try container.encode(steps, forKey: .init("steps"))
        try container.encode(
            deviceActiveKcal.map(energy.shown), forKey: .init(EnergyUnit.shown == .kJ ? "deviceActiveEnergyKj" : "deviceActiveEnergyKcal"))
        try container.encode(activities.map(ActivityJSON.init), forKey: .init("activities"))
    }
}

import FoodDiaryBase
import Foundation

/// Every value in the request's units (`UnitSystem.shown`), under names that say them: a
/// script written for kilograms finds no `trendKg` rather than a number in pounds.
struct MeasureJSON: Encodable {
    let key: String
    let name: String
    /// `kg`, `cm` or `percent` (`lb`, `in` in US units): the unit every value of it is in.
    let unit: String
    let isShown: Bool
    let latest: ReadingJSON?

    init(_ measure: BodyMeasure, latest: BodyMeasurement?) {
        (key, name, unit, isShown) = (measure.key, measure.name, measure.unit.jsonName, measure.isShown)
        self.latest = latest.map { ReadingJSON($0, unit: measure.unit) }
    }
}

struct ReadingJSON: Encodable {
    let id: Int64
    let value: Double
    let localTime: String
    let utcOffsetMinutes: Int
    init(_ reading: BodyMeasurement, unit: BodyMeasure.Unit) {
        (id, value, localTime, utcOffsetMinutes) = (
            reading.id, unit.shown(reading.value, in: .shown), reading.takenAt.description, reading.utcOffsetMinutes
        )
    }
}

/// The body at a glance: the units, the weight trend, the water goal and each measure's latest reading.
struct BodySummaryJSON: Encodable {
    /// The measures with their latest readings and the weight trend, as `/api/body` and the assistant's `read_body` give them.
    static func read(_ diary: Diary, today: LocalDate) async throws -> BodySummaryJSON {
        let page = try await diary.database.read { db in try BodyQueries.page(db, today: today, shownDays: 1, withEnergy: false) }
        return BodySummaryJSON(
            units: .shown, trendKilograms: page.trend.latest?.trendKilograms, weeklyRateKilograms: page.trend.weeklyRateKilograms,
            waterGoalMillilitres: page.settings.waterGoalMillilitres,
            measures: page.measures.map { MeasureJSON($0, latest: page.latest[$0.id]) })
    }

    let units: UnitSystem
    let trendKilograms: Double?
    let weeklyRateKilograms: Double?
    let waterGoalMillilitres: Double?
    let measures: [MeasureJSON]

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: NutrientsJSON.DynamicKey.self)
        let weight = units == .metric ? tr("Kg") : tr("Lb")
        try container.encode(units.rawValue, forKey: .init("units"))
        try container.encode(trendKilograms.map(units.weight(fromKilograms:)), forKey: .init("trend" + weight))
        try container.encode(weeklyRateKilograms.map(units.weight(fromKilograms:)), forKey: .init("weeklyRate" + weight))
        try container.encode(
            waterGoalMillilitres.map(units.drink(fromMillilitres:)), forKey: .init(units == .metric ? "waterGoalMl" : "waterGoalFlOz"))
        try container.encode(measures, forKey: .init("measures"))
    }
}

struct DrinkJSON: Encodable {
    let drink: WaterDrink

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: NutrientsJSON.DynamicKey.self)
        try container.encode(drink.id, forKey: .init("id"))
        let units = UnitSystem.shown
        try container.encode(units.drink(fromMillilitres: drink.millilitres), forKey: .init(units == .metric ? "ml" : "flOz"))
        try container.encode(drink.drunkAt.description, forKey: .init("localTime"))
        try container.encode(drink.utcOffsetMinutes, forKey: .init("utcOffsetMinutes"))
    }
}

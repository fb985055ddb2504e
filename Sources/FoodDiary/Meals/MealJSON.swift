import FoodDiaryBase
import Foundation

/// A meal on the wire. `eatenAt` carries the offset it was entered with; `localDate` is its diary day.
struct MealJSON: Encodable {
    let id: Int64
    let eatenAt: String
    let localDate: String
    let localTime: String
    let utcOffsetMinutes: Int
    let notes: String
    let foodCount: Int
    /// Null for a meal with no foods yet.
    let energyKcal: Double?
    let latitude: Double?
    let longitude: Double?
    let locationSource: String?
    let placeName: String?
    let tags: [String]
    let createdAt: String
    let updatedAt: String

    init(_ meal: Meal) {
        id = meal.id
        eatenAt = meal.eatenAtISO8601
        localDate = meal.eatenAt.date.description
        localTime = meal.eatenAt.clockText
        utcOffsetMinutes = meal.utcOffsetMinutes
        notes = meal.notes
        foodCount = meal.foodCount
        energyKcal = meal.knownEnergyKcal
        latitude = meal.location?.latitude
        longitude = meal.location?.longitude
        locationSource = meal.locationSource?.rawValue
        placeName = meal.place?.name
        tags = meal.tags.map(\.name)
        createdAt = meal.createdAt.formatted(.iso8601)
        updatedAt = meal.updatedAt.formatted(.iso8601)
    }

    enum CodingKeys: String, CodingKey {
        case id, eatenAt, localDate, localTime, utcOffsetMinutes, notes, foodCount, energyKcal, energyKj
        case latitude, longitude, locationSource, placeName, tags, createdAt, updatedAt
    }

    /// Every key is always present; unknown values are null rather than missing.
    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(eatenAt, forKey: .eatenAt)
        try container.encode(localDate, forKey: .localDate)
        try container.encode(localTime, forKey: .localTime)
        try container.encode(utcOffsetMinutes, forKey: .utcOffsetMinutes)
        try container.encode(notes, forKey: .notes)
        try container.encode(foodCount, forKey: .foodCount)
        try container.encode(energyKcal.map(NutrientKind.energyKcal.shown), forKey: EnergyUnit.shown == .kJ ? .energyKj : .energyKcal)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
        try container.encode(locationSource, forKey: .locationSource)
        try container.encode(placeName, forKey: .placeName)
        try container.encode(tags, forKey: .tags)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
    }
}

/// One meal with its foods and their sums.
struct MealDetailJSON: Encodable {
    let meal: MealJSON
    let foods: [FoodEntryJSON]
    let totals: NutrientsJSON

    init(_ foods: MealQueries.MealFoods) {
        meal = MealJSON(foods.meal)
        self.foods = foods.entries.map(FoodEntryJSON.init)
        totals = NutrientsJSON(values: foods.totals)
    }

    enum CodingKeys: String, CodingKey { case foods, totals }

    func encode(to encoder: Encoder) throws {
        try meal.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(foods, forKey: .foods)
        try container.encode(totals, forKey: .totals)
    }
}

/// A food entry on the wire: its snapshot's names and ids, the amount, and its nutrients for that amount
/// (flattened beside the other fields, with the same names as `totals`).
struct FoodEntryJSON: Encodable {
    let entry: FoodEntry

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: NutrientsJSON.DynamicKey.self)
        try container.encode(entry.id, forKey: .init("id"))
        try container.encode(entry.food.description, forKey: .init("description"))
        try container.encode(entry.food.brandOwner, forKey: .init("brandOwner"))
        try container.encode(entry.food.dataType.rawValue, forKey: .init("dataType"))
        try container.encode(entry.food.catalogFoodID, forKey: .init("catalogFoodId"))
        try container.encode(entry.food.ndbNumber, forKey: .init("ndbNumber"))
        for (key, value) in entry.food.basisUnit.shownJSON(entry.grams) { try container.encode(value, forKey: .init(key)) }
        try container.encode(PortionLabel.shown(entry.portionLabel), forKey: .init("portion"))
        try NutrientsJSON(values: entry.nutrients).encode(to: encoder)
    }
}

import FoodDiaryBase
import Foundation
import FoodDiaryPhotos

/// `diary.json` of an export: everything a diary holds, in the words of its columns (units in the
/// names, times as stored). Things refer to one another by their position in the file (`ref`), not
/// by database ids, so an export imported into another diary and exported again reads the same.
/// Described for people in docs/EXPORT.md; a change of meaning needs a new `version`.
struct DiaryDocument: Codable, Sendable {
    static let formatName = "fooddiary-diary"
    static let currentVersion = 1

    var format = formatName
    var version = currentVersion
    var goals: [Goal] = []
    var tags: [String] = []
    var places: [Place] = []
    var photos: [Photo] = []
    var myFoods: [MyFood] = []
    var recipes: [Recipe] = []
    var savedFoods: [SavedFood] = []
    var bodySettings: BodySettingsRecord?
    var bodyMeasures: [BodyMeasureRecord] = []
    var bodyMeasurements: [BodyMeasurementRecord] = []
    var water: [WaterRecord] = []
    var activities: [ActivityRecord] = []
    var movement: [MovementRecord] = []
    var dayNotes: [DayNoteRecord] = []
    var plannedMeals: [PlannedRecord] = []
    var shoppingItems: [ShoppingItemRecord] = []
    var shoppingTicks: [ShoppingTickRecord] = []
    var nutrientTargets: NutrientTargetsRecord?
    var meals: [Meal] = []

    enum CodingKeys: String, CodingKey {
        case format, version, goals, tags, places, photos, recipes, meals, water, activities, movement
        case myFoods = "my_foods"
        case savedFoods = "saved_foods"
        case bodySettings = "body_settings"
        case bodyMeasures = "body_measures"
        case bodyMeasurements = "body_measurements"
        case nutrientTargets = "nutrient_targets"
        case dayNotes = "day_notes"
        case plannedMeals = "planned_meals"
        case shoppingItems = "shopping_items"
        case shoppingTicks = "shopping_ticks"
    }

    init() {}

    /// A section a file leaves out is empty: a diary.json written by hand may hold meals alone.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(String.self, forKey: .format)
        version = try container.decode(Int.self, forKey: .version)
        goals = try container.decodeIfPresent([Goal].self, forKey: .goals) ?? []
        tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
        places = try container.decodeIfPresent([Place].self, forKey: .places) ?? []
        photos = try container.decodeIfPresent([Photo].self, forKey: .photos) ?? []
        myFoods = try container.decodeIfPresent([MyFood].self, forKey: .myFoods) ?? []
        recipes = try container.decodeIfPresent([Recipe].self, forKey: .recipes) ?? []
        savedFoods = try container.decodeIfPresent([SavedFood].self, forKey: .savedFoods) ?? []
        bodySettings = try container.decodeIfPresent(BodySettingsRecord.self, forKey: .bodySettings)
        bodyMeasures = try container.decodeIfPresent([BodyMeasureRecord].self, forKey: .bodyMeasures) ?? []
        bodyMeasurements = try container.decodeIfPresent([BodyMeasurementRecord].self, forKey: .bodyMeasurements) ?? []
        water = try container.decodeIfPresent([WaterRecord].self, forKey: .water) ?? []
        activities = try container.decodeIfPresent([ActivityRecord].self, forKey: .activities) ?? []
        movement = try container.decodeIfPresent([MovementRecord].self, forKey: .movement) ?? []
        dayNotes = try container.decodeIfPresent([DayNoteRecord].self, forKey: .dayNotes) ?? []
        plannedMeals = try container.decodeIfPresent([PlannedRecord].self, forKey: .plannedMeals) ?? []
        shoppingItems = try container.decodeIfPresent([ShoppingItemRecord].self, forKey: .shoppingItems) ?? []
        shoppingTicks = try container.decodeIfPresent([ShoppingTickRecord].self, forKey: .shoppingTicks) ?? []
        nutrientTargets = try container.decodeIfPresent(NutrientTargetsRecord.self, forKey: .nutrientTargets)
        meals = try container.decodeIfPresent([Meal].self, forKey: .meals) ?? []
    }

    struct Goal: Codable, Sendable, Equatable {
        var nutrient: String
        var target: Double
    }

    struct Place: Codable, Sendable, Equatable {
        var ref: Int
        var name: String
        var latitude: Double
        var longitude: Double
        var geocodedName: String?
        var createdAt: String

        enum CodingKeys: String, CodingKey {
            case ref, name, latitude, longitude
            case geocodedName = "geocoded_name"
            case createdAt = "created_at"
        }
    }

    struct Photo: Codable, Sendable, Equatable {
        var sha256: String
        var mediaType: String
        var byteCount: Int
        var widthPx: Int
        var heightPx: Int
        var takenLocal: String?
        var takenUTCOffsetMinutes: Int?
        var latitude: Double?
        var longitude: Double?
        var createdAt: String
        /// Its original in the archive: `photos/<sha256>.<extension>`.
        var file: String

        enum CodingKeys: String, CodingKey {
            case sha256, latitude, longitude, file
            case mediaType = "media_type"
            case byteCount = "byte_count"
            case widthPx = "width_px"
            case heightPx = "height_px"
            case takenLocal = "taken_local"
            case takenUTCOffsetMinutes = "taken_utc_offset_minutes"
            case createdAt = "created_at"
        }
    }

    /// The ten nutrients, named by their columns; an unknown value is left out, never written as 0.
    struct Nutrients: Codable, Sendable, Equatable {
        var values: NutrientValues

        init(_ values: NutrientValues) { self.values = values }

        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            values = NutrientValues()
            for kind in NutrientKind.allCases {
                values[kind] = try container.decodeIfPresent(Double.self, forKey: Key(stringValue: kind.column))
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for kind in NutrientKind.allCases {
                try container.encodeIfPresent(values[kind], forKey: Key(stringValue: kind.column))
            }
        }
    }

    /// A food as an entry, a saved food or an ingredient keeps it (see `FoodSnapshot`).
    struct Food: Codable, Sendable, Equatable {
        var dataType: String
        var catalogFoodID: Int64?
        var ndbNumber: String?
        var description: String
        var brandOwner: String?
        var basisGrams: Double?
        /// "ml" for a drink measured by volume; absent (grams) in files from before.
        var basisUnit: String?
        var basis: Nutrients

        /// Grams unless the file says ml.
        var unit: MeasureUnit { basisUnit.flatMap(MeasureUnit.init(rawValue:)) ?? .grams }

        enum CodingKeys: String, CodingKey {
            case description, basis
            case basisUnit = "basis_unit"
            case dataType = "data_type"
            case catalogFoodID = "catalog_food_id"
            case ndbNumber = "ndb_number"
            case brandOwner = "brand_owner"
            case basisGrams = "basis_grams"
        }
    }

    struct MyFood: Codable, Sendable, Equatable {
        var ref: Int
        var name: String
        var brandOwner: String?
        var servingGrams: Double
        var servingLabel: String?
        /// Per serving.
        var nutrients: Nutrients
        var photoSHA256: String?
        var sharedWithHousehold: Bool
        var createdAt: String
        var updatedAt: String

        enum CodingKeys: String, CodingKey {
            case ref, name, nutrients
            case brandOwner = "brand_owner"
            case servingGrams = "serving_grams"
            case servingLabel = "serving_label"
            case photoSHA256 = "photo_sha256"
            case sharedWithHousehold = "shared_with_household"
            case createdAt = "created_at"
            case updatedAt = "updated_at"
        }
    }

    struct Ingredient: Codable, Sendable, Equatable {
        /// The `ref` of the My food it came from, if it did.
        var myFood: Int?
        var food: Food
        var grams: Double
        var portionLabel: String
        var nutrients: Nutrients
        var createdAt: String

        enum CodingKeys: String, CodingKey {
            case food, grams, nutrients
            case myFood = "my_food"
            case portionLabel = "portion_label"
            case createdAt = "created_at"
        }
    }

    struct Recipe: Codable, Sendable, Equatable {
        var name: String
        var servings: Double
        var notes: String
        /// The page it was imported from; files from before it was kept have none.
        var sourceURL: String? = nil
        var photoSHA256: String?
        var sharedWithHousehold: Bool
        var createdAt: String
        var updatedAt: String
        var ingredients: [Ingredient]

        enum CodingKeys: String, CodingKey {
            case name, servings, notes, ingredients
            case sourceURL = "source_url"
            case photoSHA256 = "photo_sha256"
            case sharedWithHousehold = "shared_with_household"
            case createdAt = "created_at"
            case updatedAt = "updated_at"
        }
    }

    struct SavedFood: Codable, Sendable, Equatable {
        var food: Food
        var defaultGrams: Double
        var defaultPortionLabel: String
        var createdAt: String

        enum CodingKeys: String, CodingKey {
            case food
            case defaultGrams = "default_grams"
            case defaultPortionLabel = "default_portion_label"
            case createdAt = "created_at"
        }
    }

    struct Entry: Codable, Sendable, Equatable {
        var food: Food
        /// Absent for a quick add, which has no weight.
        var grams: Double?
        var portionLabel: String
        var nutrients: Nutrients
        var createdAt: String
        var updatedAt: String

        enum CodingKeys: String, CodingKey {
            case food, grams, nutrients
            case portionLabel = "portion_label"
            case createdAt = "created_at"
            case updatedAt = "updated_at"
        }
    }

    struct Share: Codable, Sendable, Equatable {
        var direction: String
        var personName: String
        var shareKey: String
        var servings: Double
        var totalServings: Double
        var createdAt: String

        enum CodingKeys: String, CodingKey {
            case direction, servings
            case personName = "person_name"
            case shareKey = "share_key"
            case totalServings = "total_servings"
            case createdAt = "created_at"
        }
    }

    struct Meal: Codable, Sendable, Equatable {
        var ref: Int
        var eatenLocal: String
        var utcOffsetMinutes: Int
        var notes: String
        var photoSHA256: String?
        var latitude: Double?
        var longitude: Double?
        var locationSource: String?
        var place: Int?
        var isFavourite: Bool
        var tags: [String]
        var entries: [Entry]
        var shares: [Share]
        var createdAt: String
        var updatedAt: String

        enum CodingKeys: String, CodingKey {
            case ref, notes, latitude, longitude, place, tags, entries, shares
            case eatenLocal = "eaten_local"
            case utcOffsetMinutes = "utc_offset_minutes"
            case photoSHA256 = "photo_sha256"
            case locationSource = "location_source"
            case isFavourite = "is_favourite"
            case createdAt = "created_at"
            case updatedAt = "updated_at"
        }

        /// What the meal is, apart from when it was written down and how it is filed: the same
        /// meal imported twice, or already in the diary, has the same fingerprint. Numbers are
        /// compared exactly, as stored.
        var fingerprint: String {
            func number(_ value: Double?) -> String { value.map { String($0.bitPattern, radix: 16) } ?? "-" }
            var parts = [
                eatenLocal, String(utcOffsetMinutes), notes, photoSHA256 ?? "-", number(latitude), number(longitude), locationSource ?? "-"
            ]
            for entry in entries {
                parts += [
                    entry.food.dataType, entry.food.description, entry.food.brandOwner ?? "-", entry.food.ndbNumber ?? "-",
                    number(entry.food.basisGrams), number(entry.grams), entry.portionLabel
                ]
                parts += NutrientKind.allCases.map { number(entry.nutrients.values[$0]) }
            }
            return parts.joined(separator: "\u{1F}")
        }
    }

    /// Sorted keys and no escaped slashes: the same diary always writes the same bytes.
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}

extension DiaryDocument.Food {
    init(_ snapshot: FoodSnapshot) {
        self.init(
            dataType: snapshot.dataType.rawValue, catalogFoodID: snapshot.catalogFoodID, ndbNumber: snapshot.ndbNumber,
            description: snapshot.description, brandOwner: snapshot.brandOwner, basisGrams: snapshot.basisGrams,
            basisUnit: snapshot.basisUnit == .grams ? nil : snapshot.basisUnit.rawValue, basis: .init(snapshot.basis))
    }
}

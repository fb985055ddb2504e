import FoodDiaryBase
import FoodDiaryCatalog
import Foundation

/// How this server's foods look through `/fdc/v1`, in FoodData Central's own shapes and names.
/// A food picked from FoodData Central keeps its real fdcId. The catalog's own foods get ids no real
/// one can have (real ids are far below 100,000,000): SR28's are 800,000,000 + the NDB number, the
/// others are their catalog ids, 900,000,000 and up. Every food says which it is in `localFood`.
enum FDCShapes {
    static let sr28IdOffset: Int64 = 800_000_000

    static func fdcId(_ summary: FoodSummary) -> Int64 {
        summary.ndbNumber != nil && summary.id < 100_000 ? sr28IdOffset + summary.id : summary.id
    }

    /// The catalog id an `/fdc/v1` id names, or nil for one no food here can have.
    static func catalogID(_ fdcId: Int64) -> Int64? {
        switch fdcId {
        case sr28IdOffset..<(sr28IdOffset + 100_000): fdcId - sr28IdOffset
        // Open Food Facts' products (10^15 and up) are not FoodData Central's foods: no fdcId names them.
        case FetchedFoods.fdcIdRange, 900_000_000..<OpenFoodFactsProduct.catalogIDBase: fdcId
        default: nil
        }
    }

    static func dataTypeName(_ type: FoodDataType) -> String {
        FoodDataCentralFood.dataTypes.first { $0.value == type }?.key ?? "SR Legacy"
    }

    static func foodClass(_ type: FoodDataType) -> String {
        switch type {
        case .branded: "Branded"
        case .surveyFNDDS: "Survey"
        default: "FinalFood"
        }
    }

    /// FoodData Central's nutrient ids by SR28 number, where known; a nutrient without one is
    /// listed by number and name alone.
    static let nutrientIDs: [String: Int] = [
        "203": 1003, "204": 1004, "205": 1005, "207": 1007, "208": 1008, "210": 1010, "211": 1011, "212": 1012, "213": 1013, "214": 1014,
        "221": 1018, "255": 1051, "262": 1057, "263": 1058, "268": 1062, "269": 2000, "287": 1075, "291": 1079, "301": 1087, "303": 1089,
        "304": 1090, "305": 1091, "306": 1092, "307": 1093, "309": 1095, "312": 1098, "315": 1101, "317": 1103, "318": 1104, "319": 1105,
        "320": 1106, "321": 1107, "322": 1108, "323": 1109, "324": 1110, "328": 1114, "334": 1120, "337": 1122, "338": 1123, "401": 1162,
        "404": 1165, "405": 1166, "406": 1167, "415": 1175, "417": 1177, "418": 1178, "421": 1180, "430": 1185, "431": 1186, "432": 1187,
        "435": 1190, "573": 1242, "578": 1246, "601": 1253, "605": 1257, "606": 1258, "607": 1259, "608": 1260, "609": 1261, "610": 1262,
        "611": 1263, "612": 1264, "613": 1265, "614": 1266, "617": 1268, "618": 1269, "619": 1270, "620": 1271, "621": 1272, "626": 1275,
        "627": 1276, "628": 1277, "629": 1278, "630": 1279, "631": 1280, "645": 1292, "646": 1293
    ]

    /// The search hit: nutrients flat, units upper case, as `/v1/foods/search` gives them.
    static func searchFood(_ food: FoodDetails, score: Double, publishedDate: String) -> SearchFood {
        let identity = Identity(food)
        return SearchFood(
            fdcId: identity.fdcId, description: food.summary.description, dataType: identity.dataType, publishedDate: publishedDate,
            localFood: identity.localFood, score: score, foodCategory: food.summary.foodGroup, ndbNumber: identity.ndbNumber,
            brandOwner: food.summary.brandOwner, gtinUpc: food.gtinUpc, servingSize: identity.serving?.size,
            servingSizeUnit: identity.serving?.unit, householdServingFullText: identity.serving?.text,
            foodNutrients: food.nutrients.map {
                FlatNutrient(
                    nutrientId: nutrientIDs[$0.number], nutrientName: $0.name, nutrientNumber: $0.number,
                    unitName: $0.unit.uppercased(), value: $0.amountPer100g)
            })
    }

    /// `/v1/food/{id}`: `full` nests each nutrient and lists portions; `abridged` is flat.
    static func details(_ food: FoodDetails, abridged: Bool, numbers: Set<String>?, publishedDate: String) -> Food {
        let identity = Identity(food)
        let nutrients = food.nutrients.filter { numbers?.contains($0.number) ?? true }
        let type = food.summary.dataType
        var shaped = Food(
            fdcId: identity.fdcId, description: food.summary.description, dataType: identity.dataType,
            publicationDate: publishedDate, localFood: identity.localFood, brandOwner: food.summary.brandOwner,
            gtinUpc: food.gtinUpc, servingSize: identity.serving?.size, servingSizeUnit: identity.serving?.unit,
            householdServingFullText: identity.serving?.text)
        if abridged {
            shaped.ndbNumber = identity.ndbNumber.map { .text(String($0)) }
            shaped.foodNutrients = .abridged(
                nutrients.map {
                    AbridgedNutrient(number: $0.number, name: $0.name, amount: $0.amountPer100g, unitName: $0.unit.uppercased())
                })
            return shaped
        }
        shaped.ndbNumber = identity.ndbNumber.map { .number($0) }
        shaped.foodClass = foodClass(type)
        shaped.foodNutrients = .nested(
            nutrients.map {
                NestedNutrient(
                    nutrient: .init(id: nutrientIDs[$0.number], number: $0.number, name: $0.name, rank: $0.sortOrder, unitName: $0.unit),
                    amount: $0.amountPer100g)
            })
        switch type {
        case .branded:
            shaped.brandedFoodCategory = food.summary.foodGroup
            shaped.foodPortions = []
            shaped.labelNutrients = labelNutrients(food, serving: identity.serving)
        case .surveyFNDDS:
            shaped.wweiaFoodCategory = .init(wweiaFoodCategoryDescription: food.summary.foodGroup)
            shaped.foodPortions = food.portions.map {
                Portion(
                    id: $0.seq, sequenceNumber: $0.seq, gramWeight: $0.gramWeight,
                    portionDescription: "\(formatQuantity($0.amount)) \($0.description)")
            }
        default:
            shaped.foodCategory = .init(description: food.summary.foodGroup)
            shaped.foodPortions = food.portions.map {
                Portion(
                    id: $0.seq, sequenceNumber: $0.seq, gramWeight: $0.gramWeight, amount: $0.amount, modifier: $0.description,
                    measureUnit: .undetermined)
            }
        }
        return shaped
    }

    /// What every shape shares: ids, and a branded food's label serving.
    private struct Identity {
        let fdcId: Int64
        let dataType: String
        let localFood: Bool
        let ndbNumber: Int?
        let serving: (size: Double, unit: String, text: String?)?

        init(_ food: FoodDetails) {
            fdcId = FDCShapes.fdcId(food.summary)
            dataType = dataTypeName(food.summary.dataType)
            localFood = food.fetchedAt == nil
            ndbNumber = food.summary.ndbNumber.flatMap { Int($0) }
            // As fetched, or the imported file's portion, in grams.
            if let label = food.label {
                serving = (label.servingSize, label.servingUnit.symbol, label.householdText)
            } else if food.summary.dataType == .branded, let portion = food.portions.first {
                serving = (portion.gramWeight, "g", "\(formatQuantity(portion.amount)) \(portion.description)")
            } else {
                serving = nil
            }
        }
    }

    /// Per serving, by the label's keys: as printed when fetched, else worked out from per 100 g.
    private static func labelNutrients(_ food: FoodDetails, serving: (size: Double, unit: String, text: String?)?) -> [String: LabelValue]?
    {
        guard let serving else { return nil }
        let perServing =
            food.label?.nutrients
            ?? Dictionary(
                uniqueKeysWithValues: food.nutrients.map {
                    ($0.number, $0.amountPer100g * serving.size / 100)
                })
        var label: [String: LabelValue] = [:]
        for (key, number) in FoodDataCentralFood.labelKeys where key != "postassium" {
            if let value = perServing[number] { label[key] = LabelValue(value: value) }
        }
        return label
    }

    // FoodData Central's field names, as its API spells them; a nil field is left out.

    struct FlatNutrient: Encodable {
        let nutrientId: Int?
        let nutrientName: String
        let nutrientNumber: String
        let unitName: String
        let value: Double
    }

    struct SearchFood: Encodable {
        let fdcId: Int64
        let description: String
        let dataType: String
        let publishedDate: String
        let localFood: Bool
        let score: Double
        let foodCategory: String
        let ndbNumber: Int?
        let brandOwner: String?
        let gtinUpc: String?
        let servingSize: Double?
        let servingSizeUnit: String?
        let householdServingFullText: String?
        let foodNutrients: [FlatNutrient]
    }

    struct NestedNutrient: Encodable {
        struct Nutrient: Encodable { let id: Int?; let number: String; let name: String; let rank: Int; let unitName: String }
        var type = "FoodNutrient"
        let nutrient: Nutrient
        let amount: Double
    }

    struct AbridgedNutrient: Encodable {
        let number: String
        let name: String
        let amount: Double
        let unitName: String
    }

    /// Full details nest each nutrient; abridged ones list them flat.
    enum Nutrients: OneOfEncodable {
        case nested([NestedNutrient])
        case abridged([AbridgedNutrient])

        var held: any Encodable {
            switch self {
            case .nested(let list): list
            case .abridged(let list): list
            }
        }
    }

    /// A number in full details, text in abridged ones, as FoodData Central has it.
    enum NumberOrText: OneOfEncodable {
        case number(Int)
        case text(String)

        var held: any Encodable {
            switch self {
            case .number(let value): value
            case .text(let value): value
            }
        }
    }

    struct Portion: Encodable {
        struct MeasureUnit: Encodable {
            let id: Int, name: String, abbreviation: String
            static let undetermined = MeasureUnit(id: 9999, name: "undetermined", abbreviation: "undetermined")
        }
        let id: Int
        let sequenceNumber: Int
        let gramWeight: Double
        var portionDescription: String?
        var amount: Double?
        var modifier: String?
        var measureUnit: MeasureUnit?
    }

    struct LabelValue: Encodable { let value: Double }
    struct Category: Encodable { let description: String }
    struct SurveyCategory: Encodable { let wweiaFoodCategoryDescription: String }

    struct Food: Encodable {
        let fdcId: Int64
        let description: String
        let dataType: String
        let publicationDate: String
        let localFood: Bool
        let brandOwner: String?
        let gtinUpc: String?
        let servingSize: Double?
        let servingSizeUnit: String?
        let householdServingFullText: String?
        var foodClass: String?
        var ndbNumber: NumberOrText?
        var foodNutrients: Nutrients = .nested([])
        var foodPortions: [Portion]?
        var foodCategory: Category?
        var wweiaFoodCategory: SurveyCategory?
        var brandedFoodCategory: String?
        var labelNutrients: [String: LabelValue]?
    }

    struct SearchResult: Encodable {
        struct Criteria: Encodable {
            let query: String
            let generalSearchInput: String
            let pageNumber: Int
            var numberOfResultsPerPage = 50
            let pageSize: Int
            var requireAllWords = false
            let dataType: [String]?
            let brandOwner: String?
            let sortBy: String?
            let sortOrder: String?
        }
        struct Aggregations: Encodable {
            let dataType: [String: Int]
            var nutrients: [String: Int] = [:]
        }
        let totalHits: Int
        let currentPage: Int
        let totalPages: Int
        let pageList: [Int]
        let foodSearchCriteria: Criteria
        let foods: [SearchFood]
        let aggregations: Aggregations
    }
}

/// A field FoodData Central fills with one type or another: encoded as the value it holds.
protocol OneOfEncodable: Encodable {
    var held: any Encodable { get }
}

extension OneOfEncodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(held)
    }
}

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
        case FetchedFoods.fdcIdRange, 900_000_000...: fdcId
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
        "627": 1276, "628": 1277, "629": 1278, "630": 1279, "631": 1280, "645": 1292, "646": 1293,
    ]

    /// The search hit: nutrients flat, units upper case, as `/v1/foods/search` gives them.
    static func searchFood(_ food: FoodDetails, score: Double, publishedDate: String) -> [String: Any] {
        var object = identity(food, dateKey: "publishedDate", date: publishedDate)
        object["score"] = score
        object["foodCategory"] = food.summary.foodGroup
        object["foodNutrients"] = food.nutrients.map { nutrient -> [String: Any] in
            var entry: [String: Any] = ["nutrientName": nutrient.name, "nutrientNumber": nutrient.number,
                                        "unitName": nutrient.unit.uppercased(), "value": nutrient.amountPer100g]
            entry["nutrientId"] = nutrientIDs[nutrient.number]
            return entry
        }
        return object
    }

    /// `/v1/food/{id}`: `full` nests each nutrient and lists portions; `abridged` is flat.
    static func details(_ food: FoodDetails, abridged: Bool, numbers: Set<String>?, publishedDate: String) -> [String: Any] {
        var object = identity(food, dateKey: "publicationDate", date: publishedDate)
        let nutrients = food.nutrients.filter { numbers?.contains($0.number) ?? true }
        if abridged {
            if let ndb = food.summary.ndbNumber { object["ndbNumber"] = String(Int(ndb) ?? 0) }
            object["foodNutrients"] = nutrients.map {
                ["number": $0.number, "name": $0.name, "amount": $0.amountPer100g, "unitName": $0.unit.uppercased()] as [String: Any]
            }
            return object
        }
        object["foodClass"] = foodClass(food.summary.dataType)
        object["foodNutrients"] = nutrients.map { nutrient -> [String: Any] in
            var inner: [String: Any] = ["number": nutrient.number, "name": nutrient.name, "rank": nutrient.sortOrder, "unitName": nutrient.unit]
            inner["id"] = nutrientIDs[nutrient.number]
            return ["type": "FoodNutrient", "nutrient": inner, "amount": nutrient.amountPer100g]
        }
        switch food.summary.dataType {
        case .branded:
            object["brandedFoodCategory"] = food.summary.foodGroup
            object["foodPortions"] = [] as [Any]
            if let label = labelNutrients(food) { object["labelNutrients"] = label }
        case .surveyFNDDS:
            object["wweiaFoodCategory"] = ["wweiaFoodCategoryDescription": food.summary.foodGroup]
            object["foodPortions"] = portions(food, surveyStyle: true)
        default:
            object["foodCategory"] = ["description": food.summary.foodGroup]
            object["foodPortions"] = portions(food, surveyStyle: false)
        }
        return object
    }

    /// What every shape shares: ids, names, and a branded food's brand, barcode and serving.
    private static func identity(_ food: FoodDetails, dateKey: String, date: String) -> [String: Any] {
        let summary = food.summary
        var object: [String: Any] = ["fdcId": fdcId(summary), "description": summary.description,
                                     "dataType": dataTypeName(summary.dataType), dateKey: date, "localFood": food.fetchedAt == nil]
        if let ndb = summary.ndbNumber, let number = Int(ndb) { object["ndbNumber"] = number }
        if let owner = summary.brandOwner { object["brandOwner"] = owner }
        if let gtin = food.gtinUpc { object["gtinUpc"] = gtin }
        if let serving = serving(food) {
            object["servingSize"] = serving.size
            object["servingSizeUnit"] = serving.unit
            if let text = serving.text { object["householdServingFullText"] = text }
        }
        return object
    }

    /// A branded food's label serving: as fetched, or the imported file's portion, in grams.
    private static func serving(_ food: FoodDetails) -> (size: Double, unit: String, text: String?)? {
        if let label = food.label { return (label.servingSize, label.servingUnit.symbol, label.householdText) }
        guard food.summary.dataType == .branded, let portion = food.portions.first else { return nil }
        return (portion.gramWeight, "g", "\(formatQuantity(portion.amount)) \(portion.description)")
    }

    /// Per serving, by the label's keys: as printed when fetched, else worked out from per 100 g.
    private static func labelNutrients(_ food: FoodDetails) -> [String: Any]? {
        guard let serving = serving(food) else { return nil }
        let perServing = food.label?.nutrients ?? Dictionary(uniqueKeysWithValues: food.nutrients.map {
            ($0.number, $0.amountPer100g * serving.size / 100)
        })
        var label: [String: Any] = [:]
        for (key, number) in FoodDataCentralFood.labelKeys where key != "postassium" {
            if let value = perServing[number] { label[key] = ["value": value] }
        }
        return label
    }

    private static func portions(_ food: FoodDetails, surveyStyle: Bool) -> [[String: Any]] {
        food.portions.map { portion in
            var object: [String: Any] = ["id": portion.seq, "sequenceNumber": portion.seq, "gramWeight": portion.gramWeight]
            if surveyStyle {
                object["portionDescription"] = "\(formatQuantity(portion.amount)) \(portion.description)"
            } else {
                object["amount"] = portion.amount
                object["modifier"] = portion.description
                object["measureUnit"] = ["id": 9999, "name": "undetermined", "abbreviation": "undetermined"] as [String: Any]
            }
            return object
        }
    }
}

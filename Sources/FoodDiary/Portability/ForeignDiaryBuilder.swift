import FoodDiaryBase
import Foundation

/// A row another app's file could not give us, and why; the preview lists them by row number.
struct SkippedRow: Sendable, Equatable {
    let row: Int
    let reason: String
}

/// Turns the rows of another app's export into meals: foods grouped by day and meal name, times
/// read the ways those apps write them, nutrients taken exactly as the file gives them.
struct ForeignDiaryBuilder {
    /// Foods in the catalog by lower-cased name: a food the file names exactly is linked to it,
    /// but keeps the file's nutrients.
    let catalog: [String: CatalogLink]
    let timeZone: TimeZone
    let source: String
    private(set) var meals: [DiaryDocument.Meal] = []
    private(set) var skipped: [SkippedRow] = []
    private var mealIndex: [String: Int] = [:]
    /// Meals whose time a row gave, rather than the usual hour.
    private var timed: Set<Int> = []

    struct CatalogLink: Sendable {
        let id: Int64
        let dataType: FoodDataType
        let ndbNumber: String?
    }

    init(catalog: [String: CatalogLink], timeZone: TimeZone, source: String) {
        self.catalog = catalog
        self.timeZone = timeZone
        self.source = source
    }

    mutating func skip(_ row: Int, _ reason: String) {
        skipped.append(SkippedRow(row: row, reason: reason))
    }

    /// Adds a food to the meal named `mealName` on `date`, starting that meal if needed. The meal
    /// is at the earliest time its rows give, else at the usual hour for its name.
    mutating func add(
        _ entry: DiaryDocument.Entry, date: LocalDate, mealName: String, time: (hour: Int, minute: Int)?, notes: String? = nil
    ) {
        let usual = Self.usualHour(mealName)
        guard let eaten = LocalDateTime(date: date, hour: time?.hour ?? usual.hour, minute: time?.minute ?? usual.minute) else { return }
        let key = date.description + "\u{0}" + mealName.lowercased()
        if let index = mealIndex[key] {
            if time != nil, !timed.contains(index) || eaten < (LocalDateTime(parsing: meals[index].eatenLocal) ?? eaten) {
                meals[index].eatenLocal = eaten.description
                meals[index].utcOffsetMinutes = eaten.utcOffsetMinutes(in: timeZone)
                timed.insert(index)
            }
            meals[index].entries.append(entry)
            return
        }
        mealIndex[key] = meals.count
        if time != nil { timed.insert(meals.count) }
        meals.append(
            DiaryDocument.Meal(
                ref: meals.count + 1, eatenLocal: eaten.description, utcOffsetMinutes: eaten.utcOffsetMinutes(in: timeZone),
                notes: notes ?? (mealName.isEmpty ? tr("Imported from \(source)") : String(mealName.prefix(200))), photoSHA256: nil,
                latitude: nil, longitude: nil, locationSource: nil, place: nil, isFavourite: false, tags: [], entries: [entry], shares: [],
                createdAt: "", updatedAt: ""))
    }

    /// A food eaten in `grams`, or in some other measure (`amountText`) when its weight is unknown.
    func entry(name: String, brand: String? = nil, grams: Double?, amountText: String, nutrients: NutrientValues) -> DiaryDocument.Entry {
        let description = String(name.prefix(200)), brandOwner = brand.flatMap { $0.isEmpty ? nil : String($0.prefix(200)) }
        if let grams, grams > 0, grams <= 5000 {
            let link = catalog[description.lowercased()]
            let food = DiaryDocument.Food(
                dataType: (link?.dataType ?? .handTyped).rawValue,
                catalogFoodID: link?.id, ndbNumber: link?.ndbNumber, description: description,
                brandOwner: brandOwner, basisGrams: grams, basis: .init(nutrients))
            return .init(food: food, grams: grams, portionLabel: amountText, nutrients: .init(nutrients), createdAt: "", updatedAt: "")
        }
        let food = DiaryDocument.Food(
            dataType: FoodDataType.quickAdd.rawValue, catalogFoodID: nil, ndbNumber: nil, description: description,
            brandOwner: brandOwner, basisGrams: nil, basis: .init(nutrients))
        return .init(
            food: food, grams: nil, portionLabel: amountText.isEmpty ? tr("Quick add", context: "a quick entry") : amountText,
            nutrients: .init(nutrients),
            createdAt: "", updatedAt: "")
    }

    static func usualHour(_ mealName: String) -> (hour: Int, minute: Int) {
        switch mealName.lowercased() {
        case let name where name.contains("breakfast"): (8, 0)
        case let name where name.contains("lunch"): (12, 30)
        case let name where name.contains("dinner") || name.contains("supper"): (19, 0)
        case let name where name.contains("snack"): (15, 30)
        default: (12, 0)
        }
    }
}

/// How other apps write dates, times, amounts and numbers.
enum ForeignValues {
    /// `2026-03-09`, or the American `03/09/2026` (Lose It!, MyFitnessPal in the US).
    static func date(_ text: String) -> LocalDate? {
        if let date = LocalDate(parsing: text) { return date }
        // 01.07.2026: day first, as German, Danish and the rest of Europe write it with dots.
        let dotted = text.split(separator: ".")
        if dotted.count == 3, let day = Int(dotted[0]), let month = Int(dotted[1]), let year = Int(dotted[2]), dotted[2].count == 4 {
            return LocalDate(parsing: String(format: "%04d-%02d-%02d", year, month, day))
        }
        let parts = text.split(separator: "/")
        guard parts.count == 3, let month = Int(parts[0]), let day = Int(parts[1]), var year = Int(parts[2]) else { return nil }
        if parts[2].count == 2 { year += 2000 }
        return LocalDate(year: year, month: month, day: day)
    }

    /// `8:15 AM`, `8:15:30 pm`, `20:15`: the hour and minute, or nil for an empty or unreadable time.
    static func time(_ text: String) -> (hour: Int, minute: Int)? {
        let lowered = text.lowercased().trimmingCharacters(in: .whitespaces)
        guard !lowered.isEmpty else { return nil }
        let isPM = lowered.hasSuffix("pm"), isAM = lowered.hasSuffix("am")
        let clock = (isPM || isAM) ? lowered.dropLast(2).trimmingCharacters(in: .whitespaces) : lowered
        let parts = clock.split(separator: ":")
        guard parts.count >= 2, var hour = Int(parts[0]), let minute = Int(parts[1]), (0..<60).contains(minute) else { return nil }
        if isPM || isAM {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (isPM ? 12 : 0)
        }
        guard (0..<24).contains(hour) else { return nil }
        return (hour, minute)
    }

    enum Number: Equatable {
        case empty
        case value(Double)
        case unreadable
    }

    /// "12.5", "1,234.5", a decimal comma as Europe writes one ("72,5"), or empty; nothing negative,
    /// infinite, hexadecimal ("0x1p3") or absurd.
    static func number(_ text: String) -> Number {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return .empty }
        let plain =
            if text.contains(","), text.range(of: #"^\d{1,3}(,\d{3})+(\.\d+)?$"#, options: .regularExpression) != nil {
                text.replacingOccurrences(of: ",", with: "")
            } else if text.range(of: #"^\d+,\d{1,2}$"#, options: .regularExpression) != nil {
                text.replacingOccurrences(of: ",", with: ".")
            } else {
                text
            }
        guard let value = DecimalText.value(plain), value.isFinite, value >= 0, value < 1e7 else { return .unreadable }
        return .value(value)
    }

    /// The grams an amount such as "100.00 g", "2 oz" or "1.5 kg" weighs, or nil for a measure
    /// with no weight ("1.00 cup").
    static func grams(quantity: Double, unit: String) -> Double? {
        switch unit.lowercased().trimmingCharacters(in: .whitespaces) {
        case "g", "gram", "grams", "gr": quantity
        case "kg", "kilogram", "kilograms": quantity * 1000
        case "oz", "ounce", "ounces": quantity * 28.349523125
        case "lb", "lbs", "pound", "pounds": quantity * 453.59237
        default: nil
        }
    }

    /// The nutrient columns of every format we read, by the names those apps give them.
    static let nutrientColumns: [NutrientKind: [String]] = [
        .energyKcal: ["Energy (kcal)", "Calories", "Calories (kcal)", "Energy"],
        .proteinG: ["Protein (g)", "Protein"],
        .fatG: ["Fat (g)", "Fat", "Total Fat (g)"],
        .carbohydrateG: ["Carbs (g)", "Carbohydrates (g)", "Carbohydrates", "Carbs", "Total Carbs (g)"],
        .sodiumMg: ["Sodium (mg)", "Sodium"],
        .fiberG: ["Fiber (g)", "Fiber", "Fibre (g)", "Dietary Fiber (g)"],
        .sugarsG: ["Sugars (g)", "Sugar", "Sugar (g)", "Sugars"],
        .saturatedFatG: ["Saturated (g)", "Saturated Fat (g)", "Saturated Fat"],
        .cholesterolMg: ["Cholesterol (mg)", "Cholesterol"],
        .potassiumMg: ["Potassium (mg)", "Potassium"],
        .waterG: ["Water (g)", "Water"],
        .calciumMg: ["Calcium (mg)", "Calcium"],
        .ironMg: ["Iron (mg)", "Iron"],
        .magnesiumMg: ["Magnesium (mg)", "Magnesium"],
        .phosphorusMg: ["Phosphorus (mg)", "Phosphorus"],
        .zincMg: ["Zinc (mg)", "Zinc"],
        .copperMg: ["Copper (mg)"],
        .manganeseMg: ["Manganese (mg)"],
        .seleniumUg: ["Selenium (µg)", "Selenium (mcg)"],
        .vitaminAUg: ["Vitamin A (µg)", "Vitamin A (mcg)"],
        .vitaminCMg: ["Vitamin C (mg)", "Vitamin C"],
        // Only in micrograms: Cronometer and others also write vitamin D in IU, which is not this.
        .vitaminDUg: ["Vitamin D (µg)", "Vitamin D (mcg)"],
        .vitaminEMg: ["Vitamin E (mg)"],
        .vitaminKUg: ["Vitamin K (µg)", "Vitamin K (mcg)"],
        .thiaminMg: ["B1 (Thiamine) (mg)", "Thiamin (mg)"],
        .riboflavinMg: ["B2 (Riboflavin) (mg)", "Riboflavin (mg)"],
        .niacinMg: ["B3 (Niacin) (mg)", "Niacin (mg)"],
        .pantothenicAcidMg: ["B5 (Pantothenic Acid) (mg)", "Pantothenic acid (mg)"],
        .vitaminB6Mg: ["B6 (Pyridoxine) (mg)", "Vitamin B6 (mg)"],
        .folateUg: ["Folate (µg)", "Folate (mcg)"],
        .vitaminB12Ug: ["B12 (Cobalamin) (µg)", "Vitamin B12 (µg)", "Vitamin B12 (mcg)"],
        .cholineMg: ["Choline (mg)"]
    ]

    /// The nutrient columns `table` has.
    static func nutrientIndexes(_ table: ImportedTable) -> [(NutrientKind, Int, String)] {
        NutrientKind.allCases.compactMap { kind in
            table.column(nutrientColumns[kind]!).map { (kind, $0, table.headers[$0]) }
        }
    }

    /// A row's nutrients, or why the row cannot be read.
    static func nutrients(_ fields: [String], columns: [(NutrientKind, Int, String)]) -> Result<NutrientValues, ImportRefusal> {
        var values = NutrientValues()
        for (kind, index, header) in columns {
            switch number(fields.field(index)) {
            case .empty: continue
            case .value(let value): values[kind] = value
            case .unreadable:
                return .failure(
                    ImportRefusal(description: "its \(header) “\(fields.field(index).prefix(20))” is not a number of zero or more"))
            }
        }
        return .success(values)
    }
}

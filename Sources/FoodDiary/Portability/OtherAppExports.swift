import FoodDiaryBase
import Foundation

/// What a file to import says, read and checked, before anything is written.
package struct ImportReading: Sendable {
    /// "Cronometer servings (Food & Recipe Entries)", for the preview.
    let format: String
    var document: DiaryDocument
    /// Data rows read, or meals for our own export.
    var rows: Int
    var skipped: [SkippedRow] = []
    /// Things the file holds that the diary does not keep, said once each.
    package var remarks: [String] = []
    /// Our own export's ZIP, whose photos are placed when the import is confirmed.
    var archive: String?
    /// Whether `rows` counts meals (our own export) rather than a CSV's rows.
    var rowsAreMeals = false
}

/// The CSV exports of the apps people leave for us, read by their published column names.
enum OtherAppExports {
    struct Context {
        let catalog: [String: ForeignDiaryBuilder.CatalogLink]
        let timeZone: TimeZone
        /// The diary's day now: a reading dated after it is a wrong year or a wrong day-month order.
        let today: LocalDate
        /// Days the diary has meals on already, which a file of day totals must not count twice.
        let daysWithMeals: Set<LocalDate>
        /// What a file that does not name its units (MyFitnessPal's measurements) is read in.
        var units: UnitSystem = .metric
        /// The person's weight now, which takes the body's rest out of a watch's total energy.
        var kilograms: Double?
    }

    static func read(_ table: ImportedTable, context: Context) throws -> ImportReading {
        if table.has("Day") && table.has("Metric") && table.has("Amount") { return try cronometerBiometrics(table, context) }
        if table.has("Date") && (table.has("Weight (kg)") || table.has("Weight (lb)")) { return try withingsWeight(table, context) }
        if table.has("Activity Type") && table.has("Date") && table.has("Calories") { return try garminActivities(table, context) }
        if table.has("Date") && table.has("Weight") && !table.has("Meal") { return try myFitnessPalMeasurements(table, context) }
        if table.has("Food Name") && table.has("Day") { return try cronometerServings(table, context) }
        if table.has("Date") && table.has("Name") && table.has("Meal") && (table.has("Units") || table.has("Deleted") || table.has("Icon"))
        {
            return try loseIt(table, context)
        }
        if table.has("Date") && table.has("Meal") && table.has("Calories") { return try myFitnessPal(table, context) }
        if table.has("Date") && table.has("Energy (kcal)") { return try cronometerDaily(table, context) }
        throw ImportRefusal(
            description: """
                FoodDiary does not know this file. Its columns begin \(table.headers.prefix(6).map { "“\($0.prefix(40))”" }.joined(separator: ", ")). \
                It imports its own export, Cronometer's servings.csv, dailysummary.csv and biometrics.csv, MyFitnessPal's nutrition and measurement exports, Lose It!'s food-logs.csv, Withings' weight.csv, Garmin Connect's Activities.csv and tables of weigh-ins by date.
                """)
    }

    /// Cronometer's "Food & Recipe Entries": one row per food, amounts like "100.00 g".
    private static func cronometerServings(_ table: ImportedTable, _ context: Context) throws -> ImportReading {
        let format = tr("Cronometer servings (Food & Recipe Entries)")
        let required = try table.require(["Day", "Food Name", "Amount", "Energy (kcal)"], format: format)
        let (day, name, amount) = (required[0], required[1], required[2])
        let group = table.column(["Group"]), time = table.column(["Time"])
        let nutrients = ForeignValues.nutrientIndexes(table)
        var builder = ForeignDiaryBuilder(catalog: context.catalog, timeZone: context.timeZone, source: "Cronometer")
        for (number, fields) in table.rows {
            guard let date = readDate(fields.field(day), row: number, into: &builder),
                let food = readFood(fields.field(name), row: number, into: &builder),
                let values = readNutrients(fields, nutrients, row: number, into: &builder)
            else { continue }
            let amountText = fields.field(amount)
            let parts = amountText.split(separator: " ", maxSplits: 1)
            let grams: Double? =
                if parts.count == 2, case .value(let quantity) = ForeignValues.number(String(parts[0])) {
                    ForeignValues.grams(quantity: quantity, unit: String(parts[1]))
                } else { nil }
            let groupName = fields.field(group)
            builder.add(
                builder.entry(name: food, grams: grams, amountText: String(amountText.prefix(60)), nutrients: values),
                date: date, mealName: groupName.isEmpty ? "Uncategorized" : groupName, time: ForeignValues.time(fields.field(time)))
        }
        return reading(format, table, builder)
    }

    /// Cronometer's "Daily Nutrition": one row of totals per day, kept as one quick add on days the
    /// diary has nothing for yet.
    private static func cronometerDaily(_ table: ImportedTable, _ context: Context) throws -> ImportReading {
        let format = tr("Cronometer daily nutrition (dailysummary.csv)")
        let day = try table.require(["Date", "Energy (kcal)"], format: format)[0]
        let nutrients = ForeignValues.nutrientIndexes(table)
        var builder = ForeignDiaryBuilder(catalog: [:], timeZone: context.timeZone, source: "Cronometer")
        for (number, fields) in table.rows {
            guard let date = readDate(fields.field(day), row: number, into: &builder),
                let values = readNutrients(fields, nutrients, row: number, into: &builder)
            else { continue }
            guard values != NutrientValues() else {
                builder.skip(number, tr("it has no values (the day was not logged)"))
                continue
            }
            guard !context.daysWithMeals.contains(date) else {
                builder.skip(number, tr("the diary has meals on \(date) already, and a day's total would count them twice"))
                continue
            }
            builder.add(
                builder.entry(name: tr("Day total from Cronometer"), grams: nil, amountText: tr("Whole day"), nutrients: values),
                date: date, mealName: tr("Day total"), time: nil, notes: tr("Day total imported from Cronometer"))
        }
        return reading(format, table, builder)
    }

    /// MyFitnessPal's nutrition export: one row per meal with its totals and no foods.
    private static func myFitnessPal(_ table: ImportedTable, _ context: Context) throws -> ImportReading {
        let format = tr("MyFitnessPal nutrition export")
        let required = try table.require(["Date", "Meal", "Calories"], format: format)
        let (day, meal) = (required[0], required[1])
        let time = table.column(["Time"]), note = table.column(["Note"])
        let nutrients = ForeignValues.nutrientIndexes(table)
        var builder = ForeignDiaryBuilder(catalog: [:], timeZone: context.timeZone, source: "MyFitnessPal")
        for (number, fields) in table.rows {
            guard let date = readDate(fields.field(day), row: number, into: &builder),
                let values = readNutrients(fields, nutrients, row: number, into: &builder)
            else { continue }
            let mealName = fields.field(meal).isEmpty ? "Meal" : fields.field(meal)
            let noteText = fields.field(note)
            builder.add(
                builder.entry(
                    name: "\(mealName.prefix(150)) from MyFitnessPal", grams: nil, amountText: tr("Meal total"), nutrients: values),
                date: date, mealName: mealName, time: ForeignValues.time(fields.field(time)),
                notes: noteText.isEmpty ? nil : String((mealName + ": " + noteText).prefix(10_000)))
        }
        var result = reading(format, table, builder)
        let percentColumns = ["Vitamin A", "Vitamin C", "Calcium", "Iron"].filter(table.has)
        if !percentColumns.isEmpty {
            let columns = percentColumns.joined(separator: ", ")
            result.remarks.append(tr("\(columns) are given as % of a daily value, not amounts; the diary does not keep them."))
        }
        return result
    }

    /// Lose It!'s food-logs.csv: one row per food, dates MM/DD/YYYY, deleted rows still listed.
    private static func loseIt(_ table: ImportedTable, _ context: Context) throws -> ImportReading {
        let format = tr("Lose It! food log")
        let required = try table.require(["Date", "Name", "Meal", "Calories"], format: format)
        let (day, name, meal) = (required[0], required[1], required[2])
        let quantity = table.column(["Quantity"]), units = table.column(["Units"]), deleted = table.column(["Deleted"])
        let nutrients = ForeignValues.nutrientIndexes(table)
        var builder = ForeignDiaryBuilder(catalog: context.catalog, timeZone: context.timeZone, source: "Lose It!")
        for (number, fields) in table.rows {
            if ["true", "yes", "1"].contains(fields.field(deleted).lowercased()) {
                builder.skip(number, tr("Lose It! marks it deleted"))
                continue
            }
            guard let date = readDate(fields.field(day), row: number, into: &builder),
                let food = readFood(fields.field(name), row: number, into: &builder),
                let values = readNutrients(fields, nutrients, row: number, into: &builder)
            else { continue }
            let unit = fields.field(units)
            let amount = ForeignValues.number(fields.field(quantity))
            let grams: Double? = if case .value(let count) = amount { ForeignValues.grams(quantity: count, unit: unit) } else { nil }
            let amountText = [fields.field(quantity), unit].filter { !$0.isEmpty }.joined(separator: " ")
            builder.add(
                builder.entry(name: food, grams: grams, amountText: String(amountText.prefix(60)), nutrients: values),
                date: date, mealName: fields.field(meal).isEmpty ? "Meal" : fields.field(meal), time: nil)
        }
        return reading(format, table, builder)
    }

    private static func reading(_ format: String, _ table: ImportedTable, _ builder: ForeignDiaryBuilder) -> ImportReading {
        var document = DiaryDocument()
        document.meals = builder.meals
        return ImportReading(format: format, document: document, rows: table.rows.count, skipped: builder.skipped)
    }

    static func readDate(_ text: String, row: Int, into builder: inout ForeignDiaryBuilder) -> LocalDate? {
        guard let date = ForeignValues.date(text) else {
            builder.skip(
                row, text.isEmpty ? tr("it has no date") : tr("its date “\(text.prefix(20))” is not a date like 2026-03-09 or 03/09/2026"))
            return nil
        }
        return date
    }

    private static func readFood(_ text: String, row: Int, into builder: inout ForeignDiaryBuilder) -> String? {
        guard !text.isEmpty else {
            builder.skip(row, tr("it names no food"))
            return nil
        }
        return text
    }

    private static func readNutrients(
        _ fields: [String], _ columns: [(NutrientKind, Int, String)], row: Int,
        into builder: inout ForeignDiaryBuilder
    ) -> NutrientValues? {
        switch ForeignValues.nutrients(fields, columns: columns) {
        case .success(let values): return values
        case .failure(let problem):
            builder.skip(row, problem.description)
            return nil
        }
    }
}

import FoodDiaryBase
import Foundation

/// Weigh-ins and measurements from other apps' exports, in the units each row or file gives.
extension OtherAppExports {
    /// The measures other apps name, by FoodDiary's key: "Waist Size" is the waist.
    static let measureNames: [String: String] = [
        "weight": "weight", "body weight": "weight", "body fat": "body_fat", "body fat %": "body_fat", "body fat percentage": "body_fat",
        "waist": "waist", "waist size": "waist", "hips": "hips", "hip": "hips", "hip size": "hips", "chest": "chest", "neck": "neck"
    ]

    /// Cronometer's biometrics.csv: `Day, Time?, Group, Metric, Unit, Amount`, one reading a row.
    static func cronometerBiometrics(_ table: ImportedTable, _ context: Context) throws -> ImportReading {
        let format = tr("Cronometer biometrics")
        let required = try table.require(["Day", "Metric", "Unit", "Amount"], format: format)
        let (day, metric, unit, amount) = (required[0], required[1], required[2], required[3])
        let time = table.column(["Time"])
        var readings = BodyRows(timeZone: context.timeZone, today: context.today)
        for (number, fields) in table.rows {
            let name = fields.field(metric)
            guard let key = measureNames[name.lowercased()] else {
                readings.skipped.append(SkippedRow(row: number, reason: tr("“\(name.prefix(40))” is not a body measure FoodDiary keeps")))
                continue
            }
            readings.add(
                row: number, date: fields.field(day), time: fields.field(time), key: key, amount: fields.field(amount),
                unit: fields.field(unit))
        }
        return readings.reading(format, rows: table.rows.count)
    }

    /// A table of weigh-ins by date, as MyFitnessPal's measurement export writes it (`Date, Weight`
    /// and a column per other measure) and other apps write theirs: a `Unit` column, when there is
    /// one, names each row's units; without one the file is read in this diary's units. Rows a
    /// `Deleted` column marks are left out.
    static func myFitnessPalMeasurements(_ table: ImportedTable, _ context: Context) throws -> ImportReading {
        let format = tr("Weigh-ins by date (MyFitnessPal's measurements, or Date and Weight columns)")
        let day = try table.require(["Date", "Weight"], format: format)[0]
        let unitColumn = table.column(["Unit", "Units"]), deleted = table.column(["Deleted"])
        let columns = table.headers.enumerated().compactMap { index, header in measureNames[header.lowercased()].map { (index, $0) } }
        var readings = BodyRows(timeZone: context.timeZone, today: context.today)
        for (number, fields) in table.rows {
            if ["true", "yes", "1"].contains(fields.field(deleted).lowercased()) {
                readings.skipped.append(SkippedRow(row: number, reason: tr("the file marks it deleted")))
                continue
            }
            let named = fields.field(unitColumn).lowercased()
            let weightUnit = named.isEmpty ? context.units.weightUnit : named
            for (index, key) in columns where !fields.field(index).isEmpty {
                let unit = key == "body_fat" ? "%" : key == "weight" ? weightUnit : context.units.lengthUnit
                readings.add(row: number, date: fields.field(day), time: "", key: key, amount: fields.field(index), unit: unit)
            }
        }
        var result = readings.reading(format, rows: table.rows.count)
        if unitColumn == nil {
            result.remarks.append(
                tr(
                    "The file does not say its units: weights are read in \(context.units.weightUnit) and lengths in \(context.units.lengthUnit), this diary's units."
                )
            )
        }
        return result
    }
}

extension OtherAppExports {
    /// Withings Health Mate's weight.csv: `Date, Weight (kg), Fat mass (kg), Bone mass (kg), Muscle
    /// mass (kg), Hydration (kg), Comments`, a weighing a row at the wall clock it was taken
    /// ("2026-07-01 08:12:00"); `(lb)` for an account in pounds. The fat mass becomes body fat in
    /// per cent of that weighing's weight; bone, muscle and water are not measures FoodDiary keeps.
    static func withingsWeight(_ table: ImportedTable, _ context: Context) throws -> ImportReading {
        let format = tr("Withings weight.csv")
        let unit = table.has("Weight (lb)") ? "lb" : "kg"
        let required = try table.require(["Date", "Weight (\(unit))"], format: format)
        let (day, weight) = (required[0], required[1])
        let fat = table.column(["Fat mass (\(unit))"])
        var readings = BodyRows(timeZone: context.timeZone, today: context.today)
        for (number, fields) in table.rows {
            let stamp = fields.field(day).split(separator: " ", maxSplits: 1).map(String.init)
            let (date, time) = (stamp.first ?? "", stamp.count > 1 ? stamp[1] : "")
            let weighed = fields.field(weight)
            readings.add(row: number, date: date, time: time, key: "weight", amount: weighed, unit: unit)
            // A row whose date is refused is said once, for its weight.
            if ForeignValues.date(date) != nil, case .value(let kilograms) = ForeignValues.number(weighed), kilograms > 0,
                case .value(let mass) = ForeignValues.number(fields.field(fat))
            {
                readings.add(
                    row: number, date: date, time: time, key: "body_fat", amount: NumberText.plain(mass / kilograms * 100), unit: "%")
            }
        }
        var result = readings.reading(format, rows: table.rows.count)
        if table.has("Bone mass (\(unit))") || table.has("Muscle mass (\(unit))") {
            result.remarks.append(tr("Bone mass, muscle mass and hydration are left out: FoodDiary keeps weight and body fat."))
        }
        return result
    }
}

/// Readings gathered from a file's rows, each checked as the body pages check a typed one.
private struct BodyRows {
    let timeZone: TimeZone
    let today: LocalDate
    var readings: [DiaryDocument.BodyMeasurementRecord] = []
    var skipped: [SkippedRow] = []

    mutating func add(row: Int, date dateText: String, time timeText: String, key: String, amount: String, unit unitText: String) {
        guard let date = ForeignValues.date(dateText) else {
            skipped.append(
                SkippedRow(
                    row: row,
                    reason: dateText.isEmpty
                        ? tr("it has no date") : tr("its date “\(dateText.prefix(20))” is not a date like 2026-03-09 or 03/09/2026")))
            return
        }
        guard date >= LocalDate.firstDiaryDay else {
            skipped.append(SkippedRow(row: row, reason: tr("its date \(date) is before 1900")))
            return
        }
        guard date <= today else {
            skipped.append(SkippedRow(row: row, reason: tr("its date \(date) has not come yet")))
            return
        }
        guard case .value(let value) = ForeignValues.number(amount) else {
            skipped.append(SkippedRow(row: row, reason: tr("its amount “\(amount.prefix(20))” is not a number")))
            return
        }
        let unit = unitText.lowercased().trimmingCharacters(in: .whitespaces)
        let stored: (value: Double, unit: BodyMeasure.Unit)? =
            switch unit {
            case "kg": (value, .kilograms)
            case "lb", "lbs", "pounds": (UnitSystem.us.kilograms(fromWeight: value), .kilograms)
            case "cm": (value, .centimetres)
            case "in", "inch", "inches": (UnitSystem.us.centimetres(fromLength: value), .centimetres)
            case "%", "percent": (value, .percent)
            default: nil
            }
        guard let stored, stored.unit == (key == "weight" ? .kilograms : key == "body_fat" ? .percent : .centimetres) else {
            skipped.append(SkippedRow(row: row, reason: tr("“\(unitText.prefix(20))” is not a unit its measure is taken in")))
            return
        }
        guard stored.unit.storedRange.contains(stored.value) else {
            skipped.append(
                SkippedRow(
                    row: row,
                    reason:
                        "\(NumberText.decimal(value, maxFractionDigits: 2, grouping: false)) \(unitText.prefix(10)) is not a believable \(key.replacingOccurrences(of: "_", with: " "))"
                ))
            return
        }
        let clock = ForeignValues.time(timeText) ?? (hour: 8, minute: 0)
        let local = LocalDateTime(date: date, hour: clock.hour, minute: clock.minute)!
        readings.append(
            .init(
                measure: key, value: stored.value, measuredLocal: local.description, utcOffsetMinutes: local.utcOffsetMinutes(in: timeZone),
                createdAt: ""))
    }

    func reading(_ format: String, rows: Int) -> ImportReading {
        var document = DiaryDocument()
        document.bodyMeasurements = readings
        return ImportReading(format: format, document: document, rows: rows, skipped: skipped)
    }
}

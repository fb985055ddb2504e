import FoodDiaryBase
import Foundation

/// Activities from a watch's exports.
extension OtherAppExports {
    /// Garmin Connect's Activities.csv: `Activity Type, Date, Favorite, Title, Distance, Calories,
    /// Time, …`, an activity a row, started at its wall clock ("2026-10-12 07:01:22", or "7/4/2020
    /// 15:36"). Garmin's calories are all the body burned meanwhile, its rest included: the rest is
    /// taken off at 1 kcal per kilogram an hour (one MET) at the person's weight, as an activity
    /// from the list is reckoned. Distances are left out: the file does not say kilometres or miles.
    static func garminActivities(_ table: ImportedTable, _ context: Context) throws -> ImportReading {
        let format = tr("Garmin Connect activities (Activities.csv)")
        let required = try table.require(["Activity Type", "Date", "Calories"], format: format)
        let (type, day, calories) = (required[0], required[1], required[2])
        let duration = table.column(["Time", "Elapsed Time", "Activity Time", "Moving Time"])
        var activities: [DiaryDocument.ActivityRecord] = []
        var skipped: [SkippedRow] = []
        for (number, fields) in table.rows {
            let name = String(fields.field(type).trimmingCharacters(in: .whitespaces).prefix(Activity.maxNameLength))
            let stamp = fields.field(day).split(separator: " ", maxSplits: 1).map(String.init)
            guard !name.isEmpty else { skipped.append(SkippedRow(row: number, reason: tr("it names no activity"))); continue }
            guard let date = stamp.first.flatMap(ForeignValues.date) else {
                skipped.append(
                    SkippedRow(row: number, reason: tr("its date “\(fields.field(day).prefix(20))” is not a date like 2026-03-09 07:12:00"))
                )
                continue
            }
            guard date >= LocalDate.firstDiaryDay, date <= context.today else {
                skipped.append(SkippedRow(row: number, reason: tr("its date \(date) is before 1900 or has not come yet")))
                continue
            }
            let minutes = Self.minutes(fields.field(duration))
            guard case .value(let total) = ForeignValues.number(fields.field(calories)) else {
                skipped.append(SkippedRow(row: number, reason: "its calories “\(fields.field(calories).prefix(20))” are not a number"))
                continue
            }
            let rest = context.kilograms.flatMap { kilograms in minutes.map { kilograms * $0 / 60 } } ?? 0
            let active = max(0, total - rest)
            guard active <= Activity.kcalAtOnce.upperBound else {
                skipped.append(
                    SkippedRow(row: number, reason: tr("\(NumberText.grouped(Int(total))) kcal is more than one activity burns")))
                continue
            }
            let clock = stamp.count > 1 ? ForeignValues.time(stamp[1]) ?? (hour: 12, minute: 0) : (hour: 12, minute: 0)
            let local = LocalDateTime(date: date, hour: clock.hour, minute: clock.minute)!
            activities.append(
                .init(
                    name: name, kind: nil, met: nil, startedLocal: local.description,
                    utcOffsetMinutes: local.utcOffsetMinutes(in: context.timeZone),
                    durationMinutes: minutes, activeEnergyKcal: (active * 10).rounded() / 10, distanceMetres: nil,
                    source: "Garmin Connect", sourceID: "\(local) \(name)", createdAt: ""))
        }
        var document = DiaryDocument()
        document.activities = activities
        var reading = ImportReading(format: format, document: document, rows: table.rows.count, skipped: skipped)
        reading.remarks.append(
            context.kilograms.map {
                tr(
                    "Garmin counts the body's rest in an activity's calories: it is taken off at 1 kcal per kilogram an hour at your weight, \(UnitSystem.metric.weightText(kilograms: $0))."
                )
            }
                ?? tr(
                    "Garmin counts the body's rest in an activity's calories, and with no weigh-in yet it cannot be taken off: weigh in first for the energy above rest."
                )
        )
        if table.has("Distance") {
            reading.remarks.append(tr("Distances are left out: the file does not say whether they are kilometres or miles."))
        }
        return reading
    }

    /// "01:34:56", "00:28:10.5" or "45:10" as minutes; nil for "--" or nothing.
    static func minutes(_ text: String) -> Double? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":").map { Double($0) }
        guard (2...3).contains(parts.count), parts.allSatisfy({ $0 != nil }) else { return nil }
        let values = parts.map { $0! }
        let minutes = values.count == 3 ? values[0] * 60 + values[1] + values[2] / 60 : values[0] + values[1] / 60
        return Activity.minutesAtOnce.contains(minutes) ? minutes : nil
    }
}

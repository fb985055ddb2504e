import FoodDiaryBase
import FoodDiaryCatalog
import Foundation
import ZIPFoundation

/// Fitbit's data as Google Takeout gives it (`Takeout/Fitbit/Global Export Data/`, and the older
/// account archive's `user-site-export/`): weigh-ins and body fat from `weight-<day>.json`,
/// workouts from `exercise-<n>.json`, steps from `steps-<day>.json` (a count a minute, kept as the
/// day's total under "Fitbit (Takeout)"). Each file is a JSON array of a month or so, read whole;
/// its times are the clock where the person was, as the diary keeps them.
struct FitbitTakeout {
    static let source = "Fitbit (Takeout)"
    /// Larger than any month of minute steps (about 3 MB): a file past it is not Fitbit's.
    static let maxFileBytes: UInt64 = 64 << 20

    enum File: Int, Comparable {
        // In this order: the weigh-ins first, for the exercises' rest.
        case weight, exercise, steps
        static func < (a: File, b: File) -> Bool { a.rawValue < b.rawValue }

        init?(path: String) {
            let lowered = path.lowercased()
            guard lowered.contains("fitbit/") || lowered.contains("user-site-export/"), lowered.hasSuffix(".json") else { return nil }
            let name = (lowered as NSString).lastPathComponent
            if name.hasPrefix("weight-") {
                self = .weight
            } else if name.hasPrefix("exercise-") {
                self = .exercise
            } else if name.hasPrefix("steps-") {
                self = .steps
            } else {
                return nil
            }
        }
    }

    let timeZone: TimeZone
    let today: LocalDate

    static func entries(in archive: Archive) -> [(file: File, entry: Entry)] {
        archive.compactMap { entry in entry.type == .file ? File(path: entry.path).map { ($0, entry) } : nil }
            .sorted { ($0.file, $0.entry.path) < ($1.file, $1.entry.path) }
    }

    static func isFitbit(zipAt path: String) -> Bool {
        guard let archive = try? Archive(url: URL(fileURLWithPath: path), accessMode: .read, pathEncoding: nil) else { return false }
        return !entries(in: archive).isEmpty
    }

    func run(zipAt path: String, store: ((HealthPayload) throws -> HealthOutcome)?, progress: (Double) -> Void = { _ in }) throws
        -> HealthExportSummary
    {
        guard let archive = try? Archive(url: URL(fileURLWithPath: path), accessMode: .read, pathEncoding: nil) else {
            throw HealthExportRefusal(description: tr("The file is not a ZIP that can be read."))
        }
        let files = Self.entries(in: archive)
        guard !files.isEmpty else {
            throw HealthExportRefusal(description: tr("This ZIP holds no Fitbit weight, exercise or steps files."))
        }
        let inflated = files.reduce(UInt64(0)) { $0 + $1.entry.uncompressedSize }
        guard inflated <= HealthExportRefusal.maxInflatedBytes else { throw HealthExportRefusal.inflatesTooFar(inflated) }
        let total = Double(max(inflated, 1))
        var summary = HealthExportSummary(), batch = HealthPayload(), dayTotals = MovementDayTotals()
        var weights: [(time: LocalDateTime, kilograms: Double)] = []
        var read: UInt64 = 0
        var restTakenOff = false, restLeftIn = false

        func flush() throws {
            summary.refuse(batch)
            if let store { summary.added.add(try store(batch)) }
            batch = HealthPayload()
        }
        for (file, entry) in files {
            guard entry.uncompressedSize <= Self.maxFileBytes else {
                summary.refusedCount += 1
                summary.refused.append(tr("\(entry.path): larger than any of Fitbit's files."))
                continue
            }
            var data = Data()
            do {
                _ = try archive.extract(entry, skipCRC32: false) { chunk in
                    data.append(chunk)
                    if UInt64(data.count) > entry.uncompressedSize {
                        throw HealthExportRefusal(
                            description: tr("\(entry.path) inflates past the size its ZIP gives: the file is damaged."))
                    }
                }
            } catch let refusal as HealthExportRefusal {
                throw refusal
            } catch {
                throw HealthExportRefusal(description: tr("\(entry.path) could not be inflated: the ZIP is damaged or cut short."))
            }
            guard let rows = (try? JSONSerialization.jsonObject(with: data)) as? [[String: Any]] else {
                summary.refusedCount += 1
                summary.refused.append(tr("\(entry.path): not the list Fitbit writes."))
                continue
            }
            for row in rows {
                switch file {
                case .weight:
                    guard let time = Self.time(JSONValue.text(row["date"]), JSONValue.text(row["time"]) ?? "00:00:00"),
                        let weight = JSONValue.number(row["weight"])
                    else { batch.refusedCount += 1; continue }
                    let stamp = time.description
                    let units = Self.weightUnits(weight, bmi: JSONValue.number(row["bmi"]))
                    batch.add(
                        name: "weight_body_mass", units: units, quantity: weight, date: stamp, source: Self.source, timeZone: timeZone,
                        today: today)
                    weights.append((time, units == "kg" ? weight : weight / UnitSystem.poundsPerKilogram))
                    summary.count("weight_body_mass", on: time.date, today: today)
                    if let fat = JSONValue.number(row["fat"]), fat > 0 {
                        batch.add(
                            name: "body_fat_percentage", units: "%", quantity: fat, date: stamp, source: Self.source, timeZone: timeZone,
                            today: today)
                        summary.count("body_fat_percentage", on: time.date, today: today)
                    }
                case .exercise:
                    guard let start = Self.time(JSONValue.text(row["startTime"])) else { batch.refusedCount += 1; continue }
                    let milliseconds = JSONValue.number(row["activeDuration"]) ?? JSONValue.number(row["duration"]) ?? 0
                    var workout: [String: Any] = [
                        "name": JSONValue.text(row["activityName"]) ?? "Workout", "start": start.description,
                        "duration": milliseconds / 1_000, "source": Self.source
                    ]
                    if let logID = JSONValue.text(row["logId"]) ?? JSONValue.number(row["logId"]).map({ String(Int64($0)) }) {
                        workout["id"] = "fitbit:\(logID)"
                    }
                    if let calories = JSONValue.number(row["calories"]) {
                        // Fitbit's calories are all the body burned meanwhile, its rest included: taken off
                        // at one MET (1 kcal per kilogram an hour) at the weight of that day, as Garmin's are.
                        let kilograms =
                            (weights.filter { $0.time <= start }.max { $0.time < $1.time } ?? weights.min { $0.time < $1.time })?.kilograms
                        if kilograms == nil { restLeftIn = true } else { restTakenOff = true }
                        let rest = kilograms.map { $0 * milliseconds / 3_600_000 } ?? 0
                        workout["activeEnergyBurned"] = ["qty": max(0, calories - rest), "units": "kcal"]
                    }
                    if let distance = JSONValue.number(row["distance"]), distance > 0 {
                        let unit = (JSONValue.text(row["distanceUnit"]) ?? "Kilometer").lowercased()
                        workout["distance"] = ["qty": distance, "units": unit.hasPrefix("mile") ? "mi" : "km"]
                    }
                    batch.add(workout: workout, source: Self.source, timeZone: timeZone, today: today)
                    summary.count("workouts", on: start.date, today: today)
                case .steps:
                    guard let time = Self.time(JSONValue.text(row["dateTime"])), let steps = JSONValue.number(row["value"]), steps >= 0,
                        time.date >= LocalDate.firstDiaryDay, time.date <= today.next
                    else { batch.refusedCount += 1; continue }
                    dayTotals.add(.steps, steps, source: Self.source, on: time.date)
                    summary.count("step_count", on: time.date, today: today)
                }
            }
            if batch.readings.count + batch.workouts.count >= AppleHealthExport.batchSize { try flush() }
            read += entry.uncompressedSize
            progress(Double(read) / total)
        }
        let totals = dayTotals.samples(timeZone: timeZone)
        batch.samples += totals.samples
        summary.refusedCount += totals.refused
        try flush()
        if summary.counts["weight_body_mass"] != nil {
            summary.remarks.append(
                tr(
                    "Fitbit writes weight in pounds or kilograms without saying which: each weigh-in is read by its BMI, and in pounds where it has none."
                )
            )
        }
        if restTakenOff {
            summary.remarks.append(
                tr(
                    "Fitbit counts the body’s rest in a workout’s calories: it is taken off at 1 kcal per kilogram an hour, at the weight the export holds for that day."
                )
            )
        }
        if restLeftIn {
            summary.remarks.append(
                tr("Some workouts came before any weigh-in in the export, so their calories still include the body’s rest."))
        }
        return summary
    }

    /// Pounds or kilograms, by the height the BMI implies: √(weight ÷ BMI) is the height in metres
    /// for kilograms (a person's 1.2–2.1) and 1.49 times it for pounds.
    static func weightUnits(_ weight: Double, bmi: Double?) -> String {
        guard let bmi, bmi > 0 else { return "lb" }
        return (weight / bmi).squareRoot() < 2.1 ? "kg" : "lb"
    }

    /// Fitbit's "01/31/21" and "07:12:10", or "01/31/21 07:12:10" in one.
    static func time(_ date: String?, _ clock: String? = nil) -> LocalDateTime? {
        guard var text = date else { return nil }
        if let clock { text += " " + clock }
        let parts = text.split(whereSeparator: { $0 == "/" || $0 == " " || $0 == ":" }).compactMap { Int($0) }
        guard parts.count >= 5, (0...99).contains(parts[2]) else { return nil }
        let year = 2000 + parts[2]
        guard let day = LocalDate(parsing: String(format: "%04d-%02d-%02d", year, parts[0], parts[1])) else { return nil }
        return LocalDateTime(date: day, hour: parts[3], minute: parts[4])
    }
}

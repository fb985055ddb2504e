import FoodDiaryBase
import Foundation
import ZIPFoundation

/// Apple Health's `export.zip` (Health → your picture → Export All Health Data): weigh-ins, body
/// fat, waist, steps, active energy, water and workouts, read from its export.xml as it inflates,
/// a chunk at a time, and kept in transactions of `batchSize` readings, so memory stays the same
/// whatever the file's size and a stopped import keeps what it wrote: run again, it adds only the
/// rest. Steps and active energy are kept as each source's day total (the export holds a sample
/// every few minutes), under the source's name with " (Health export)": what a phone also sends by
/// itself is then another source, and a day shows the larger, never both.
struct AppleHealthExport {
    /// The export's kinds by Apple's identifiers, as Health Auto Export names them.
    static let metricNames = [
        "HKQuantityTypeIdentifierBodyMass": "weight_body_mass", "HKQuantityTypeIdentifierBodyFatPercentage": "body_fat_percentage",
        "HKQuantityTypeIdentifierWaistCircumference": "waist_circumference", "HKQuantityTypeIdentifierStepCount": "step_count",
        "HKQuantityTypeIdentifierActiveEnergyBurned": "active_energy", "HKQuantityTypeIdentifierDietaryWater": "dietary_water"
    ]
    static let batchSize = 20_000
    static let sourceSuffix = " (Health export)"

    let timeZone: TimeZone
    let today: LocalDate
    let now: Date

    /// The export.xml inside `zip`; refused when the ZIP is not Apple Health's.
    static func entry(in archive: Archive) throws -> Entry {
        guard let entry = archive.first(where: { $0.type == .file && ($0.path == "export.xml" || $0.path.hasSuffix("/export.xml")) }) else {
            throw HealthExportRefusal(description: tr("This ZIP holds no export.xml: it is not Apple Health's export."))
        }
        return entry
    }

    static func isAppleHealth(zipAt path: String) -> Bool {
        guard let archive = try? Archive(url: URL(fileURLWithPath: path), accessMode: .read, pathEncoding: nil) else { return false }
        return (try? entry(in: archive)) != nil
    }

    /// Reads the export; with `store`, keeps it a batch at a time (`AppDatabase.storeHealth` in a
    /// transaction of its own, or in one the caller holds). `progress` is told the share of
    /// export.xml read, from 0 to 1.
    func run(zipAt path: String, store: ((HealthPayload) throws -> HealthOutcome)?, progress: (Double) -> Void = { _ in }) throws
        -> HealthExportSummary
    {
        let archive: Archive
        do {
            archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            throw HealthExportRefusal(description: tr("The file is not a ZIP that can be read."))
        }
        let entry = try Self.entry(in: archive)
        guard entry.uncompressedSize <= HealthExportRefusal.maxInflatedBytes else {
            throw HealthExportRefusal.inflatesTooFar(entry.uncompressedSize)
        }
        var scanner = AppleHealthScanner(wanted: Set(Self.metricNames.keys))
        var summary = HealthExportSummary()
        var batch = HealthPayload()
        var pending = 0
        var dayTotals = MovementDayTotals()
        var workout: [String: Any]?
        var read: UInt64 = 0
        let size = max(entry.uncompressedSize, 1)
        var lastShown = -1

        func note(_ date: LocalDate, _ kind: String) { summary.count(kind, on: date, today: today) }
        func flush() throws {
            summary.refuse(batch)
            if let store { summary.added.add(try store(batch)) }
            batch = HealthPayload()
            pending = 0
        }
        func element(_ element: AppleHealthScanner.Element) throws {
            switch element {
            case .record(let attributes):
                guard let type = attributes["type"], let name = Self.metricNames[type] else { return }
                let source = String((attributes["sourceName"] ?? "Apple Health").prefix(80 - Self.sourceSuffix.count)) + Self.sourceSuffix
                let units = (attributes["unit"] ?? "").lowercased()
                if let convert = HealthPayload.conversion(name: name, units: units), case .movement(let kind, let factor) = convert {
                    guard let start = attributes["startDate"].flatMap({ HealthTime.parse($0, timeZone: timeZone) }),
                        let quantity = attributes["value"].flatMap(DecimalText.value), quantity >= 0,
                        start.time.date >= LocalDate.firstDiaryDay, start.time.date <= today.next
                    else {
                        summary.refusedCount += 1
                        return
                    }
                    dayTotals.add(kind, quantity * factor, source: source, on: start.time.date)
                    note(start.time.date, name)
                    return
                }
                batch.add(
                    name: name, units: units, quantity: attributes["value"], date: attributes["startDate"], source: source,
                    timeZone: timeZone, today: today)
                if let date = attributes["startDate"].flatMap({ HealthTime.parse($0, timeZone: timeZone) })?.time.date { note(date, name) }
                pending += 1
            case .workoutStart(let attributes):
                workout = Self.workout(attributes)
            case .workoutStatistics(let attributes):
                guard var current = workout, let sum = attributes["sum"] else { return }
                switch attributes["type"] {
                case "HKQuantityTypeIdentifierActiveEnergyBurned":
                    current["activeEnergyBurned"] = ["qty": sum, "units": attributes["unit"] ?? "kcal"]
                case "HKQuantityTypeIdentifierDistanceWalkingRunning", "HKQuantityTypeIdentifierDistanceCycling",
                    "HKQuantityTypeIdentifierDistanceSwimming":
                    current["distance"] = ["qty": sum, "units": attributes["unit"] ?? "km"]
                default: break
                }
                workout = current
            case .workoutEnd:
                guard let current = workout else { return }
                workout = nil
                batch.add(workout: current, source: (current["source"] as? String) ?? "Apple Health", timeZone: timeZone, today: today)
                if let date = (current["start"] as? String).flatMap({ HealthTime.parse($0, timeZone: timeZone) })?.time.date {
                    note(date, "workouts")
                }
                pending += 1
            }
            if pending >= Self.batchSize { try flush() }
        }

        do {
            _ = try archive.extract(entry, bufferSize: 1 << 20, skipCRC32: false) { chunk in
                try chunk.withUnsafeBytes { bytes in try scanner.feed(bytes, element) }
                read += UInt64(chunk.count)
                // ZIPFoundation checks the size only at the end: a bomb that claims little is stopped as it passes it.
                if read > entry.uncompressedSize {
                    throw HealthExportRefusal(description: tr("export.xml inflates past the size its ZIP gives: the file is damaged."))
                }
                let shown = Int(Double(read) / Double(size) * 100)
                if shown != lastShown { lastShown = shown; progress(Double(read) / Double(size)) }
            }
        } catch let refusal as HealthExportRefusal {
            throw refusal
        } catch let broken as AppleHealthScanner.Broken {
            throw HealthExportRefusal(
                description: tr("export.xml is broken \(ByteSize.text(Int64(broken.offset))) in: a tag there never closes. ")
                    + tr("Nothing was added. Export it again from the Health app."))
        } catch is CocoaError {
            throw HealthExportRefusal(description: tr("export.xml could not be inflated: the ZIP is damaged or cut short."))
        }
        guard scanner.sawHealthData else {
            throw HealthExportRefusal(
                description:
                    "export.xml holds no Apple Health data (no <HealthData>): it is not the Health app’s export. Nothing was added.")
        }
        let totals = dayTotals.samples(timeZone: timeZone)
        batch.samples += totals.samples
        summary.refusedCount += totals.refused
        try flush()
        return summary
    }

    /// A `<Workout>`'s attributes as Health Auto Export's workout: older exports give the energy
    /// and distance here, newer ones in `<WorkoutStatistics>` inside it.
    static func workout(_ attributes: [String: String]) -> [String: Any] {
        var workout: [String: Any] = [
            "name": activityName(attributes["workoutActivityType"] ?? "Workout"),
            "start": attributes["startDate"] as Any, "source": attributes["sourceName"] as Any
        ]
        if let duration = attributes["duration"].flatMap(Double.init) {
            let unit = attributes["durationUnit"] ?? "min"
            workout["duration"] = unit == "s" ? duration : unit == "hr" || unit == "h" ? duration * 3_600 : duration * 60
        }
        if let energy = attributes["totalEnergyBurned"] {
            workout["activeEnergyBurned"] = ["qty": energy, "units": attributes["totalEnergyBurnedUnit"] ?? "kcal"]
        }
        if let distance = attributes["totalDistance"] {
            workout["distance"] = ["qty": distance, "units": attributes["totalDistanceUnit"] ?? "km"]
        }
        workout["id"] = "apple-health:\(attributes["startDate"] ?? "") \(attributes["workoutActivityType"] ?? "")"
        return workout
    }

    /// "HKWorkoutActivityTypeTraditionalStrengthTraining" as "Traditional strength training".
    static func activityName(_ type: String) -> String {
        let bare = type.hasPrefix("HKWorkoutActivityType") ? String(type.dropFirst("HKWorkoutActivityType".count)) : type
        var words: [String] = []
        for character in bare {
            if character.isUppercase || words.isEmpty { words.append(String(character)) } else { words[words.count - 1].append(character) }
        }
        let sentence = words.enumerated().map { $0.offset == 0 ? $0.element : $0.element.lowercased() }.joined(separator: " ")
        return sentence.isEmpty ? "Workout" : sentence
    }
}

extension HealthOutcome {
    mutating func add(_ other: HealthOutcome) {
        weighIns += other.weighIns
        measurements += other.measurements
        drinks += other.drinks
        samples += other.samples
        workouts += other.workouts
        alreadyThere += other.alreadyThere
    }
}

import FoodDiaryBase
import FoodDiaryCatalog
import Foundation

/// What a phone's health app sent, read into what the diary keeps: the JSON the iOS app Health
/// Auto Export posts to a REST endpoint (`{"data": {"metrics": [...], "workouts": [...]}}`), or the
/// same without the `data` wrapper, as a shortcut on Android writes it (docs/guide/devices.md).
/// Each metric is `{"name", "units", "data": [{"qty", "date", "source"}]}`; a workout is
/// `{"id", "name", "start", "end", "duration" (seconds), "activeEnergyBurned": {"qty", "units"},
/// "distance": {"qty", "units"}}`. A reading that cannot be kept is listed with why; the rest is kept.
package struct HealthPayload: Sendable {
    struct Reading: Sendable, Equatable {
        /// A body measure's key: `weight`, `body_fat` or `waist`.
        let measure: String
        let value: Double
        let time: LocalDateTime
        let utcOffsetMinutes: Int
    }
    struct Drink: Sendable, Equatable {
        let millilitres: Double
        let time: LocalDateTime
        let utcOffsetMinutes: Int
    }

    var readings: [Reading] = []
    var drinks: [Drink] = []
    package var samples: [MovementSample] = []
    var workouts: [NewActivity] = []
    /// Metrics the diary does not keep, by name, with how many readings of each were sent.
    var leftOut: [String: Int] = [:]
    /// Readings refused, each with why, at most `maxRefusalsListed`.
    var refused: [String] = []
    var refusedCount = 0

    static let maxRefusalsListed = 20
    /// The source of a reading that names none: Apple Health merges its sources before it exports.
    static let defaultSource = "Apple Health"

    struct NotAPayload: Error {
        let message =
            "Send the JSON Health Auto Export posts: an object with `data` holding `metrics` and `workouts`, or `metrics` and `workouts` alone."
    }

    package init() {}

    /// Read by its outline (`JSONOutline`): the sending's bytes and one reading at a time, however
    /// many it holds.
    package init(json: [UInt8], timeZone: TimeZone, today: LocalDate) throws {
        let outline = JSONOutline(json)
        do {
            guard let object = try outline.members(of: try outline.root()) else { throw NotAPayload() }
            let body = try object["data"].flatMap { try outline.members(of: $0) } ?? object
            let metrics = body["metrics"].flatMap { outline.isArray($0) ? $0 : nil },
                workouts = body["workouts"].flatMap { outline.isArray($0) ? $0 : nil }
            guard metrics != nil || workouts != nil else { throw NotAPayload() }
            let fallbackSource =
                object["source"].flatMap { JSONValue.text(outline.value($0)) }.map { String($0.prefix(80)) } ?? Self.defaultSource
            if let metrics {
                try outline.forEachElement(of: metrics) { metric in
                    guard let fields = try outline.members(of: metric) else { return }
                    let name = fields["name"].flatMap { JSONValue.text(outline.value($0)) } ?? ""
                    let units = fields["units"].flatMap { JSONValue.text(outline.value($0)) } ?? ""
                    guard let points = fields["data"], outline.isArray(points) else { return }
                    try read(metricNamed: name, units: units, fallbackSource: fallbackSource, timeZone: timeZone, today: today) { point in
                        try outline.forEachElement(of: points) { point(outline.value($0)) }
                    }
                }
            }
            if let workouts {
                try outline.forEachElement(of: workouts) { workout in
                    guard let workout = outline.value(workout) as? [String: Any] else { return }
                    read(workout: workout, fallbackSource: fallbackSource, timeZone: timeZone, today: today)
                }
            }
        } catch is JSONOutline.Malformed {
            throw NotAPayload()
        }
    }

    private mutating func refuse(_ why: String) {
        refusedCount += 1
        if refused.count < Self.maxRefusalsListed { refused.append(why) }
    }

    /// The time of a reading, on a day from 1900 to today where it was taken.
    private mutating func time(_ value: Any?, of what: String, timeZone: TimeZone, today: LocalDate) -> (
        time: LocalDateTime, utcOffsetMinutes: Int
    )? {
        guard let text = JSONValue.text(value), let parsed = HealthTime.parse(text, timeZone: timeZone) else {
            refuse("\(what): “\(JSONValue.text(value)?.prefix(40) ?? "no date")” is not a time like 2026-03-09 07:12:00 +0100.")
            return nil
        }
        guard parsed.time.date >= LocalDate.firstDiaryDay, parsed.time.date <= today.next else {
            refuse("\(what) on \(parsed.time.date): a day before 1900 or still to come.")
            return nil
        }
        return parsed
    }

    /// One reading of a metric, as Apple Health's export has them one at a time.
    package mutating func add(name: String, units: String, quantity: Any?, date: Any?, source: String, timeZone: TimeZone, today: LocalDate)
    {
        read(metricNamed: name, units: units, fallbackSource: source, timeZone: timeZone, today: today) { point in
            point(["qty": quantity as Any, "date": date as Any, "source": source])
        }
    }

    mutating func add(workout: [String: Any], source: String, timeZone: TimeZone, today: LocalDate) {
        read(workout: workout, fallbackSource: source, timeZone: timeZone, today: today)
    }

    /// A metric's readings, each handed to the closure `points` is given, in turn.
    private mutating func read(
        metricNamed name: String, units typedUnits: String, fallbackSource: String, timeZone: TimeZone, today: LocalDate,
        points: (_ point: (Any?) -> Void) throws -> Void
    ) rethrows {
        let units = typedUnits.lowercased()
        guard let convert = Self.conversion(name: name, units: units) else {
            var count = 0
            try points { _ in count += 1 }
            if !name.isEmpty { leftOut[String(name.prefix(60)), default: 0] += count }
            return
        }
        if case .unknownUnit = convert {
            refuse("\(name) in “\(units.prefix(20))”: a unit the diary does not know for it.")
            return
        }
        try points { point in
            read(point: point, name: name, units: units, convert: convert, fallbackSource: fallbackSource, timeZone: timeZone, today: today)
        }
    }

    private mutating func read(
        point: Any?, name: String, units: String, convert: Conversion, fallbackSource: String, timeZone: TimeZone, today: LocalDate
    ) {
        guard let point = point as? [String: Any] else { return }
        guard let quantity = JSONValue.number(point["qty"]), quantity.isFinite else {
            refuse("\(name): a reading without a number (`qty`).")
            return
        }
        guard let (time, offset) = time(point["date"], of: name, timeZone: timeZone, today: today) else { return }
        let source = JSONValue.text(point["source"]).map { String($0.prefix(80)) } ?? fallbackSource
        switch convert {
        case .measure(let key, let factor, let range):
            let value = key == "body_fat" && quantity > 0 && quantity <= 1 ? quantity * 100 : quantity * factor
            guard range.contains(value) else { refuse("\(name) of \(quantity) \(units): not a body's."); return }
            readings.append(Reading(measure: key, value: (value * 1_000).rounded() / 1_000, time: time, utcOffsetMinutes: offset))
        case .water(let factor):
            let millilitres = quantity * factor
            guard WaterDrink.millilitresAtOnce.contains(millilitres) else {
                refuse("\(name) of \(quantity) \(units) at once: a drink is 1 to 2,000 ml; send drinks, not a day's sum.")
                return
            }
            drinks.append(Drink(millilitres: millilitres, time: time, utcOffsetMinutes: offset))
        case .movement(let kind, let factor):
            let value = quantity * factor
            let limit = kind == .steps ? Double(MovementSample.stepsInADay.upperBound) : MovementSample.activeKcalInADay.upperBound
            guard value >= 0, value <= limit else { refuse("\(name) of \(quantity) \(units): more than a day could hold."); return }
            samples.append(MovementSample(kind: kind, source: source, startedAt: time, utcOffsetMinutes: offset, value: value))
        case .unknownUnit:
            return
        }
    }

    private mutating func read(workout: [String: Any], fallbackSource: String, timeZone: TimeZone, today: LocalDate) {
        let name = JSONValue.text(workout["name"]).map { String($0.prefix(Activity.maxNameLength)) } ?? "Workout"
        guard let (start, offset) = time(workout["start"], of: "The workout “\(name)”", timeZone: timeZone, today: today) else { return }
        let seconds = JSONValue.number(workout["duration"])
        let energy = workout["activeEnergyBurned"] ?? workout["activeEnergy"]
        var kcal = 0.0
        if let energy = energy as? [String: Any], let quantity = JSONValue.number(energy["qty"]) {
            guard let factor = Self.energyFactor((JSONValue.text(energy["units"]) ?? "kcal").lowercased()) else {
                refuse("The workout “\(name)”: its energy is in “\(JSONValue.text(energy["units"])?.prefix(20) ?? "")”, not kcal or kJ.")
                return
            }
            kcal = quantity * factor
        }
        guard (0...Activity.kcalAtOnce.upperBound).contains(kcal) else {
            refuse("The workout “\(name)” burned \(kcal) kcal: more than one could."); return
        }
        var metres: Double?
        if let distance = workout["distance"] as? [String: Any], let quantity = JSONValue.number(distance["qty"]),
            let factor = Self.distanceFactor((JSONValue.text(distance["units"]) ?? "km").lowercased())
        {
            guard Activity.metresAtOnce.contains(quantity * factor) else {
                refuse(
                    "The workout “\(name)” covered \(quantity) \(JSONValue.text(distance["units"])?.prefix(20) ?? "km"): not a distance one covers."
                )
                return
            }
            metres = quantity * factor
        }
        // Seconds as sent (a sprint of 40 s keeps its 40 s); without them, from its start to its end.
        var minutes = seconds.map { $0 / 60 }
        if minutes == nil, let end = JSONValue.text(workout["end"]).flatMap({ HealthTime.parse($0, timeZone: timeZone) }) {
            minutes =
                end.time.instant(utcOffsetMinutes: end.utcOffsetMinutes).timeIntervalSince(start.instant(utcOffsetMinutes: offset)) / 60
        }
        if let given = minutes, !Activity.importedMinutes.contains(given) {
            refuse("The workout “\(name)” lasted \(given) minutes: more than a day, or no time at all.")
            return
        }
        let source = JSONValue.text(workout["source"]).map { String($0.prefix(80)) } ?? fallbackSource
        // A workout without an id is the same workout when it has the same name and start.
        let id = JSONValue.text(workout["id"]) ?? "\(name)@\(start)"
        workouts.append(
            NewActivity(
                name: name, kind: nil, met: nil, startedAt: start, utcOffsetMinutes: offset, durationMinutes: minutes,
                activeEnergyKcal: kcal, distanceMetres: metres, source: source, sourceID: String(id.prefix(200))))
    }

    enum Conversion {
        case measure(key: String, factor: Double, range: ClosedRange<Double>)
        case water(factor: Double)
        case movement(MovementSample.Kind, factor: Double)
        case unknownUnit
    }

    /// How a metric the diary keeps is read into its unit; nil for a metric it does not keep.
    static func conversion(name: String, units: String) -> Conversion? {
        switch name {
        case "weight_body_mass", "body_mass", "weight":
            return switch units {
            case "kg": .measure(key: "weight", factor: 1, range: 1...500);
            case "lb", "lbs": .measure(key: "weight", factor: 1 / UnitSystem.poundsPerKilogram, range: 1...500);
            default: .unknownUnit
            }
        case "body_fat_percentage":
            return units == "%" || units.isEmpty ? .measure(key: "body_fat", factor: 1, range: 1...75) : .unknownUnit
        case "waist_circumference":
            return switch units {
            case "cm": .measure(key: "waist", factor: 1, range: 20...300);
            case "in": .measure(key: "waist", factor: 2.54, range: 20...300);
            case "m": .measure(key: "waist", factor: 100, range: 20...300);
            default: .unknownUnit
            }
        case "step_count", "steps":
            return units == "count" || units == "steps" || units.isEmpty ? .movement(.steps, factor: 1) : .unknownUnit
        case "active_energy", "active_energy_burned":
            return energyFactor(units).map { .movement(.activeEnergyKcal, factor: $0) } ?? .unknownUnit
        case "dietary_water", "water":
            return switch units {
            case "ml": .water(factor: 1);
            case "l": .water(factor: 1_000);
            case "fl_oz_us", "fl oz", "fl_oz", "floz": .water(factor: UnitSystem.millilitresPerFluidOunce);
            default: .unknownUnit
            }
        default:
            return nil
        }
    }

    static func energyFactor(_ units: String) -> Double? {
        switch units {
        case "kcal", "cal": 1
        case "kj": 1 / EnergyUnit.kilojoulesPerKilocalorie
        default: nil
        }
    }

    static func distanceFactor(_ units: String) -> Double? {
        switch units {
        case "km": 1_000
        case "m": 1
        case "mi": 1_609.344
        case "yd": 0.9144
        default: nil
        }
    }
}

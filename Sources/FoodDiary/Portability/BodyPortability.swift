import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB

/// Weigh-ins, measurements, water and their settings in `diary.json`, in the units stored.
extension DiaryDocument {
    struct BodySettingsRecord: Codable, Sendable, Equatable {
        var units: String
        /// `kcal` or `kJ`: what the pages show; energy is stored in kcal whatever it says.
        var energyUnit: String?
        var waterGoalMillilitres: Double?
        var glassMillilitres: Double
        var weeklyRateKilograms: Double?
        var exerciseAddsToGoal: Bool?

        enum CodingKeys: String, CodingKey {
            case units
            case energyUnit = "energy_unit"
            case waterGoalMillilitres = "water_goal_ml"
            case glassMillilitres = "glass_ml"
            case weeklyRateKilograms = "weekly_rate_kg"
            case exerciseAddsToGoal = "exercise_adds_to_goal"
        }
    }

    /// A measure by its key: `weight`, `waist`, `hips`, `chest`, `neck`, `body_fat`, or one of the person's own.
    struct BodyMeasureRecord: Codable, Sendable, Equatable {
        var key: String
        var name: String
        /// `kg`, `cm` or `percent`: what `value` is in.
        var unit: String
        var isShown: Bool

        enum CodingKeys: String, CodingKey {
            case key, name, unit
            case isShown = "is_shown"
        }
    }

    struct BodyMeasurementRecord: Codable, Sendable, Equatable {
        var measure: String
        var value: Double
        var measuredLocal: String
        var utcOffsetMinutes: Int
        var createdAt: String

        enum CodingKeys: String, CodingKey {
            case measure, value
            case measuredLocal = "measured_local"
            case utcOffsetMinutes = "utc_offset_minutes"
            case createdAt = "created_at"
        }
    }

    struct WaterRecord: Codable, Sendable, Equatable {
        var millilitres: Double
        var drunkLocal: String
        var utcOffsetMinutes: Int
        var createdAt: String

        enum CodingKeys: String, CodingKey {
            case millilitres = "ml"
            case drunkLocal = "drunk_local"
            case utcOffsetMinutes = "utc_offset_minutes"
            case createdAt = "created_at"
        }
    }
}

extension PortabilityQueries {
    static func addBody(_ db: Database, to document: inout DiaryDocument) throws {
        let stored = try Row.fetchAll(
            db, sql: "SELECT key, value FROM setting WHERE key LIKE 'body_%' OR key LIKE 'water_%' OR key LIKE 'weekly_%' OR key = ?",
            arguments: [BodySettings.keys.energy])
        if !stored.isEmpty {
            let settings = try BodyQueries.settings(db)
            document.bodySettings = .init(
                units: settings.units.rawValue, energyUnit: settings.energy.rawValue, waterGoalMillilitres: settings.waterGoalMillilitres,
                glassMillilitres: settings.glassMillilitres, weeklyRateKilograms: settings.weeklyRateKilograms,
                exerciseAddsToGoal: settings.exerciseAddsToGoal ? true : nil)
        }
        document.bodyMeasures = try BodyQueries.measures(db).map {
            .init(key: $0.key, name: $0.name, unit: $0.unit.rawValue, isShown: $0.isShown)
        }
        document.bodyMeasurements = try Row.fetchAll(
            db,
            sql: """
                SELECT b.key, m.value, m.measured_local, m.utc_offset_minutes, m.created_at FROM body_measurement m
                    JOIN body_measure b ON b.id = m.measure_id
                ORDER BY m.measured_local, m.id
                """
        ).map { .init(measure: $0[0], value: $0[1], measuredLocal: $0[2], utcOffsetMinutes: $0[3], createdAt: $0[4]) }
        document.water = try Row.fetchAll(
            db, sql: "SELECT millilitres, drunk_local, utc_offset_minutes, created_at FROM water_drink ORDER BY drunk_local, id"
        )
        .map { .init(millilitres: $0[0], drunkLocal: $0[1], utcOffsetMinutes: $0[2], createdAt: $0[3]) }
    }
}

extension DiaryDocumentWriter {
    /// Measures are matched by key, or a person's own by name and unit; a reading or a drink the
    /// diary holds already (same measure, value and time) is not added twice. Settings fill in only
    /// what the diary has not set.
    func addBody(_ document: DiaryDocument, outcome: inout ImportOutcome) throws {
        if let settings = document.bodySettings {
            guard UnitSystem(rawValue: settings.units) != nil else {
                throw ImportRefusal(
                    description: tr("The file's body settings name the units “\(settings.units.prefix(20))”: metric or us belong there."))
            }
            if let energy = settings.energyUnit, EnergyUnit(rawValue: energy) == nil {
                throw ImportRefusal(
                    description: tr("The file's body settings name the energy unit “\(energy.prefix(20))”: kcal or kJ belong there."))
            }
            let rows: [(String, String?)] = [
                (BodySettings.keys.units, settings.units), (BodySettings.keys.energy, settings.energyUnit),
                (BodySettings.keys.waterGoal, settings.waterGoalMillilitres.map { "\($0)" }),
                (BodySettings.keys.glass, "\(settings.glassMillilitres)"),
                (BodySettings.keys.rate, settings.weeklyRateKilograms.map { "\($0)" }),
                (BodySettings.keys.exercise, settings.exerciseAddsToGoal == true ? "on" : nil)
            ]
            for (key, value) in rows {
                guard let value else { continue }
                try db.execute(sql: "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT DO NOTHING", arguments: [key, value])
            }
        }
        var measureIDs: [String: Int64] = [:]
        var held = try BodyQueries.measures(db)
        for measure in held { measureIDs[measure.key] = measure.id }
        for measure in document.bodyMeasures {
            guard let unit = BodyMeasure.Unit(rawValue: measure.unit) else {
                throw ImportRefusal(
                    description: tr(
                        "Measure “\(measure.name.prefix(40))” is in “\(measure.unit.prefix(20))”: kg, cm or percent belong there."))
            }
            let name = measure.name.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !name.isEmpty, name.count <= BodyMeasure.maxNameLength else {
                throw ImportRefusal(
                    description:
                        tr("A measure is named “\(name.prefix(40))…”: a measure's name is 1 to \(BodyMeasure.maxNameLength) characters."))
            }
            // The name is what a person tells measures apart by, so it matches whatever its case.
            let lowered = name.lowercased()
            if let same = held.first(where: { $0.key == measure.key && $0.unit == unit })
                ?? held.first(where: { $0.name.lowercased() == lowered && $0.unit == unit })
            {
                measureIDs[measure.key] = same.id
                continue
            }
            let free = Self.freeName(name, unit: unit, taken: Set(held.map { $0.name.lowercased() }))
            let added = try AppDatabase.insertMeasure(db, name: free, unit: unit, isShown: measure.isShown)
            measureIDs[measure.key] = added.id
            held.append(BodyMeasure(id: added.id, key: added.key, name: free, unit: unit, isShown: measure.isShown))
        }
        var units: [Int64: BodyMeasure.Unit] = [:]
        for measure in try BodyQueries.measures(db) { units[measure.id] = measure.unit }
        var existing: [String: Int] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT measure_id, value, measured_local FROM body_measurement") {
            existing["\(row[0] as Int64) \((row[1] as Double).bitPattern) \(row[2] as String)", default: 0] += 1
        }
        for reading in document.bodyMeasurements {
            guard let measureID = measureIDs[reading.measure] else {
                throw ImportRefusal(
                    description: tr("A reading names the measure “\(reading.measure.prefix(40))”, which the file does not hold."))
            }
            let key = "\(measureID) \(reading.value.bitPattern) \(reading.measuredLocal)"
            if let count = existing[key], count > 0 {
                existing[key] = count - 1
                continue
            }
            guard units[measureID]?.storedRange.contains(reading.value) == true else {
                throw ImportRefusal(
                    description: tr("A reading of “\(reading.measure.prefix(40))” is \(reading.value), which no body measures."))
            }
            try AppDatabase.insertMeasurement(
                db, measureID: measureID, value: reading.value,
                at: try time(reading.measuredLocal, utcOffsetMinutes: reading.utcOffsetMinutes),
                utcOffsetMinutes: reading.utcOffsetMinutes, createdAt: try stamp(reading.createdAt))
            outcome.measurementsAdded += 1
        }
        existing = [:]
        for row in try Row.fetchAll(db, sql: "SELECT millilitres, drunk_local FROM water_drink") {
            existing["\((row[0] as Double).bitPattern) \(row[1] as String)", default: 0] += 1
        }
        for drink in document.water {
            let key = "\(drink.millilitres.bitPattern) \(drink.drunkLocal)"
            if let count = existing[key], count > 0 {
                existing[key] = count - 1
                continue
            }
            guard WaterDrink.millilitresAtOnce.contains(drink.millilitres) else {
                throw ImportRefusal(description: tr("A glass of water is \(drink.millilitres) ml: one drink is 1 to 2,000 ml."))
            }
            try AppDatabase.insertWater(
                db, millilitres: drink.millilitres, at: try time(drink.drunkLocal, utcOffsetMinutes: drink.utcOffsetMinutes),
                utcOffsetMinutes: drink.utcOffsetMinutes,
                createdAt: try stamp(drink.createdAt))
            outcome.drinksAdded += 1
        }
    }

    /// A measure from a file whose name this diary gives a measure of another unit already ("Chest"
    /// in percent beside the built-in chest in cm) keeps its unit in its name.
    private static func freeName(_ name: String, unit: BodyMeasure.Unit, taken: Set<String>) -> String {
        let symbol = unit == .percent ? "%" : unit.rawValue
        var candidate = name
        var number = 1
        while taken.contains(candidate.lowercased()) {
            number += 1
            let suffix = number == 2 ? " (\(symbol))" : " (\(symbol) \(number - 1))"
            candidate = String(name.prefix(BodyMeasure.maxNameLength - suffix.count)) + suffix
        }
        return candidate
    }

    /// A reading's, a drink's or an activity's wall-clock time, on a day between 1900 and the day it is now where
    /// it was taken (its own UTC offset), as the pages take one.
    func time(_ text: String, utcOffsetMinutes: Int) throws -> LocalDateTime {
        guard let time = LocalDateTime(parsing: text) else {
            throw ImportRefusal(description: tr("The file has the time “\(text.prefix(40))” where a time like 2026-03-09T07:30 belongs."))
        }
        guard time.date >= LocalDate.firstDiaryDay else {
            throw ImportRefusal(description: tr("The file has a reading or a drink on \(time.date), before 1900: check its years."))
        }
        let today = LocalDateTime(now.addingTimeInterval(Double(try offset(utcOffsetMinutes)) * 60), in: .gmt).date
        guard time.date <= today else {
            throw ImportRefusal(
                description: tr("The file has a reading or a drink on \(time.date), a day that has not come yet: check its years."))
        }
        return time
    }
}

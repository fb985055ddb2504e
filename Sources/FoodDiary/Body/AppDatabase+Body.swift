import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import FoodDiaryWeb
import GRDB

/// Writes to weigh-ins, body measurements, water and their settings, each in one transaction.
extension AppDatabase {
    /// Returns the reading's id.
    @discardableResult
    package func addMeasurement(measureID: Int64, value: Double, at time: LocalDateTime, utcOffsetMinutes: Int, now: Date) async throws
        -> Int64
    {
        try await write { db in
            try Self.insertMeasurement(db, measureID: measureID, value: value, at: time, utcOffsetMinutes: utcOffsetMinutes, createdAt: now)
            return db.lastInsertedRowID
        }
    }

    /// One reading, as the pages, an import and the demo diary all add it.
    package static func insertMeasurement(
        _ db: Database, measureID: Int64, value: Double, at time: LocalDateTime, utcOffsetMinutes: Int,
        createdAt: any DatabaseValueConvertible
    ) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO body_measurement (measure_id, value, measured_local, utc_offset_minutes, created_at) VALUES (?, ?, ?, ?, ?)
                """
        ).execute(arguments: [measureID, value, time.description, utcOffsetMinutes, createdAt])
    }

    /// Returns false when the measure has no reading with that id.
    package func deleteMeasurement(id: Int64, key: String) async throws -> Bool {
        try await write { db in
            guard let measure = try BodyQueries.measure(db, key: key) else { return false }
            return try BodyMeasurementTable.filter(BodyMeasurementTable.id == id && BodyMeasurementTable.measureID == measure.id).deleteAll(
                db) > 0
        }
    }

    /// A measure of the person's own, shown from the start; returns its key, or nil when the diary
    /// has a measure of that name already (built in or their own), whatever its case.
    package func addMeasure(name: String, unit: BodyMeasure.Unit) async throws -> String? {
        try await write { db in
            let lowered = name.lowercased()
            guard try !BodyMeasure.fetchAll(db).contains(where: { $0.name.lowercased() == lowered }) else { return nil }
            return try Self.insertMeasure(db, name: name, unit: unit, isShown: true).key
        }
    }

    /// A measure of the person's own gets the next `ownN` key and goes last.
    package static func insertMeasure(_ db: Database, name: String, unit: BodyMeasure.Unit, isShown: Bool) throws -> (
        id: Int64, key: String
    ) {
        let count = try BodyMeasure.fetchCount(db)
        let key = "own\(count + 1)"
        try NewBodyMeasureRow(key: key, name: name, unit: unit.rawValue, isShown: isShown, position: count).insert(db)
        return (db.lastInsertedRowID, key)
    }

    /// Shows the measures with these keys and hides the others; weight is always shown.
    package func showMeasures(keys: Set<String>) async throws {
        try await write { db in
            let shown = keys.union([BodyMeasure.weightKey]), key = BodyMeasure.Columns.key
            try BodyMeasure.filter(shown.contains(key)).updateAll(db, BodyMeasure.Columns.isShown.set(to: true))
            try BodyMeasure.filter(!shown.contains(key)).updateAll(db, BodyMeasure.Columns.isShown.set(to: false))
        }
    }

    /// Returns the drink's id.
    @discardableResult
    package func addWater(millilitres: Double, at time: LocalDateTime, utcOffsetMinutes: Int, now: Date) async throws -> Int64 {
        try await write { db in
            try Self.insertWater(db, millilitres: millilitres, at: time, utcOffsetMinutes: utcOffsetMinutes, createdAt: now)
            return db.lastInsertedRowID
        }
    }

    /// One glass, as the pages, an import and the demo diary all add it.
    package static func insertWater(
        _ db: Database, millilitres: Double, at time: LocalDateTime, utcOffsetMinutes: Int,
        createdAt: any DatabaseValueConvertible
    ) throws {
        try db.cachedStatement(
            sql: "INSERT INTO water_drink (millilitres, drunk_local, utc_offset_minutes, created_at) VALUES (?, ?, ?, ?)"
        )
        .execute(arguments: [millilitres, time.description, utcOffsetMinutes, createdAt])
    }

    /// Returns false when no drink has that id.
    package func deleteWater(id: Int64) async throws -> Bool {
        try await write { db in
            try WaterDrinkTable.deleteOne(db, key: id)
        }
    }

    package func setBodySettings(_ settings: BodySettings) async throws {
        try await write { db in try Self.storeBodySettings(db, settings) }
    }

    package static func storeBodySettings(_ db: Database, _ settings: BodySettings) throws {
        for (key, value) in settings.rows { try storeSetting(db, key, value) }
    }

    /// The energy goal and the rate it was set for, together.
    package func acceptEnergyTarget(kcal: Double, kilogramsPerWeek rate: Double) async throws {
        try await write { db in
            try db.execute(
                sql:
                    "INSERT INTO daily_goal (nutrient, target) VALUES ('energyKcal', ?) ON CONFLICT (nutrient) DO UPDATE SET target = excluded.target",
                arguments: [kcal])
            var settings = try BodyQueries.settings(db)
            settings.weeklyRateKilograms = rate
            try Self.storeBodySettings(db, settings)
        }
    }
}

/// Read-only questions about the body and water; each runs in one read transaction.
public enum BodyQueries {
    /// Weigh-ins this long before the first day shown cannot move its trend by a gram: a weight
    /// 10 kg off the trend 150 days earlier still counts 10 kg × 0.9^150 ≈ 1.4 mg.
    static let trendHistoryDays = 150

    public static func settings(_ db: Database) throws -> BodySettings {
        let rows = try db.cachedRows(
            "SELECT key, value FROM setting WHERE key IN (?, ?, ?, ?, ?, ?)",
            [
                BodySettings.keys.units, BodySettings.keys.energy, BodySettings.keys.waterGoal, BodySettings.keys.glass,
                BodySettings.keys.rate,
                BodySettings.keys.exercise
            ])
        return BodySettings(settings: Dictionary(uniqueKeysWithValues: rows.map { ($0[0], $0[1]) }))
    }

    public static func measures(_ db: Database) throws -> [BodyMeasure] {
        try BodyMeasure.order(BodyMeasure.position, BodyMeasure.Columns.id).fetchAll(db)
    }

    public static func measure(_ db: Database, key: String) throws -> BodyMeasure? {
        try BodyMeasure.filter(BodyMeasure.Columns.key == key).fetchOne(db)
    }

    /// A measure's readings, oldest first.
    public static func measurements(_ db: Database, measureID: Int64) throws -> [BodyMeasurement] {
        try db.cachedRows(
            """
            SELECT id, measure_id, value, measured_local, utc_offset_minutes FROM body_measurement
            WHERE measure_id = ? ORDER BY measured_local, id
            """, [measureID]
        ).compactMap(measurement)
    }

    /// Each shown measure's latest reading, by measure id.
    public static func latestReadings(_ db: Database) throws -> [Int64: BodyMeasurement] {
        let rows = try db.cachedRows(
            """
            SELECT m.id, m.measure_id, m.value, m.measured_local, m.utc_offset_minutes FROM body_measure b
            JOIN body_measurement m ON m.id = (SELECT id FROM body_measurement WHERE measure_id = b.id ORDER BY measured_local DESC,
                id DESC LIMIT 1)
            """, [])
        return Dictionary(uniqueKeysWithValues: rows.compactMap(measurement).map { ($0.measureID, $0) })
    }

    private static func measurement(_ row: Row) -> BodyMeasurement? {
        guard let time = LocalDateTime(parsing: row[3]) else { return nil }
        return BodyMeasurement(id: row[0], measureID: row[1], value: row[2], takenAt: time, utcOffsetMinutes: row[4])
    }

    /// The weight trend through `last`, for the `shownDays` ending there, from every weigh-in that
    /// can still move it; the trend's days begin before the first shown.
    public static func weightTrend(_ db: Database, through last: LocalDate, shownDays: Int = 1) throws -> (
        trend: WeightTrend, weighIns: [BodyMeasurement]
    ) {
        let first = last.adding(days: -(shownDays + trendHistoryDays))
        let weighIns = try db.cachedRows(
            """
            SELECT m.id, m.measure_id, m.value, m.measured_local, m.utc_offset_minutes FROM body_measurement m
            JOIN body_measure b ON b.id = m.measure_id AND b.key = ?
            WHERE m.measured_local >= ? AND m.measured_local < ? ORDER BY m.measured_local, m.id
            """, [BodyMeasure.weightKey, first.description, last.next.description]
        ).compactMap(measurement)
        return (WeightTrend(weighIns: weighIns.map { ($0.takenAt.date, $0.value) }), weighIns)
    }

    /// The water drunk on one day, in the order it was drunk.
    public static func water(_ db: Database, on date: LocalDate) throws -> [WaterDrink] {
        try db.cachedRows(
            "SELECT id, millilitres, drunk_local, utc_offset_minutes FROM water_drink WHERE drunk_local >= ? AND drunk_local < ? ORDER BY drunk_local, id",
            [date.description, date.next.description]
        ).compactMap { row in
            LocalDateTime(parsing: row[2]).map { WaterDrink(id: row[0], millilitres: row[1], drunkAt: $0, utcOffsetMinutes: row[3]) }
        }
    }
}

extension BodyQueries {
    /// Up to `limit` readings of a measure taken `from` through `to`, oldest first, after `cursor`.
    static func measurementsPage(_ db: Database, measureID: Int64, page: APIPageQuery) throws -> (
        readings: [BodyMeasurement], next: TimeCursor?
    ) {
        let rows = try db.cachedRows(
            """
            SELECT id, measure_id, value, measured_local, utc_offset_minutes FROM body_measurement
            WHERE measure_id = ? AND measured_local >= ? AND measured_local < ? AND (measured_local, id) > (?, ?)
            ORDER BY measured_local, id LIMIT ?
            """, [measureID] + bounds(page) + [page.limit + 1]
        ).compactMap(measurement)
        let shown = Array(rows.prefix(page.limit))
        return (shown, rows.count > page.limit ? shown.last.map { TimeCursor(at: $0.takenAt, id: $0.id) } : nil)
    }

    /// Up to `limit` drinks of water, as `measurementsPage`.
    static func waterPage(_ db: Database, page: APIPageQuery) throws -> (drinks: [WaterDrink], next: TimeCursor?) {
        let rows = try db.cachedRows(
            """
            SELECT id, millilitres, drunk_local, utc_offset_minutes FROM water_drink
            WHERE drunk_local >= ? AND drunk_local < ? AND (drunk_local, id) > (?, ?)
            ORDER BY drunk_local, id LIMIT ?
            """, bounds(page) + [page.limit + 1]
        ).compactMap { row in
            LocalDateTime(parsing: row[2]).map { WaterDrink(id: row[0], millilitres: row[1], drunkAt: $0, utcOffsetMinutes: row[3]) }
        }
        let shown = Array(rows.prefix(page.limit))
        return (shown, rows.count > page.limit ? shown.last.map { TimeCursor(at: $0.drunkAt, id: $0.id) } : nil)
    }

    /// From, through (as the day after) and the cursor, each open when not asked for.
    private static func bounds(_ page: APIPageQuery) -> StatementArguments {
        [page.from?.description ?? "", page.to?.next.description ?? "9999", page.after?.at.description ?? "", page.after?.id ?? 0]
    }
}

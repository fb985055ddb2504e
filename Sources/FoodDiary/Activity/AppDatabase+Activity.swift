import FoodDiaryBase
import FoodDiaryStorage
import FoodDiaryWeb
import Foundation
import GRDB

/// Writes to exercise and steps, each in one transaction.
extension AppDatabase {
    package func addActivity(_ activity: NewActivity, now: Date) async throws {
        try await write { db in _ = try Self.insertActivity(db, activity, createdAt: now) }
    }

    /// One activity, as the pages, an import and a phone all add it. Returns false when one with
    /// the same source and source id is kept already: the same workout sent twice is kept once.
    @discardableResult
    package static func insertActivity(_ db: Database, _ activity: NewActivity, createdAt: any DatabaseValueConvertible) throws -> Bool {
        try db.cachedStatement(
            sql: """
                INSERT INTO activity (name, kind, met, started_local, utc_offset_minutes, duration_minutes, active_energy_kcal, distance_m,
                                      source, source_id, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (source, source_id) WHERE source_id IS NOT NULL DO NOTHING
                """
        ).execute(arguments: [
            activity.name, activity.kind, activity.met, activity.startedAt.description, activity.utcOffsetMinutes,
            activity.durationMinutes, activity.activeEnergyKcal, activity.distanceMetres, activity.source,
            activity.sourceID, createdAt
        ])
        return db.changesCount > 0
    }

    /// Returns false when no activity has that id.
    package func deleteActivity(id: Int64) async throws -> Bool {
        try await write { db in try Activity.deleteOne(db, key: id) }
    }

    /// The day's steps as the person typed them, replacing what they typed before; zero takes
    /// theirs away and leaves what a phone or a watch counted.
    package func setTypedSteps(_ steps: Int, on date: LocalDate, now: Date) async throws {
        try await write { db in
            try db.execute(
                sql: "DELETE FROM movement_sample WHERE kind = 'steps' AND source = ? AND started_local >= ? AND started_local < ?",
                arguments: [Activity.typed, date.description, date.next.description])
            if steps > 0 { try Self.storeSample(db, .daySteps(steps, on: date, source: Activity.typed), updatedAt: now) }
        }
    }

    /// One sample, replacing one from the same source, of the same kind, starting the same minute:
    /// a phone that sends the same stretch again changes nothing. Returns false when the diary held
    /// this very sample already.
    @discardableResult
    package static func storeSample(_ db: Database, _ sample: MovementSample, updatedAt: any DatabaseValueConvertible) throws -> Bool {
        let existing = try Double.fetchOne(
            db.cachedStatement(sql: "SELECT value FROM movement_sample WHERE kind = ? AND started_local = ? AND source = ?"),
            arguments: [sample.kind.rawValue, sample.startedAt.description, sample.source])
        if existing == sample.value { return false }
        try db.cachedStatement(
            sql: """
                INSERT INTO movement_sample (kind, started_local, source, utc_offset_minutes, value, updated_at) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (kind, started_local, source) DO UPDATE SET value = excluded.value,
                    utc_offset_minutes = excluded.utc_offset_minutes,
                    updated_at = excluded.updated_at
                """
        ).execute(arguments: [
            sample.kind.rawValue, sample.startedAt.description, sample.source, sample.utcOffsetMinutes, sample.value, updatedAt
        ])
        return true
    }
}

/// Read-only questions about exercise and steps; each runs in one read transaction.
public enum ActivityQueries {
    /// The activities of one day, in the order they started.
    public static func activities(_ db: Database, on date: LocalDate) throws -> [Activity] {
        try Activity.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT \(Activity.selection) FROM activity WHERE started_local >= ? AND started_local < ? ORDER BY started_local, id
                    """), arguments: [date.description, date.next.description])
    }

    /// A day's steps: the most any one source counted, since a phone and a watch count the same steps.
    public static func steps(_ db: Database, on date: LocalDate) throws -> Int? {
        try movement(db, .steps, from: date, through: date)[date].map { Int($0.rounded()) }
    }

    /// The steps the person typed for a day.
    static func typedSteps(_ db: Database, on date: LocalDate) throws -> Int? {
        try Double.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT sum(value) FROM movement_sample WHERE kind = 'steps' AND source = ? AND started_local >= ? AND started_local < ?
                    """), arguments: [Activity.typed, date.description, date.next.description]
        ).map { Int($0.rounded()) }
    }

    /// A day's active energy as a phone or a watch measured it, the most any one source did.
    public static func deviceActiveKcal(_ db: Database, on date: LocalDate) throws -> Double? {
        try movement(db, .activeEnergyKcal, from: date, through: date)[date]
    }

    /// Each day's figure of one kind from `first` through `last` (nil: every day kept): each
    /// source's sum, the largest of them.
    static func movement(_ db: Database, _ kind: MovementSample.Kind, from first: LocalDate?, through last: LocalDate?) throws
        -> [LocalDate: Double]
    {
        var days: [LocalDate: Double] = [:]
        for row in try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT day, max(total) FROM (
                        SELECT substr(started_local, 1, 10) AS day, sum(value) AS total FROM movement_sample
                        WHERE kind = ? AND started_local >= ? AND started_local < ? GROUP BY day, source
                    ) GROUP BY day
                    """), arguments: [kind.rawValue] + bounds(first, last))
        {
            if let date = LocalDate(parsing: row[0]) { days[date] = row[1] }
        }
        return days
    }

    /// Each day's exercise energy and steps from `first` through `last` (nil: every day kept), by
    /// date; days with neither are absent.
    public static func days(_ db: Database, from first: LocalDate?, through last: LocalDate?) throws -> [LocalDate: (
        activeKcal: Double, steps: Int?
    )] {
        var days: [LocalDate: (activeKcal: Double, steps: Int?)] = [:]
        for row in try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT substr(started_local, 1, 10), sum(active_energy_kcal) FROM activity WHERE started_local >= ? AND started_local < ? GROUP BY 1
                    """), arguments: bounds(first, last))
        {
            if let date = LocalDate(parsing: row[0]) { days[date] = (row[1], nil) }
        }
        for (date, steps) in try movement(db, .steps, from: first, through: last) {
            days[date] = (days[date]?.activeKcal ?? 0, Int(steps.rounded()))
        }
        return days
    }

    /// From and through as the day after, each open when not given.
    private static func bounds(_ first: LocalDate?, _ last: LocalDate?) -> StatementArguments {
        [first?.description ?? "", last?.next.description ?? "9999"]
    }

    /// The person's usual activities, most recent first: each kind (or own name) once, with the
    /// minutes and energy it last had, so the day page offers it again in one tap.
    static func usual(_ db: Database, limit: Int = 4) throws -> [Activity] {
        try Activity.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT \(Activity.selection) FROM activity WHERE id IN (
                        SELECT max(id) FROM activity WHERE source = ? GROUP BY coalesce(kind, 'own:' || name)
                    ) ORDER BY id DESC LIMIT ?
                    """), arguments: [Activity.typed, limit])
    }
}

extension ActivityQueries {
    /// The weight a Compendium activity on `date` is reckoned with: the trend that day, or, before
    /// the first weigh-in, that weigh-in; nil for a person never weighed.
    static func kilograms(_ db: Database, on date: LocalDate) throws -> Double? {
        if let trend = try BodyQueries.weightTrend(db, through: date).trend.latest { return trend.trendKilograms }
        return try Double.fetchOne(
            db,
            sql: """
                SELECT m.value FROM body_measurement m JOIN body_measure b ON b.id = m.measure_id AND b.key = ? ORDER BY m.measured_local,
                    m.id LIMIT 1
                """, arguments: [BodyMeasure.weightKey])
    }
}

extension ActivityQueries {
    /// Up to `limit` activities started `from` through `to`, oldest first, after `cursor`.
    static func page(_ db: Database, page: APIPageQuery) throws -> (activities: [Activity], next: TimeCursor?) {
        let rows = try Activity.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT \(Activity.selection) FROM activity
                    WHERE started_local >= ? AND started_local < ? AND (started_local, id) > (?, ?)
                    ORDER BY started_local, id LIMIT ?
                    """),
            arguments: [
                page.from?.description ?? "", page.to?.next.description ?? "9999", page.after?.at.description ?? "",
                page.after?.id ?? 0, page.limit + 1
            ])
        let shown = Array(rows.prefix(page.limit))
        return (shown, rows.count > page.limit ? shown.last.map { TimeCursor(at: $0.startedAt, id: $0.id) } : nil)
    }
}

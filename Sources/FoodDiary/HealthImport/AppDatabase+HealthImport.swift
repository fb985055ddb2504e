import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB

/// What one sending from a phone added, and what it already had.
struct HealthOutcome: Sendable, Equatable, Encodable {
    var weighIns = 0
    var measurements = 0
    var drinks = 0
    var samples = 0
    var workouts = 0
    /// Readings the diary held already: a phone that sends the same day again adds nothing.
    var alreadyThere = 0
}

extension AppDatabase {
    /// Keeps what `payload` holds that the diary has not, in one transaction: a weigh-in, a
    /// measurement or a drink the diary holds (same measure, value and minute) is not added again,
    /// a sample replaces its source's sample of the same start, a workout is kept once by its id or
    /// by its start and length.
    func importHealth(_ payload: HealthPayload, now: Date) async throws -> HealthOutcome {
        try await write { db in try Self.storeHealth(db, payload, now: now) }
    }

    /// `importHealth` inside a transaction already open: an Apple Health export writes a batch at a time.
    static func storeHealth(_ db: Database, _ payload: HealthPayload, now: Date) throws -> HealthOutcome {
        var outcome = HealthOutcome()
        var measureIDs: [String: Int64] = [:]
        for measure in try BodyQueries.measures(db) { measureIDs[measure.key] = measure.id }
        for reading in payload.readings {
            guard let measureID = measureIDs[reading.measure] else { continue }
            let held =
                try Int.fetchOne(
                    db.cachedStatement(
                        sql: """
                            SELECT count(*) FROM body_measurement WHERE measure_id = ? AND measured_local = ? AND abs(value - ?) < 0.0005
                            """), arguments: [measureID, reading.time.description, reading.value]) ?? 0
            if held > 0 {
                outcome.alreadyThere += 1
                continue
            }
            try Self.insertMeasurement(
                db, measureID: measureID, value: reading.value, at: reading.time, utcOffsetMinutes: reading.utcOffsetMinutes, createdAt: now
            )
            if reading.measure == BodyMeasure.weightKey { outcome.weighIns += 1 } else { outcome.measurements += 1 }
        }
        for drink in payload.drinks {
            let held =
                try Int.fetchOne(
                    db.cachedStatement(sql: "SELECT count(*) FROM water_drink WHERE drunk_local = ? AND abs(millilitres - ?) < 0.0005"),
                    arguments: [drink.time.description, drink.millilitres]) ?? 0
            if held > 0 {
                outcome.alreadyThere += 1
                continue
            }
            try Self.insertWater(
                db, millilitres: drink.millilitres, at: drink.time, utcOffsetMinutes: drink.utcOffsetMinutes, createdAt: now)
            outcome.drinks += 1
        }
        for sample in payload.samples {
            if try Self.storeSample(db, sample, updatedAt: now) { outcome.samples += 1 } else { outcome.alreadyThere += 1 }
        }
        for workout in payload.workouts {
            // The same workout reaches the diary by Health Auto Export (its id) and by Apple Health's
            // export (its start and type), or was typed: one already starting that minute, lasting
            // the same to a minute, is it, unless the same source named it otherwise.
            let same =
                try Int.fetchOne(
                    db.cachedStatement(
                        sql: """
                            SELECT count(*) FROM activity WHERE started_local = ? AND (duration_minutes IS NULL OR ? IS NULL OR abs(duration_minutes - ?) <= 1)
                                AND NOT (source = ? AND source_id IS NOT NULL AND ? IS NOT NULL AND source_id != ?)
                            """),
                    arguments: [
                        workout.startedAt.description, workout.durationMinutes, workout.durationMinutes,
                        workout.source, workout.sourceID, workout.sourceID
                    ]) ?? 0
            if same == 0, try Self.insertActivity(db, workout, createdAt: now) { outcome.workouts += 1 } else { outcome.alreadyThere += 1 }
        }
        return outcome
    }
}

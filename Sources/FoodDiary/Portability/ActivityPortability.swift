import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB

/// Exercise and steps in `diary.json`, as stored: energy in kcal above rest, times on the wall clock.
extension DiaryDocument {
    struct ActivityRecord: Codable, Sendable, Equatable {
        var name: String
        /// The Compendium key (`Activities.tsv`), or absent for one of the person's own.
        var kind: String?
        var met: Double?
        var startedLocal: String
        var utcOffsetMinutes: Int
        var durationMinutes: Double?
        var activeEnergyKcal: Double
        var distanceMetres: Double?
        var source: String
        var sourceID: String?
        var createdAt: String

        enum CodingKeys: String, CodingKey {
            case name, kind, met, source
            case startedLocal = "started_local"
            case utcOffsetMinutes = "utc_offset_minutes"
            case durationMinutes = "duration_minutes"
            case activeEnergyKcal = "active_energy_kcal"
            case distanceMetres = "distance_m"
            case sourceID = "source_id"
            case createdAt = "created_at"
        }
    }

    /// Steps or active energy a phone, a watch or the person counted, over a stretch from `started_local`.
    struct MovementRecord: Codable, Sendable, Equatable {
        /// `steps` or `active_energy_kcal`.
        var kind: String
        var startedLocal: String
        var source: String
        var utcOffsetMinutes: Int
        var value: Double
        var updatedAt: String

        enum CodingKeys: String, CodingKey {
            case kind, source, value
            case startedLocal = "started_local"
            case utcOffsetMinutes = "utc_offset_minutes"
            case updatedAt = "updated_at"
        }
    }
}

extension PortabilityQueries {
    static func addActivity(_ db: Database, to document: inout DiaryDocument) throws {
        document.activities = try Row.fetchAll(
            db,
            sql: """
                SELECT name, kind, met, started_local, utc_offset_minutes, duration_minutes, active_energy_kcal, distance_m, source,
                    source_id, created_at
                FROM activity ORDER BY started_local, id
                """
        ).map {
            .init(
                name: $0[0], kind: $0[1], met: $0[2], startedLocal: $0[3], utcOffsetMinutes: $0[4], durationMinutes: $0[5],
                activeEnergyKcal: $0[6],
                distanceMetres: $0[7], source: $0[8], sourceID: $0[9], createdAt: $0[10])
        }
        document.movement = try Row.fetchAll(
            db,
            sql: """
                SELECT kind, started_local, source, utc_offset_minutes, value, updated_at FROM movement_sample ORDER BY kind,
                    started_local, source
                """
        ).map { .init(kind: $0[0], startedLocal: $0[1], source: $0[2], utcOffsetMinutes: $0[3], value: $0[4], updatedAt: $0[5]) }
    }
}

extension DiaryDocumentWriter {
    /// An activity the diary holds already (the same source and source id, or the same name, start
    /// and energy) is not added twice; a sample of steps or energy replaces the diary's of the same
    /// source, kind and start.
    func addActivity(_ document: DiaryDocument, outcome: inout ImportOutcome) throws {
        var existing: [String: Int] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT name, started_local, active_energy_kcal FROM activity") {
            existing["\(row[0] as String) \(row[1] as String) \((row[2] as Double).bitPattern)", default: 0] += 1
        }
        for record in document.activities {
            let key = "\(record.name) \(record.startedLocal) \(record.activeEnergyKcal.bitPattern)"
            if let count = existing[key], count > 0 {
                existing[key] = count - 1
                continue
            }
            let name = record.name.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !name.isEmpty, name.count <= Activity.maxNameLength else {
                throw ImportRefusal(
                    description:
                        tr("An activity is named “\(name.prefix(40))…”: an activity's name is 1 to \(Activity.maxNameLength) characters."))
            }
            guard (0...Activity.kcalAtOnce.upperBound).contains(record.activeEnergyKcal) else {
                throw ImportRefusal(
                    description:
                        tr("The activity “\(name.prefix(40))” burned \(record.activeEnergyKcal) kcal: one activity is 0 to 10,000 kcal."))
            }
            let time = try time(record.startedLocal, utcOffsetMinutes: record.utcOffsetMinutes)
            let added = try AppDatabase.insertActivity(
                db,
                NewActivity(
                    name: name, kind: record.kind, met: record.met, startedAt: time, utcOffsetMinutes: record.utcOffsetMinutes,
                    durationMinutes: record.durationMinutes, activeEnergyKcal: record.activeEnergyKcal,
                    distanceMetres: record.distanceMetres,
                    source: record.source, sourceID: record.sourceID), createdAt: try stamp(record.createdAt))
            if added { outcome.activitiesAdded += 1 }
        }
        for record in document.movement {
            guard let kind = MovementSample.Kind(rawValue: record.kind), (0...200_000).contains(record.value),
                !record.source.isEmpty, record.source.count <= 80
            else {
                throw ImportRefusal(
                    description:
                        "The file has \(record.value) “\(record.kind.prefix(20))” from “\(record.source.prefix(40))”: steps or active_energy_kcal, 0 to 200,000, from a named source belong there."
                )
            }
            let sample = MovementSample(
                kind: kind, source: record.source, startedAt: try time(record.startedLocal, utcOffsetMinutes: record.utcOffsetMinutes),
                utcOffsetMinutes: record.utcOffsetMinutes, value: record.value)
            if try AppDatabase.storeSample(db, sample, updatedAt: try stamp(record.updatedAt)) { outcome.movementAdded += 1 }
        }
    }
}

import FoodDiaryBase
import GRDB

/// Exercise on a day: what it was, when it started, for how long, and the energy it burned above
/// rest (`ActivityKind.activeKcal`), as reckoned or as a watch gave it.
public struct Activity: Sendable, Equatable, FetchableRecord, TableRecord {
    public static let databaseTableName = "activity"
    /// A slipped digit is caught; an ultramarathon fits.
    static let minutesAtOnce = 1.0...1_440
    /// What a device may send: a sprint under a minute keeps its seconds.
    static let importedMinutes = Double.ulpOfOne...1_440
    /// A workout's distance: from standing still to a thousand kilometres (an ultra ride).
    static let metresAtOnce = 0.0...1_000_000
    static let kcalAtOnce = 1.0...10_000
    static let maxNameLength = 80
    /// Where an activity typed on a page comes from; an import or a phone names its own.
    package static let typed = "typed"

    public let id: Int64
    public let name: String
    /// The Compendium's key (`ActivityKind`), or nil for one of the person's own.
    public let kind: String?
    public let met: Double?
    public let startedAt: LocalDateTime
    public let utcOffsetMinutes: Int
    public let durationMinutes: Double?
    public let activeEnergyKcal: Double
    public let distanceMetres: Double?
    public let source: String

    static let selection =
        "id, name, kind, met, started_local, utc_offset_minutes, duration_minutes, active_energy_kcal, distance_m, source"

    public init(row: Row) throws {
        guard let started = LocalDateTime(parsing: row[4]) else {
            throw DatabaseError(message: "activity \(row[0] as Int64): no start time")
        }
        id = row[0]
        name = row[1]
        kind = row[2]
        met = row[3]
        startedAt = started
        utcOffsetMinutes = row[5]
        durationMinutes = row[6]
        activeEnergyKcal = row[7]
        distanceMetres = row[8]
        source = row[9]
    }
}

/// An activity as it is saved: its id comes from SQLite.
package struct NewActivity: Sendable, Equatable {
    var name: String
    var kind: String?
    var met: Double?
    var startedAt: LocalDateTime
    var utcOffsetMinutes: Int
    var durationMinutes: Double?
    package var activeEnergyKcal: Double
    var distanceMetres: Double?
    var source: String
    /// Set by an import or a phone, so the same workout sent again is kept once.
    var sourceID: String?

    package init(
        name: String, kind: String?, met: Double?, startedAt: LocalDateTime, utcOffsetMinutes: Int, durationMinutes: Double?,
        activeEnergyKcal: Double, distanceMetres: Double? = nil, source: String = Activity.typed, sourceID: String? = nil
    ) {
        (self.name, self.kind, self.met, self.startedAt, self.utcOffsetMinutes) = (name, kind, met, startedAt, utcOffsetMinutes)
        (self.durationMinutes, self.activeEnergyKcal, self.distanceMetres, self.source, self.sourceID) = (
            durationMinutes, activeEnergyKcal, distanceMetres, source, sourceID
        )
    }

    /// A Compendium activity of `minutes` for a person of `kilograms`.
    package init(_ kind: ActivityKind, minutes: Double, kilograms: Double, startedAt: LocalDateTime, utcOffsetMinutes: Int) {
        self.init(
            name: kind.name, kind: kind.key, met: kind.met, startedAt: startedAt, utcOffsetMinutes: utcOffsetMinutes,
            durationMinutes: minutes,
            activeEnergyKcal: ActivityKind.activeKcal(met: kind.met, kilograms: kilograms, minutes: minutes))
    }
}

/// Steps or active energy a phone, a watch or the person counted, from one source over a stretch
/// starting at `startedAt` (a minute, an hour or a whole day): a day's figure is each source's sum.
package struct MovementSample: Sendable, Equatable {
    package enum Kind: String, Sendable {
        case steps
        /// All movement above rest as the device measures it, exercise or not.
        case activeEnergyKcal = "active_energy_kcal"
    }

    let kind: Kind
    let source: String
    let startedAt: LocalDateTime
    let utcOffsetMinutes: Int
    let value: Double

    /// What one day may count, to catch a slipped digit or a broken sender.
    static let stepsInADay = 0...200_000
    static let activeKcalInADay = 0.0...20_000

    package init(kind: Kind, source: String, startedAt: LocalDateTime, utcOffsetMinutes: Int, value: Double) {
        (self.kind, self.source, self.startedAt, self.utcOffsetMinutes, self.value) = (kind, source, startedAt, utcOffsetMinutes, value)
    }

    /// A whole day's steps, as the person types them or an export gives them.
    package static func daySteps(_ steps: Int, on date: LocalDate, source: String) -> MovementSample {
        MovementSample(
            kind: .steps, source: source, startedAt: LocalDateTime(date: date, hour: 0, minute: 0)!, utcOffsetMinutes: 0,
            value: Double(steps))
    }
}

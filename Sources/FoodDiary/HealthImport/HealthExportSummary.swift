import FoodDiaryBase
import Foundation

/// What a health export holds or added, by kind (Health Auto Export's metric names, and
/// "workouts"), with its first and last day.
struct HealthExportSummary: Sendable, Equatable {
    /// "An Apple Health export", "A Fitbit export".
    var exportName = tr("A health export")
    var counts: [String: Int] = [:]
    var first: LocalDate?
    var last: LocalDate?
    var added = HealthOutcome()
    var refusedCount = 0
    var refused: [String] = []
    /// What a person should know about how the export was read (a unit it assumes).
    var remarks: [String] = []

    /// A reading on a day still to come (or before the diary's first day) is refused elsewhere,
    /// and says nothing of the range.
    mutating func count(_ kind: String, on date: LocalDate, today: LocalDate) {
        guard date >= LocalDate.firstDiaryDay, date <= today.next else { return }
        counts[kind, default: 0] += 1
        if first.map({ date < $0 }) ?? true { first = date }
        if last.map({ date > $0 }) ?? true { last = date }
    }

    /// A batch's refusals, the first few kept to be shown.
    mutating func refuse(_ batch: HealthPayload) {
        refusedCount += batch.refusedCount
        refused += batch.refused.prefix(HealthPayload.maxRefusalsListed - min(refused.count, HealthPayload.maxRefusalsListed))
    }
}

/// Steps and active energy added up per source and day: exports hold a sample every few minutes
/// and the diary keeps each source's day, so a phone that also sends by itself is another source.
struct MovementDayTotals {
    private var totals: [String: (kind: MovementSample.Kind, source: String, date: LocalDate, value: Double)] = [:]

    mutating func add(_ kind: MovementSample.Kind, _ value: Double, source: String, on date: LocalDate) {
        totals["\(kind.rawValue)|\(source)|\(date)", default: (kind, source, date, 0)].value += value
    }

    /// The day totals as samples starting at midnight, and how many were more than a day holds.
    func samples(timeZone: TimeZone) -> (samples: [MovementSample], refused: Int) {
        var samples: [MovementSample] = [], refused = 0
        for total in totals.values {
            let limit = total.kind == .steps ? Double(MovementSample.stepsInADay.upperBound) : MovementSample.activeKcalInADay.upperBound
            guard total.value <= limit, let start = LocalDateTime(date: total.date, hour: 0, minute: 0) else { refused += 1; continue }
            samples.append(
                MovementSample(
                    kind: total.kind, source: total.source, startedAt: start,
                    utcOffsetMinutes: start.utcOffsetMinutes(in: timeZone), value: total.value.rounded()))
        }
        return (samples, refused)
    }
}

/// An export that cannot be read, with the words the person sees.
package struct HealthExportRefusal: Error, CustomStringConvertible {
    package let description: String

    /// The most an export may inflate to: ten years of a watch's readings is about 10 GB of
    /// export.xml; a ZIP that claims more (or inflates past what it claims) is a bomb, which would
    /// keep the import's queue busy for hours.
    static let maxInflatedBytes: UInt64 = 64 << 30

    static func inflatesTooFar(_ bytes: UInt64) -> HealthExportRefusal {
        HealthExportRefusal(
            description: tr("It would inflate to \(bytes >> 30) GB, more than any phone's export (at most \(maxInflatedBytes >> 30) GB)."))
    }
}

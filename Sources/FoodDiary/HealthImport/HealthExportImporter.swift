import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB

/// A phone's or a watch's whole export (Apple Health's export.zip, Fitbit's Google Takeout), said
/// (what it holds, by kind, and its days) or kept, with its progress: `fooddiary import` and the
/// Export & import page's jobs.
package struct HealthExportImporter: Sendable {
    enum Kind: Sendable {
        case appleHealth, fitbit

        var name: String { self == .appleHealth ? tr("An Apple Health export") : tr("A Fitbit export") }
    }

    let diary: Diary
    let timeZone: TimeZone
    let now: @Sendable () -> Date

    package init(diary: Diary, timeZone: TimeZone, now: @escaping @Sendable () -> Date) {
        (self.diary, self.timeZone, self.now) = (diary, timeZone, now)
    }

    /// What kind of export the ZIP at `path` is; nil for anything else.
    static func kind(zipAt path: String) -> Kind? {
        AppleHealthExport.isAppleHealth(zipAt: path) ? .appleHealth : FitbitTakeout.isFitbit(zipAt: path) ? .fitbit : nil
    }

    package static func isHealthExport(zipAt path: String) -> Bool { kind(zipAt: path) != nil }

    /// The lines that say what the export holds, or with `commit` what it added. Batches in
    /// transactions of their own: an export of gigabytes.
    package func run(zipAt path: String, commit: Bool, progress: @escaping @Sendable (Double) -> Void) async throws -> [String] {
        let kind = Self.kind(zipAt: path) ?? .appleHealth
        let summary = try await withWriter { db, date in
            try reader(kind, at: date)(
                path,
                commit
                    ? { payload in
                        var outcome = HealthOutcome()
                        try db.inTransaction {
                            outcome = try AppDatabase.storeHealth(db, payload, now: date)
                            return .commit
                        }
                        return outcome
                    } : nil, progress)
        }
        if commit { diary.database.version.advance() }
        return Self.lines(summary, committed: commit)
    }

    /// What the export holds, by kind and days, read on the calling thread (one of
    /// `HealthExportJobs`' own) without the database.
    func contents(zipAt path: String, progress: (Double) -> Void) throws -> HealthExportSummary {
        try reader(Self.kind(zipAt: path) ?? .appleHealth, at: now())(path, nil, progress)
    }

    /// The export kept a batch at a time, each batch a transaction of its own, so the person's other
    /// writes to the diary go between them rather than wait for the whole export; stopped half-way,
    /// it keeps the batches written and a second run adds the rest. On the calling thread, one of
    /// `HealthExportJobs`' own, which waits for each batch's async write.
    func keep(zipAt path: String, progress: (Double) -> Void) throws -> HealthExportSummary {
        let date = now(), writer = diary.database.writer
        defer { diary.database.version.advance() }
        return try reader(Self.kind(zipAt: path) ?? .appleHealth, at: date)(
            path,
            { payload in
                try awaitOnOwnThread { try await writer.write { db in try AppDatabase.storeHealth(db, payload, now: date) } }
            }, progress)
    }

    private typealias Reader = (_ path: String, _ store: ((HealthPayload) throws -> HealthOutcome)?, _ progress: (Double) -> Void) throws ->
        HealthExportSummary

    private func reader(_ kind: Kind, at date: Date) -> Reader {
        let today = LocalDateTime(date, in: timeZone).date
        let run: Reader =
            switch kind {
            case .appleHealth: AppleHealthExport(timeZone: timeZone, today: today, now: date).run
            case .fitbit: FitbitTakeout(timeZone: timeZone, today: today).run
            }
        return { path, store, progress in
            var summary = try run(path, store, progress)
            summary.exportName = kind.name
            return summary
        }
    }

    /// The export read on GRDB's writer queue, never a Swift-concurrency thread: export.xml inflates
    /// through a synchronous callback, so its batches are written from inside it.
    private func withWriter(_ body: @escaping @Sendable (Database, Date) throws -> HealthExportSummary) async throws -> HealthExportSummary
    {
        let date = now()
        return try await diary.database.writer.writeWithoutTransaction { db in try body(db, date) }
    }

    /// What the export holds, a line per kind: "1,204 weigh-ins".
    static func kinds(_ summary: HealthExportSummary) -> [String] {
        summary.counts.sorted { $0.key < $1.key }.map { kind, count in
            let n = count.formatted()
            return switch kind {
            case "weight_body_mass": tr(one: "\(n) weigh-in", other: "\(n) weigh-ins", count: count)
            case "body_fat_percentage": tr(one: "\(n) body fat reading", other: "\(n) body fat readings", count: count)
            case "waist_circumference": tr(one: "\(n) waist measurement", other: "\(n) waist measurements", count: count)
            case "step_count": tr(one: "\(n) step count", other: "\(n) step counts", count: count)
            case "active_energy": tr(one: "\(n) active energy sample", other: "\(n) active energy samples", count: count)
            case "dietary_water": tr(one: "\(n) drink of water", other: "\(n) drinks of water", count: count)
            case "workouts": tr(one: "\(n) workout", other: "\(n) workouts", count: count)
            default: "\(n) \(kind)"
            }
        }
    }

    /// "from Friday 1 January 2016 to Friday 8 March 2024", or "on Wednesday 4 March 2026".
    static func days(_ summary: HealthExportSummary) -> String? {
        guard let first = summary.first else { return nil }
        let last = summary.last ?? first
        return last == first ? tr("on \(first.longText)") : tr("from \(first.longText) to \(last.longText)")
    }

    static func lines(_ summary: HealthExportSummary, committed: Bool) -> [String] {
        let held = kinds(summary)
        var lines = [
            summary.exportName + ": " + (held.isEmpty ? "nothing FoodDiary keeps." : held.joined(separator: ", "))
                + (days(summary).map { " \($0)." } ?? "") // the command line's, in English
        ]
        lines += summary.remarks
        if committed {
            let added = summary.added
            lines.append(
                "Added: \(added.weighIns) weigh-ins, \(added.measurements) other measurements, \(added.drinks) drinks, "
                    + "\(added.samples) day totals of steps and energy, \(added.workouts) workouts; \(added.alreadyThere) were there already."
            )
        } else {
            lines.append(
                "Steps and active energy are kept as each source's day total. Nothing was written. Run again with --commit to import.")
        }
        if summary.refusedCount > 0 {
            lines.append(
                "\(summary.refusedCount.formatted()) readings left out"
                    + (summary.refused.isEmpty ? "." : ", such as: " + summary.refused.prefix(5).joined(separator: " ")))
        }
        return lines
    }
}

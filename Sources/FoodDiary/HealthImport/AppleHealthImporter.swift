import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB

/// `fooddiary import export.zip`: Apple Health's export, said (what it holds, by kind, and its days)
/// or kept, with its progress.
package struct AppleHealthImporter: Sendable {
    let diary: Diary
    let timeZone: TimeZone
    let now: @Sendable () -> Date

    package init(diary: Diary, timeZone: TimeZone, now: @escaping @Sendable () -> Date) {
        (self.diary, self.timeZone, self.now) = (diary, timeZone, now)
    }

    package static func isAppleHealth(zipAt path: String) -> Bool { AppleHealthExport.isAppleHealth(zipAt: path) }

    /// The lines that say what the export holds, or with `commit` what it added. Batches in
    /// transactions of their own: an export of gigabytes.
    package func run(zipAt path: String, commit: Bool, progress: @escaping @Sendable (Double) -> Void) async throws -> [String] {
        let summary = try await withWriter { db, export, date in
            try export.run(zipAt: path, store: commit ? { payload in
                var outcome = HealthOutcome()
                try db.inTransaction {
                    outcome = try AppDatabase.storeHealth(db, payload, now: date)
                    return .commit
                }
                return outcome
            } : nil, progress: progress)
        }
        if commit { diary.database.version.advance() }
        return Self.lines(summary, committed: commit)
    }

    /// What an export within the page's upload limit would add, exactly: kept in one transaction,
    /// then rolled back.
    func preview(zipAt path: String) async throws -> AppleHealthExport.Summary {
        try await whole(zipAt: path, keep: false)
    }

    /// The same, kept: in one transaction, all or nothing, as the page's other imports.
    func commit(zipAt path: String) async throws -> AppleHealthExport.Summary {
        defer { diary.database.version.advance() }
        return try await whole(zipAt: path, keep: true)
    }

    private func whole(zipAt path: String, keep: Bool) async throws -> AppleHealthExport.Summary {
        try await withWriter { db, export, date in
            var summary = AppleHealthExport.Summary()
            try db.inTransaction {
                summary = try export.run(zipAt: path, store: { try AppDatabase.storeHealth(db, $0, now: date) })
                return keep ? .commit : .rollback
            }
            return summary
        }
    }

    /// The export read on GRDB's writer queue, never a Swift-concurrency thread: export.xml inflates
    /// through a synchronous callback, so its batches are written from inside it.
    private func withWriter(_ body: @escaping @Sendable (Database, AppleHealthExport, Date) throws -> AppleHealthExport.Summary) async throws -> AppleHealthExport.Summary {
        let date = now()
        let export = AppleHealthExport(timeZone: timeZone, today: LocalDateTime(date, in: timeZone).date, now: date)
        return try await diary.database.writer.writeWithoutTransaction { db in try body(db, export, date) }
    }

    static func lines(_ summary: AppleHealthExport.Summary, committed: Bool) -> [String] {
        let names = ["weight_body_mass": "weigh-ins", "body_fat_percentage": "body fat readings", "waist_circumference": "waist measurements",
                     "step_count": "step counts", "active_energy": "active energy samples", "dietary_water": "drinks of water", "workouts": "workouts"]
        let held = summary.counts.sorted { $0.key < $1.key }.map { "\($0.value.formatted()) \(names[$0.key] ?? $0.key)" }
        var lines = ["An Apple Health export: " + (held.isEmpty ? "nothing FoodDiary keeps." : held.joined(separator: ", "))
                     + (summary.first.map { first in " from \(first.longText) to \((summary.last ?? first).longText)." } ?? "")]
        if committed {
            let added = summary.added
            lines.append("Added: \(added.weighIns) weigh-ins, \(added.measurements) other measurements, \(added.drinks) drinks, "
                         + "\(added.samples) day totals of steps and energy, \(added.workouts) workouts; \(added.alreadyThere) were there already.")
        } else {
            lines.append("Steps and active energy are kept as each source's day total. Nothing was written. Run again with --commit to import.")
        }
        if summary.refusedCount > 0 {
            lines.append("\(summary.refusedCount.formatted()) readings left out" + (summary.refused.isEmpty ? "." : ", such as: " + summary.refused.prefix(5).joined(separator: " ")))
        }
        return lines
    }
}

import FoodDiaryBase
import FoodDiaryWeb
import Foundation

struct PortabilityView: Sendable {
    let title = tr("Export & import")
    let csrfToken: String
    let notice: String?
    let problem: String?
    let latest: ArchiveRow?
    let maxUploadMB: Int
    let maxImportMB: Int
    let exportCommand: String
    let importCommand: String

    init(
        latest: ArchiveRow?, maxUploadBytes: Int, maxImportBytes: Int, diaryID: Int64, csrfToken: String, notice: String?, problem: String?
    ) {
        self.latest = latest
        maxUploadMB = maxUploadBytes / 1_000_000
        maxImportMB = maxImportBytes / 1_000_000
        exportCommand = "fooddiary export --diary \(diaryID) --to ~/fooddiary-export.zip"
        importCommand = "fooddiary import FILE --diary \(diaryID)"
        self.csrfToken = csrfToken
        self.notice = notice
        self.problem = problem
    }
}

struct ImportPreviewView: Sendable {
    let title = tr("Import preview")
    let csrfToken: String
    let fileName: String
    let headline: String
    let listHeading: String
    let additions: [String]
    let remarks: [String]
    let skipped: [String]
    let skippedCount: String?
    let canImport: Bool
    let commitURL: String
    let cancelURL: String
    let buttonText: String

    init(token: String, fileName: String, reading: ImportReading, outcome: ImportOutcome, csrfToken: String) {
        self.csrfToken = csrfToken
        self.fileName = fileName
        headline = ImportSummary.headline(reading, outcome, done: false)
        listHeading = tr("It would add")
        additions = ImportSummary.additions(outcome)
        remarks = reading.remarks
        skipped = ImportSummary.skipped(reading)
        skippedCount =
            reading.skipped.isEmpty
            ? nil
            : tr("\(reading.skipped.count.formatted()) \(reading.skipped.count == 1 ? "row is" : "rows are") left out")
        canImport = !additions.isEmpty
        commitURL = "/import/\(token)"
        cancelURL = "/import/\(token)/cancel"
        buttonText =
            outcome.mealsAdded > 0
            ? tr(
                one: "Import \(outcome.mealsAdded.formatted()) meal", other: "Import \(outcome.mealsAdded.formatted()) meals",
                count: outcome.mealsAdded)
            : tr("Import")
    }

    /// A health export: what it holds by kind, and its days. Importing adds only what the diary
    /// does not have; the notice after it says how much that was.
    init(token: String, fileName: String, healthExport summary: HealthExportSummary, csrfToken: String) {
        self.csrfToken = csrfToken
        self.fileName = fileName
        let kinds = HealthExportImporter.kinds(summary)
        headline =
            kinds.isEmpty
            ? tr(
                "\(summary.exportName) with nothing FoodDiary keeps: no weigh-ins, body fat, waist, steps, active energy, water or workouts."
            )
            : HealthExportImporter.days(summary).map { tr("\(summary.exportName) \($0).") } ?? tr("\(summary.exportName).")
        listHeading = tr("It holds")
        additions = kinds
        remarks =
            summary.remarks + [
                tr(
                    "Steps and active energy are kept as each source’s day total, so a phone that also sends by itself is another source and a day shows the larger."
                ),
                tr("Only what is not in this diary already is added: importing the same export again adds nothing.")
            ]
        skipped = summary.refused
        skippedCount =
            summary.refusedCount == 0
            ? nil
            : tr(
                one: "\(summary.refusedCount.formatted()) reading is left out",
                other: "\(summary.refusedCount.formatted()) readings are left out",
                count: summary.refusedCount)
        canImport = !kinds.isEmpty
        commitURL = "/import/\(token)"
        cancelURL = "/import/\(token)/cancel"
        buttonText = tr("Import")
    }
}

/// A health export being read or imported: the share done, looked at again every second.
struct ImportProgressView: Sendable {
    let title: String
    let csrfToken: String
    let fileName: String
    let doing: String
    let percent: Int
    let cancelURL: String?

    init(token: String, fileName: String, stage: HealthExportJobs.Stage?, csrfToken: String) {
        self.csrfToken = csrfToken
        self.fileName = fileName
        let fraction: Double
        switch stage {
        case .reading(let done)?: (doing, fraction) = (tr("Reading what the export holds"), done)
        case .importing(let done)?: (doing, fraction) = ("Importing", done)
        case .waiting(let importing, let behindAnother)?:
            (doing, fraction) = (
                behindAnother
                    ? tr("Waiting: another export is being read first") : importing ? tr("Importing") : tr("Reading what the export holds"),
                0
            )
        default: (doing, fraction) = (tr("Reading what the export holds"), 0)
        }
        let importing = if case .importing? = stage { true } else if case .waiting(true, _)? = stage { true } else { false }
        title = importing ? tr("Importing") : tr("Reading the export")
        percent = Int((min(max(fraction, 0), 1) * 100).rounded(.down))
        // Once batches are being written, stopping would keep some and not others: it runs to the end.
        cancelURL = importing ? nil : "/import/\(token)/cancel"
    }
}

import FoodDiaryWeb
import Foundation

struct PortabilityView: Sendable {
    let title = "Export & import"
    let csrfToken: String
    let notice: String?
    let problem: String?
    let latest: ArchiveRow?
    let maxUploadMB: Int
    let exportCommand: String
    let importCommand: String

    init(latest: ArchiveRow?, maxUploadBytes: Int, diaryID: Int64, csrfToken: String, notice: String?, problem: String?) {
        self.latest = latest
        maxUploadMB = maxUploadBytes / 1_000_000
        exportCommand = "fooddiary export --diary \(diaryID) --to ~/fooddiary-export.zip"
        importCommand = "fooddiary import FILE --diary \(diaryID)"
        self.csrfToken = csrfToken
        self.notice = notice
        self.problem = problem
    }
}

struct ImportPreviewView: Sendable {
    let title = "Import preview"
    let csrfToken: String
    let fileName: String
    let headline: String
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
        additions = ImportSummary.additions(outcome)
        remarks = reading.remarks
        skipped = ImportSummary.skipped(reading)
        skippedCount = reading.skipped.isEmpty ? nil
            : "\(reading.skipped.count.formatted()) \(reading.skipped.count == 1 ? "row is" : "rows are") left out"
        canImport = !additions.isEmpty
        commitURL = "/import/\(token)"
        cancelURL = "/import/\(token)/cancel"
        buttonText = outcome.mealsAdded > 0 ? "Import \(outcome.mealsAdded.formatted()) \(outcome.mealsAdded == 1 ? "meal" : "meals")" : "Import"
    }

    /// Apple Health's export: what it holds by kind, and what importing it would add.
    init(token: String, fileName: String, appleHealth summary: AppleHealthExport.Summary, csrfToken: String) {
        self.csrfToken = csrfToken
        self.fileName = fileName
        let lines = AppleHealthImporter.lines(summary, committed: false)
        var outcome = ImportOutcome()
        (outcome.measurementsAdded, outcome.drinksAdded) = (summary.added.weighIns + summary.added.measurements, summary.added.drinks)
        (outcome.activitiesAdded, outcome.movementAdded) = (summary.added.workouts, summary.added.samples)
        additions = ImportSummary.additions(outcome)
        headline = additions.isEmpty ? lines[0] + " Everything in it is in this diary already: importing adds nothing." : lines[0]
        remarks = ["Steps and active energy are kept as each source’s day total, under its name with “(Health export)”."]
        skipped = summary.refused
        skippedCount = summary.refusedCount == 0 ? nil : "\(summary.refusedCount.formatted()) \(summary.refusedCount == 1 ? "reading is" : "readings are") left out"
        canImport = !additions.isEmpty
        commitURL = "/import/\(token)"
        cancelURL = "/import/\(token)/cancel"
        buttonText = "Import"
    }
}

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
}

import FoodDiary
import FoodDiaryBase
import FoodDiaryCatalog
import Foundation

/// `fooddiary export` and `fooddiary import`: a diary of a data directory, picked by number or name.
public struct DiaryTransfer: Sendable {
    public struct Refused: Error, CustomStringConvertible {
        public let description: String
    }

    let config: AppConfig

    public init(dataDirectory: String) {
        config = AppConfig(dataDirectory: dataDirectory)
    }

    /// The diary `selector` names (its number, or its name or "person/name"), or the only one.
    func diaryID(_ selector: String?) async throws -> Int64 {
        guard FileManager.default.fileExists(atPath: config.accountsPath) else {
            throw Refused(description: "\(config.dataDirectory) holds no FoodDiary data. Give the --data-dir the server uses.")
        }
        let accounts = try AccountsDatabase.open(path: config.accountsPath)
        let diaries = try await accounts.everyDiary()
        let listing = diaries.map { "  \($0.id)  \($0.owner)/\($0.name)" }.joined(separator: "\n")
        let matches = diaries.filter {
            guard let selector else { return true }
            return String($0.id) == selector || $0.name.caseInsensitiveCompare(selector) == .orderedSame
                || "\($0.owner)/\($0.name)".caseInsensitiveCompare(selector) == .orderedSame
        }
        guard matches.count == 1, let diary = matches.first else {
            throw Refused(
                description: (selector == nil
                    ? "Say which diary with --diary:" : "No single diary is called “\(selector!)”; say which with --diary:") + "\n"
                    + listing)
        }
        return diary.id
    }

    /// A diary nobody has opened yet has no folder; importing into it is how some people start.
    private func open(_ id: Int64) throws -> Diary {
        let files = DiaryFiles(directory: config.diariesDirectory)
        try FileManager.default.createDirectory(atPath: files.folder(id), withIntermediateDirectories: true)
        return try files.open(id, maxPhotoPixels: config.maxPhotoPixels)
    }

    /// Writes the export to `target` (a .zip name, or a folder it is written into).
    public func export(diary selector: String?, to target: String) async throws -> String {
        let diary = try open(try await diaryID(selector))
        let path: String
        do {
            path = try BackupMaker.targetPath(target, date: Date(), name: ExportLayout.archiveName(at:))
        } catch let refused as BackupMaker.Refused {
            throw Refused(description: refused.description)
        }
        let summary = try await DiaryExporter(database: diary.database, photos: diary.photos).export(to: path)
        func count(_ value: Int, _ one: String, _ many: String) -> String { "\(value.formatted()) \(value == 1 ? one : many)" }
        return
            "Exported \(count(summary.meals, "meal", "meals")), \(count(summary.entries, "food", "foods")) and \(count(summary.photos, "photo", "photos")) to \(summary.archive) (\(ByteSize.text(summary.bytes)))."
    }

    /// Reads `file` and says what importing it would add; with `commit`, adds it. Refused while a
    /// server runs on the data directory: its pages keep what they read until it writes.
    public func importFile(_ file: String, into selector: String?, commit: Bool, timeZone: TimeZone = .current) async throws -> [String] {
        let lock: DataDirectoryLock
        do {
            lock = try DataDirectoryLock(path: config.lockPath, directory: config.dataDirectory)
        } catch is DataDirectoryLock.Held {
            throw Refused(
                description:
                    "A FoodDiary server is running on \(config.dataDirectory). Import from its Export & import page, or stop it first.")
        }
        defer { withExtendedLifetime(lock) {} }
        let diary = try open(try await diaryID(selector))
        if HealthExportImporter.isHealthExport(zipAt: file) {
            do {
                let lines = try await HealthExportImporter(diary: diary, timeZone: timeZone, now: { Date() }).run(
                    zipAt: file, commit: commit
                ) { share in
                    // Progress on the terminal's own line, for an export of gigabytes.
                    FileHandle.standardError.write(Data("\rReading the export: \(Int(share * 100)) %".utf8))
                }
                FileHandle.standardError.write(Data("\n".utf8))
                return lines
            } catch let refusal as HealthExportRefusal {
                throw Refused(description: "Nothing more was imported. \(refusal.description)")
            }
        }
        let importer = DiaryImporter(
            diary: diary, catalog: try CatalogDatabase.open(path: config.catalogPath), timeZone: timeZone, now: { Date() })
        do {
            let reading = try await importer.read(fileAt: file)
            let outcome = commit ? try await importer.commit(reading) : try await importer.preview(reading)
            var lines = [ImportSummary.headline(reading, outcome, done: commit)]
            let additions = ImportSummary.additions(outcome)
            if !additions.isEmpty { lines.append((commit ? "Added: " : "Would add: ") + additions.joined(separator: ", ") + ".") }
            lines += reading.remarks + ImportSummary.skipped(reading)
            if !commit && !additions.isEmpty { lines.append("Nothing was written. Run again with --commit to import.") }
            return lines
        } catch let refusal as ImportRefusal {
            throw Refused(description: "Nothing was imported. \(refusal.description)")
        }
    }
}

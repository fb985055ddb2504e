import FoodDiaryBase
import Foundation

/// Puts restored data in place of a data directory's own, as one step even across a crash: a
/// journal names the staged data and the folder the previous data goes to, and whoever opens the
/// data directory next (`restore` or `serve`) finishes a swap the journal shows was started.
/// Reference data (catalog, place names) and the server's key stay where they are.
package struct DataSwap {
    let dataDirectory: String
    /// Folder names inside the data directory, so the journal holds whatever path it is reached by.
    let stagingName: String
    let asideName: String

    var staging: String { dataDirectory + "/" + stagingName }
    var aside: String { dataDirectory + "/" + asideName }

    /// What a restore brings, staged whole before the swap begins.
    static let restoredItems = [BackupLayout.accounts, BackupLayout.diaries]
    /// Previous data that must not meet the restored files: the accounts log would be replayed into
    /// the restored accounts, and an older version's diary would be adopted on top of them.
    static let displacedItems = [
        "accounts.sqlite-wal", "accounts.sqlite-shm", "diary.sqlite", "diary.sqlite-wal", "diary.sqlite-shm", "photos"
    ]

    static func journalPath(in dataDirectory: String) -> String { dataDirectory + "/restore-journal.json" }

    private struct Journal: Codable {
        let stagingName: String
        let asideName: String
    }

    /// Writes the journal, then moves; from the journal's appearance on, the swap completes.
    func run() throws {
        try FileManager.default.createDirectory(atPath: aside, withIntermediateDirectories: true)
        let journal = try JSONEncoder().encode(Journal(stagingName: stagingName, asideName: asideName))
        let path = Self.journalPath(in: dataDirectory)
        try journal.write(to: URL(fileURLWithPath: path + ".new"))
        try DurableFile.sync(path + ".new")
        try DurableFile.rename(path + ".new", to: path)
        try DurableFile.sync(dataDirectory)
        try finish()
    }

    /// Idempotent: each item is moved aside only while its replacement still waits in staging,
    /// so a second run after a crash picks up exactly where the first stopped.
    private func finish() throws {
        let manager = FileManager.default
        for item in Self.displacedItems where manager.fileExists(atPath: dataDirectory + "/" + item) {
            try DurableFile.rename(dataDirectory + "/" + item, to: aside + "/" + item)
        }
        for item in Self.restoredItems where manager.fileExists(atPath: staging + "/" + item) {
            if manager.fileExists(atPath: dataDirectory + "/" + item) {
                try DurableFile.rename(dataDirectory + "/" + item, to: aside + "/" + item)
            }
            try DurableFile.rename(staging + "/" + item, to: dataDirectory + "/" + item)
        }
        try DurableFile.sync(dataDirectory)
        try? manager.removeItem(atPath: staging)
        try manager.removeItem(atPath: Self.journalPath(in: dataDirectory))
    }

    /// Puts the previous data back after the restored data failed to open; the restored files go
    /// to `rejected`, kept for a look rather than deleted.
    func undo(keepingRestoredIn rejected: String) throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: rejected, withIntermediateDirectories: true)
        for item in Self.restoredItems + Self.displacedItems where manager.fileExists(atPath: dataDirectory + "/" + item) {
            try DurableFile.rename(dataDirectory + "/" + item, to: rejected + "/" + item)
        }
        for item in Self.restoredItems + Self.displacedItems where manager.fileExists(atPath: aside + "/" + item) {
            try DurableFile.rename(aside + "/" + item, to: dataDirectory + "/" + item)
        }
        try DurableFile.sync(dataDirectory)
        try? manager.removeItem(atPath: aside)
    }

    /// Completes a swap a crash interrupted; true when there was one.
    @discardableResult
    package static func finishInterrupted(in dataDirectory: String) throws -> Bool {
        let path = journalPath(in: dataDirectory)
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        let journal = try JSONDecoder().decode(Journal.self, from: data)
        try DataSwap(dataDirectory: dataDirectory, stagingName: journal.stagingName, asideName: journal.asideName).finish()
        return true
    }
}

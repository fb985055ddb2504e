import ArgumentParser
import FoodDiary
import FoodDiaryBase
import Foundation

struct Backup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write one archive of every diary, the accounts and the photo originals, while the server keeps serving.")

    @Option(help: "Directory holding the diary data (env FOODDIARY_DATA_DIR).")
    var dataDir: String = ProcessInfo.processInfo.environment["FOODDIARY_DATA_DIR"] ?? "./data"

    @Option(
        help:
            "A folder to write fooddiary-backup-<time>.zip into, or a .zip file name (default: env FOODDIARY_BACKUP_DIR, else <data-dir>/backups)."
    )
    var to: String?

    func run() async throws {
        do {
            let folder = to ?? ProcessInfo.processInfo.environment["FOODDIARY_BACKUP_DIR"] ?? dataDir + "/backups"
            let summary = try BackupMaker(dataDirectory: dataDir).make(to: folder)
            print(
                "Backed up \(summary.diaries) diar\(summary.diaries == 1 ? "y" : "ies"), \(summary.meals) meals and \(summary.photos) photos to \(summary.archive) (\(ByteSize.text(summary.bytes)))."
            )
            for remark in summary.remarks { print(remark) }
        } catch let refused as BackupMaker.Refused {
            refuse(refused.description)
        }
    }
}

struct Restore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check an archive from `fooddiary backup` and put it in place of the data directory's diaries and accounts.",
        discussion:
            "The server must be stopped. Nothing changes unless every file checks out; the data that was there is kept aside in the data directory."
    )

    @Argument(help: "The archive, a fooddiary-backup-<time>.zip.")
    var archive: String

    @Option(help: "Directory to restore into (env FOODDIARY_DATA_DIR); it may be empty or missing.")
    var dataDir: String = ProcessInfo.processInfo.environment["FOODDIARY_DATA_DIR"] ?? "./data"

    @Option(help: "Largest photo the archive may hold, in megapixels, as for `serve` (env FOODDIARY_MAX_PHOTO_MEGAPIXELS).")
    var maxPhotoMegapixels: Int = ProcessInfo.processInfo.environment["FOODDIARY_MAX_PHOTO_MEGAPIXELS"].flatMap(Int.init) ?? 100

    @Flag(
        help: ArgumentHelp(
            "Restore an archive this data directory's secret.key did not sign.",
            discussion:
                "From another server, from FoodDiary before backups were signed, or this server's own after its data was lost. Only for an archive you trust: its accounts decide who can sign in."
        ))
    var fromAnotherServer = false

    func run() async throws {
        do {
            let summary = try BackupRestorer(
                dataDirectory: dataDir, trust: fromAnotherServer ? .anyArchive : .signedHere,
                maxPhotoPixels: maxPhotoMegapixels * 1_000_000
            ).restore(archive: archive)
            print(
                "Restored \(summary.diaries) diar\(summary.diaries == 1 ? "y" : "ies"), \(summary.meals) meals and \(summary.photos) photos from the backup of \(summary.createdAt) (FoodDiary \(summary.appVersion)) into \(dataDir)."
            )
            if let previous = summary.previousData {
                print("The data that was there is kept in \(previous); delete it once you are happy with the restore.")
            }
        } catch let refused as BackupRestorer.Refused {
            refuse("Nothing was changed. \(refused.description)")
        }
    }
}

/// A refusal is the person's to act on, not a usage mistake: said plainly on stderr, exit 1.
func refuse(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    Foundation.exit(1)
}

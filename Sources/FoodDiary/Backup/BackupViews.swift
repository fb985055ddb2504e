import FoodDiaryBase
import FoodDiaryStorage
import FoodDiaryWeb
import Foundation

struct BackupsView: Sendable {
    let title = tr("Backups")
    let csrfToken: String
    let notice: String?
    let problem: String?
    let directory: String
    let schedule: String?
    let archives: [ArchiveRow]
    let hasArchives: Bool
    let restoreCommand: String

    init(
        archives: [ArchiveFile], directory: String, plan: BackupSchedule.Plan?, dataDirectory: String,
        csrfToken: String, notice: String?, problem: String?, timeZone: TimeZone
    ) {
        self.csrfToken = csrfToken
        self.notice = notice
        self.problem = problem
        self.directory = directory
        schedule = plan.map { tr("Every \(Self.interval($0.every)), keeping the newest \($0.keep).") }
        self.archives = archives.reversed().map { ArchiveRow($0, under: "/backups", timeZone: timeZone) }
        hasArchives = !archives.isEmpty
        restoreCommand = "fooddiary restore \(directory)/\(archives.last?.name ?? "fooddiary-backup-….zip") --data-dir \(dataDirectory)"
    }

    static func interval(_ duration: Duration) -> String {
        let seconds = duration.components.seconds
        for (unit, size) in [("day", Int64(86400)), ("hour", 3600), ("minute", 60)] where seconds % size == 0 {
            let count = seconds / size
            return count == 1 ? unit : "\(count) \(unit)s"
        }
        return tr("\(seconds) seconds")
    }
}

import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import Testing
@testable import FoodDiary
import FoodDiaryBase
import FoodDiaryStorage
import FoodDiaryWeb

/// The schedule makes a backup when the newest is older than its period and keeps the newest
/// few; the owner's page makes and hands out archives, and nobody else reaches it.
@Suite struct BackupScheduleTests {
    @Test func intervalsReadAsPeopleWriteThem() {
        #expect(BackupSchedule.Plan.parseInterval("24h") == .seconds(86_400))
        #expect(BackupSchedule.Plan.parseInterval("90m") == .seconds(5_400))
        #expect(BackupSchedule.Plan.parseInterval("7d") == .seconds(604_800))
        #expect(BackupSchedule.Plan.parseInterval("45s") == .seconds(45))
        for nonsense in ["", "h", "24", "0h", "-1h", "1y", "1.5h", "400d", "24 h"] {
            #expect(BackupSchedule.Plan.parseInterval(nonsense) == nil, "\(nonsense)")
        }
        #expect(BackupsView.interval(.seconds(86_400)) == "day" && BackupsView.interval(.seconds(7_200)) == "2 hours")
    }

    @Test func aDueBackupIsMadeAndOnlyTheNewestOfItsOwnArchivesAreKept() async throws {
        try await TestEnvironment.withConfiguredApp { client, _, config in
            try #require(try await BackupTests.postMeal(client, 1, withPhoto: true) != nil)
            let folder = config.backupsPath
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let old = [
                "fooddiary-backup-20260101-000000.zip", "fooddiary-backup-20260102-000000.zip", "fooddiary-backup-20260103-000000.zip"
            ]
            for (day, name) in old.enumerated() {
                try Data("old".utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
                try FileManager.default.setAttributes(
                    [.modificationDate: Date(timeIntervalSince1970: 1_767_225_600 + Double(day) * 86_400)],
                    ofItemAtPath: folder + "/" + name)
            }
            try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/my-notes.txt"))
            let schedule = BackupSchedule(
                plan: .init(every: .seconds(86_400), keep: 2), dataDirectory: config.dataDirectory,
                backupDirectory: folder, logger: Logger(label: "test"), now: { Date() })
            #expect(schedule.secondsUntilDue() == 0, "the newest is months old")

            #expect(await schedule.runOnce())
            let kept = ArchiveFolder.backups(folder).archives().map(\.name)
            #expect(kept.count == 2 && kept.first == old.last && !old.contains(kept[1]))
            #expect(FileManager.default.fileExists(atPath: folder + "/my-notes.txt"), "a file it did not name stays")
            #expect((86_390...86_400).contains(schedule.secondsUntilDue()))
        }
    }

    @Test func theOwnerMakesAndDownloadsABackupAndNobodyElseCan() async throws {
        try await TestEnvironment.withConfiguredApp { client, _, config in
            try #require(try await BackupTests.postMeal(client, 1, withPhoto: true) != nil)
            let empty = try await client.get("/backups")
            #expect(empty.status == .ok && empty.text.contains("None yet.") && empty.text.contains("No schedule."))

            let made = try await client.postForm("/backups", [])
            let location = try #require(made.headers[.location])
            #expect(made.status == .seeOther && location.hasPrefix("/backups?made=fooddiary-backup-"))
            let page = try await client.get(location)
            let name = try #require(page.text.firstMatch(of: #/href="/backups/(fooddiary-backup-[0-9-]+\.zip)"/#)?.output.1)
            #expect(page.text.contains("Backed up to \(name)"))

            let download = try await client.get("/backups/\(name)")
            #expect(download.status == .ok && download.headers[.contentType] == "application/zip")
            #expect(download.headers[.contentDisposition] == "attachment; filename=\"\(name)\"")
            let copy = try TemporaryDirectory()
            defer { copy.remove() }
            try Data(buffer: download.body).write(to: URL(fileURLWithPath: copy.path + "/" + name))
            #expect(
                try BackupRestorer(dataDirectory: copy.path + "/data", trust: .anyArchive).restore(archive: copy.path + "/" + name).meals
                    == 1)

            for wrong in ["fooddiary-backup-20990101-000000.zip", "..%2F..%2Faccounts.sqlite", "my-notes.txt"] {
                #expect(try await client.get("/backups/\(wrong)").status == .notFound, "\(wrong)")
            }
            #expect(try await client.postForm("/backups", [], token: nil).status == .forbidden, "a form without its token")

            let robin = try await TestPerson.addMember("Robin", in: config)
            #expect(try await client.get("/backups", session: robin.session).status == .forbidden)
            #expect(try await client.get("/backups/\(name)", session: robin.session).status == .forbidden)
            #expect(try await client.postForm("/backups", [], token: robin.token, session: robin.session).status == .forbidden)
            #expect(ArchiveFolder.backups(config.backupsPath).archives().count == 1)
        }
    }
}

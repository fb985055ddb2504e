import FoodDiaryBase
import Foundation
import GRDB
import HTTPTypes
import HummingbirdTesting
import NIOConcurrencyHelpers
import Testing
import ZIPFoundation
@testable import FoodDiary
@testable import FoodDiaryApp
import FoodDiaryStorage
import FoodDiaryWeb
@testable import FoodDiaryPhotos

/// Backup while the diary is being written, restore into an empty data directory, and every row
/// and photo byte acknowledged before the backup began is there; an archive that is damaged,
/// foreign or from a newer version is refused and changes nothing.
@Suite struct BackupTests {
    /// A small photo no other call returns: the EXIF time differs.
    static func photo(_ number: Int) throws -> Data {
        try PhotoUploadTests.sampleJPEG(
            width: 320, height: 240,
            taken: String(format: "2026:03:%02d %02d:%02d:%02d", 1 + number / 3600 % 28, number / 60 % 60, number % 60, number % 60),
            latitude: nil, longitude: nil)
    }

    @discardableResult
    static func postMeal(_ client: any TestClientProtocol, _ number: Int, withPhoto: Bool) async throws -> Int64? {
        let fields = PlacesAndTagsTests.meal("2026-03-09T12:30", tags: "drill", notes: "Meal \(number) 🍲 & co")
        let response =
            withPhoto
            ? try await client.postMultipart(
                "/meals", fields: fields, files: [MultipartFile(filename: "m\(number).jpg", data: try photo(number))])
            : try await client.postForm("/meals", fields)
        guard response.status == .seeOther, let location = response.headers[HTTPField.Name.location],
            let id = location.firstMatch(of: #/^/meals/(\d+)\?/#)?.output.1
        else {
            // Said, so a failure under load names its cause.
            Issue.record("Meal \(number) answered \(response.status): \(String(buffer: response.body).prefix(300))")
            return nil
        }
        return Int64(id)
    }

    /// Every row of every table, as text, by table.
    static func rows(ofDatabaseAt path: String) throws -> [String: Set<String>] {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read { db in
            var tables: [String: Set<String>] = [:]
            for table in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'") {
                tables[table] = Set(try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\"").map(\.description))
            }
            return tables
        }
    }

    /// Photo original bytes by file name.
    static func originals(_ photos: String) -> [String: Data] {
        var found: [String: Data] = [:]
        let root = photos + "/originals"
        for shard in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [] {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + shard)) ?? [] {
                found[name] = FileManager.default.contents(atPath: root + "/\(shard)/\(name)")
            }
        }
        return found
    }

    /// Before, a diary deleted while a backup ran failed the whole backup in 6 of 25 runs ("SQLite
    /// error 14: unable to open database file") and once archived a ghost diary that restored empty.
    @Test func aDiaryDeletedWhileABackupRunsIsLeftOutAndSaidSo() async throws {
        try await TestEnvironment.withConfiguredApp { client, _, config in
            let accounts = try AccountsDatabase.open(path: config.accountsPath)
            var saidSo = 0
            for round in 0..<25 {
                for index in 0..<3 {
                    try await client.postForm("/diaries", [("name", "R\(round)-\(index)")])
                    // Its first page makes its file, as a browser following the redirect does.
                    #expect(try await client.get("/").status == .ok)
                }
                let made = try await accounts.read { db in
                    try Row.fetchAll(db, sql: "SELECT id, name FROM diary WHERE name LIKE ?", arguments: ["R\(round)-%"]).map {
                        row -> (Int64, String) in (row["id"], row["name"])
                    }
                }
                let folder = config.dataDirectory + "/drill-\(round)"
                async let backup = BackupMaker(dataDirectory: config.dataDirectory).makeOffTheCooperativePool(to: folder)
                for (id, name) in made {
                    #expect(try await client.postForm("/diaries/\(id)/delete", [("confirm_name", name)]).status == .seeOther)
                }
                let summary = try await backup
                saidSo += summary.remarks.count
                #expect(summary.remarks.allSatisfy { $0.contains("was deleted while the backup ran") }, "\(summary.remarks)")
                let (listed, folders) = try await offTheCooperativePool { try Self.diariesIn(archive: summary.archive) }
                #expect(listed == folders, "round \(round): the accounts copy lists \(listed), the archive holds \(folders)")
            }
            #expect(saidSo > 0, "some deletions landed while a backup ran")

            // A diary made and not yet opened has no file: it stays in the backup, empty, as it is here.
            try await client.postForm("/diaries", [("name", "Not opened yet")])
            let unopened = try #require(
                try await accounts.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM diary WHERE name = 'Not opened yet'") })
            let summary = try await BackupMaker(dataDirectory: config.dataDirectory).makeOffTheCooperativePool(
                to: config.dataDirectory + "/last")
            let (listed, folders) = try await offTheCooperativePool { try Self.diariesIn(archive: summary.archive) }
            #expect(summary.remarks.isEmpty && listed.contains(unopened) && !folders.contains(unopened))
        }
    }

    /// The diaries an archive's accounts copy lists, and those whose database it holds.
    static func diariesIn(archive: String) throws -> (listed: [Int64], folders: [Int64]) {
        let unpacked = try TemporaryDirectory()
        defer { unpacked.remove() }
        try FileManager.default.unzipItem(at: URL(fileURLWithPath: archive), to: URL(fileURLWithPath: unpacked.path))
        let listed = try DatabaseQueue(path: unpacked.path + "/accounts.sqlite").read { db in
            try Int64.fetchAll(db, sql: "SELECT id FROM diary ORDER BY id")
        }
        let folders = DiaryFiles(directory: unpacked.path + "/diaries").existing()
        return (listed, folders)
    }

    @Test func theDrillWritesDuringABackupAndTheRestoreHoldsEverythingAcknowledgedBeforeIt() async throws {
        let elsewhere = try TemporaryDirectory()
        defer { elsewhere.remove() }
        try await TestEnvironment.withConfiguredApp(withFixtureCatalog: true) { client, database, config in
            for number in 0..<24 { try #require(try await Self.postMeal(client, number, withPhoto: number % 4 != 3) != nil) }
            try #require(try await client.postForm("/meals/2/foods", [("source", "catalog:9040"), ("amount", "g125")]).status == .seeOther)
            try #require(try await client.postForm("/meals/5/delete", []).status == .seeOther)
            try #require(try await client.postForm("/body/weight", [("value", "71.3")]).status == .seeOther)
            try #require(try await client.postForm("/water", [("millilitres", "330")]).status == .seeOther)
            let acknowledged = try Self.rows(ofDatabaseAt: config.firstDiaryPath)
            let acknowledgedPhotos = Self.originals(config.firstDiaryPhotos)
            let accountsBefore = try Self.rows(ofDatabaseAt: config.accountsPath)
            #expect(acknowledged["meal"]?.count == 23 && acknowledgedPhotos.count == 17)
            #expect(
                acknowledged["body_measurement"]?.count == 1 && acknowledged["water_drink"]?.count == 1,
                "the backup holds weigh-ins and water too")

            // Writes go on until the backup is done: new meals, some with photos, and some of those
            // deleted again, so photo files come and go under the backup.
            let backupDone = NIOLockedValueBox(false), writtenDuring = NIOLockedValueBox(0)
            let writer = Task {
                var number = 100
                while !backupDone.withLockedValue({ $0 }) {
                    let id = try await Self.postMeal(client, number, withPhoto: number % 4 == 0)
                    if number % 3 == 0, let id { try await client.postForm("/meals/\(id)/delete", []) }
                    writtenDuring.withLockedValue { $0 += 1 }
                    number += 1
                }
            }
            while writtenDuring.withLockedValue({ $0 }) == 0 { try await Task.sleep(for: .milliseconds(5)) }
            // Beside the rest of the suite a backup can be done before one write is: it is made
            // again (a few times at most) until writes land while it runs.
            var startedWith = 0, finishedWith = 0
            var summary: BackupMaker.Summary?
            for _ in 1...5 where finishedWith == startedWith {
                startedWith = writtenDuring.withLockedValue { $0 }
                summary = try await BackupMaker(dataDirectory: config.dataDirectory).makeOffTheCooperativePool(to: config.backupsPath)
                finishedWith = writtenDuring.withLockedValue { $0 }
            }
            let made = try #require(summary)
            backupDone.withLockedValue { $0 = true }
            try await writer.value
            #expect(finishedWith > startedWith, "the server kept writing while the backup ran")
            #expect(made.meals >= 23 && made.photos >= 17)
            #expect(try await database.mealCount() > 23)

            let restored = elsewhere.path + "/data"
            let outcome = try BackupRestorer(dataDirectory: restored, trust: .anyArchive).restore(archive: made.archive)
            #expect(outcome.previousData == nil && outcome.diaries == 1 && outcome.meals == made.meals)
            let restoredConfig = TestEnvironment.config(dataDirectory: restored)
            let restoredRows = try Self.rows(ofDatabaseAt: restoredConfig.firstDiaryPath)
            for (table, rows) in acknowledged {
                let missing = rows.subtracting(restoredRows[table] ?? [])
                #expect(missing.isEmpty, "\(table): \(missing.prefix(3))")
            }
            let restoredAccounts = try Self.rows(ofDatabaseAt: restoredConfig.accountsPath)
            for (table, rows) in accountsBefore where table != "session" { #expect(restoredAccounts[table] == rows, "\(table)") }
            let restoredPhotos = Self.originals(restoredConfig.firstDiaryPhotos)
            for (name, bytes) in acknowledgedPhotos { #expect(restoredPhotos[name] == bytes, "\(name)") }
            let named = try await AppDatabase.open(path: restoredConfig.firstDiaryPath).storedPhotoNames()
            #expect(Set(named.map { "\($0.sha256).jpg" }) == Set(restoredPhotos.keys), "every photo a row names, and no other")
        }
        try await Self.servesRestoredDiary(in: elsewhere.path + "/data")
    }

    /// The restored data directory serves: the meal list, and a thumbnail rebuilt from its original.
    static func servesRestoredDiary(in dataDirectory: String) async throws {
        let app = try await buildApplication(
            config: TestEnvironment.config(dataDirectory: dataDirectory), now: { TestEnvironment.fixedNow })
        try await app.test(.router) { client in
            let list = try await client.get("/")
            // Which meals fill the first page depends on how many the drill wrote while the backup
            // ran, which a loaded machine makes more: any of them, escaped, will do.
            #expect(list.status == .ok && list.text.contains(#/Meal \d+ 🍲 &amp; co/#))
            let sha = try #require(list.text.firstMatch(of: #//photos/([0-9a-f]{64})/thumb/#)?.output.1)
            let thumb = try await client.get("/photos/\(sha)/thumb")
            #expect(thumb.status == .ok && thumb.headers[.contentType] == "image/jpeg")
        }
    }
}

import FoodDiaryBase
import Foundation
import GRDB
import HTTPTypes
import HummingbirdTesting
import Testing
import ZIPFoundation
@testable import FoodDiary
@testable import FoodDiaryApp
import FoodDiaryStorage
import FoodDiaryWeb

/// A restore checks everything before it changes anything: each way an archive can be wrong is
/// refused with its reason, and the data directory it would have replaced is byte for byte as it was.
@Suite struct RestoreRefusalTests {
    /// A backup of a diary with two meals, one of them with a photo, written into `folder`.
    static func backup(notes: String, into folder: String) async throws -> String {
        try await TestEnvironment.withConfiguredApp { client, _, config in
            try #require(try await BackupTests.postMeal(client, 1, withPhoto: true) != nil)
            try #require(try await client.postForm("/meals", PlacesAndTagsTests.meal("2026-03-09T19:00", notes: notes)).status == .seeOther)
            return try BackupMaker(dataDirectory: config.dataDirectory).make(to: folder).archive
        }
    }

    /// Every file under a folder with its SHA-256, to show nothing changed.
    static func fingerprint(_ folder: String) throws -> [String: String] {
        var found: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                continue
            }
            found[path] = try SHA256Digest.ofFile(at: folder + "/" + path).hex
        }
        return found
    }

    /// The archive's entries unpacked into `folder`, then packed again after `change` edited them.
    static func repack(_ archive: String, as target: String, change: (String, inout BackupManifest) throws -> Void) throws {
        let unpacked = try TemporaryDirectory()
        defer { unpacked.remove() }
        try FileManager.default.unzipItem(at: URL(fileURLWithPath: archive), to: URL(fileURLWithPath: unpacked.path))
        var manifest = try JSONDecoder().decode(
            BackupManifest.self, from: Data(contentsOf: URL(fileURLWithPath: unpacked.path + "/manifest.json")))
        try change(unpacked.path, &manifest)
        try manifest.encoded().write(to: URL(fileURLWithPath: unpacked.path + "/manifest.json"))
        let packed = try Archive(url: URL(fileURLWithPath: target), accessMode: .create)
        try packed.addEntry(with: "manifest.json", relativeTo: URL(fileURLWithPath: unpacked.path))
        let enumerator = FileManager.default.enumerator(atPath: unpacked.path)
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            guard path != "manifest.json", FileManager.default.fileExists(atPath: unpacked.path + "/" + path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            else { continue }
            try packed.addEntry(with: path, relativeTo: URL(fileURLWithPath: unpacked.path))
        }
    }

    /// The reason a restore was refused, or nil when it was not.
    static func refusal(restoring archive: String, into target: String, trust: BackupRestorer.Trust = .anyArchive) -> String? {
        do {
            _ = try BackupRestorer(dataDirectory: target, trust: trust).restore(archive: archive)
            return nil
        } catch let refused as BackupRestorer.Refused {
            return refused.description
        } catch {
            return "not a refusal: \(error)"
        }
    }

    static func rehash(_ path: String, in folder: String, _ manifest: inout BackupManifest) throws {
        let digest = try SHA256Digest.ofFile(at: folder + "/" + path)
        manifest.files = manifest.files.map { $0.path == path ? .init(path: path, bytes: digest.bytes, sha256: digest.hex) : $0 }
    }

    /// Before, an archive edited (an owner added to its accounts) and its manifest recomputed
    /// restored like any other. Only one this data directory's secret signed restores unasked.
    @Test func onlyAnArchiveSignedHereRestoresUnlessToldToTrustIt() async throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let target = work.path + "/data", stranger = work.path + "/elsewhere"
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        let genuine = try await TestEnvironment.withConfiguredApp { client, _, config in
            try #require(try await BackupTests.postMeal(client, 1, withPhoto: false) != nil)
            let archive = try BackupMaker(dataDirectory: config.dataDirectory).make(to: work.path).archive
            // The same server, later: its data directory keeps its secret.
            try FileManager.default.copyItem(atPath: config.dataDirectory + "/secret.key", toPath: target + "/secret.key")
            return archive
        }
        let tampered = work.path + "/tampered.zip"
        try Self.repack(genuine, as: tampered) { folder, manifest in
            let queue = try DatabaseQueue(path: folder + "/accounts.sqlite")
            try queue.write { db in
                try db.execute(
                    sql:
                        "INSERT INTO account (name, password_hash, role, created_at) VALUES ('Mallory', ?, 'owner', '2026-03-09 12:00:00.000')",
                    arguments: [TestPerson.passwordHash])
            }
            try queue.close()
            try Self.rehash("accounts.sqlite", in: folder, &manifest)
        }
        let forged = try #require(Self.refusal(restoring: tampered, into: target, trust: .signedHere))
        #expect(forged.contains("is not signed by this server") && forged.contains("--from-another-server"), "\(forged)")
        let noSecret = try #require(Self.refusal(restoring: genuine, into: stranger, trust: .signedHere))
        #expect(noSecret.contains("no secret.key"), "\(noSecret)")
        #expect(Self.refusal(restoring: genuine, into: target, trust: .signedHere) == nil, "made here and unchanged")
        #expect(Self.refusal(restoring: tampered, into: stranger, trust: .anyArchive) == nil, "trusted when told to")
    }

    @Test func everyWayAnArchiveCanBeWrongIsRefusedWithItsReasonAndChangesNothing() async throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let good = try await Self.backup(notes: "Soup already here", into: work.path)
        let target = work.path + "/data"
        _ = try BackupRestorer(dataDirectory: target, trust: .anyArchive).restore(archive: good)
        let before = try Self.fingerprint(target)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: good)[.size] as? NSNumber).intValue

        var bad: [(name: String, reason: String)] = []
        var flipped = try Data(contentsOf: URL(fileURLWithPath: good))
        // The middle of the archive is the photo, stored as it is.
        flipped[size / 2] ^= 0xFF
        try flipped.write(to: URL(fileURLWithPath: work.path + "/" + "flipped.zip"))
        bad.append(("flipped.zip", "is damaged"))
        try flipped.prefix(size / 2).write(to: URL(fileURLWithPath: work.path + "/" + "cut.zip"))
        bad.append(("cut.zip", "not a ZIP archive, or its end is cut off"))
        try Data("shopping list".utf8).write(to: URL(fileURLWithPath: work.path + "/" + "notes.zip"))
        bad.append(("notes.zip", "not a ZIP archive"))
        let foreign = try Archive(url: URL(fileURLWithPath: work.path + "/foreign.zip"), accessMode: .create)
        let list = Data("eggs".utf8)
        try foreign.addEntry(with: "list.txt", type: .file, uncompressedSize: Int64(list.count)) { position, size in
            list.subdata(in: Int(position)..<Int(position) + size)
        }
        bad.append(("foreign.zip", "it has no manifest.json"))
        try Self.repack(good, as: work.path + "/escape.zip") { folder, manifest in
            try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/escape"))
            manifest.files.append(.init(path: "../escape", bytes: 1, sha256: try SHA256Digest.ofFile(at: folder + "/escape").hex))
        }
        bad.append(("escape.zip", "which FoodDiary never writes"))
        try Self.repack(good, as: work.path + "/unlisted.zip") { folder, _ in
            try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/diaries/1/extra.txt"))
        }
        bad.append(("unlisted.zip", "which its manifest does not list"))
        try Self.repack(good, as: work.path + "/edited.zip") { folder, _ in
            let queue = try DatabaseQueue(path: folder + "/diaries/1/diary.sqlite")
            try queue.write { db in try db.execute(sql: "UPDATE meal SET notes = 'edited'") }
            try queue.close()
        }
        bad.append(("edited.zip", "does not match its checksum"))
        try Self.repack(good, as: work.path + "/future.zip") { folder, manifest in
            let queue = try DatabaseQueue(path: folder + "/diaries/1/diary.sqlite")
            try queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('fromTheFuture')") }
            try queue.close()
            try Self.rehash("diaries/1/diary.sqlite", in: folder, &manifest)
        }
        bad.append(("future.zip", "was written by a newer FoodDiary"))
        try Self.repack(good, as: work.path + "/corrupt.zip") { folder, manifest in
            let path = folder + "/diaries/1/diary.sqlite"
            var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            // Page 2 onwards: a table's b-tree, not the header SQLite needs to open the file.
            for offset in stride(from: 4096 + 100, to: min(bytes.count, 4096 * 3), by: 7) { bytes[offset] ^= 0x5A }
            try bytes.write(to: URL(fileURLWithPath: path))
            try Self.rehash("diaries/1/diary.sqlite", in: folder, &manifest)
        }
        bad.append(("corrupt.zip", "diaries/1/diary.sqlite"))
        try Self.repack(good, as: work.path + "/photoless.zip") { folder, manifest in
            let photos = manifest.files.filter { $0.path.contains("/photos/") }
            for photo in photos { try FileManager.default.removeItem(atPath: folder + "/" + photo.path) }
            manifest.files.removeAll { photos.contains($0) }
        }
        bad.append(("photoless.zip", "names the photo"))

        for (name, reason) in bad {
            #expect(Self.refusal(restoring: work.path + "/" + name, into: target)?.contains(reason) == true, "\(name)")
            #expect(try Self.fingerprint(target) == before, "\(name) changed nothing")
        }
        #expect(!FileManager.default.fileExists(atPath: target + "/restore-staging"))
        #expect(
            !FileManager.default.fileExists(atPath: work.path + "/escape") && !FileManager.default.fileExists(atPath: target + "/../escape")
        )
    }

    @Test func aRestoreOverDataKeepsThePreviousAsideAndOpensTheRestored() async throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let old = try await Self.backup(notes: "Porridge from before", into: work.path + "/old")
        let new = try await Self.backup(notes: "Curry in the backup", into: work.path + "/new")
        let target = work.path + "/data"
        _ = try BackupRestorer(dataDirectory: target, trust: .anyArchive).restore(archive: old)

        let outcome = try BackupRestorer(dataDirectory: target, trust: .anyArchive, now: { TestEnvironment.fixedNow }).restore(archive: new)
        let aside = try #require(outcome.previousData)
        #expect(aside == target + "/before-restore-20260309-123456")
        let asideMeals = try AppDatabase.open(path: aside + "/diaries/1/diary.sqlite")
        #expect(try await asideMeals.read { db in try String.fetchAll(db, sql: "SELECT notes FROM meal") }.contains("Porridge from before"))
        let restored = try AppDatabase.open(path: target + "/diaries/1/diary.sqlite")
        #expect(try await restored.read { db in try String.fetchAll(db, sql: "SELECT notes FROM meal") }.contains("Curry in the backup"))
        #expect(!FileManager.default.fileExists(atPath: DataSwap.journalPath(in: target)))
        let again = try BackupRestorer(dataDirectory: target, trust: .anyArchive, now: { TestEnvironment.fixedNow }).restore(archive: old)
        #expect(again.previousData == aside + "-again", "a second restore in the same second keeps its own folder")
        #expect(try Self.fingerprint(aside + "-again").keys.contains("diaries/1/diary.sqlite"))

        let lock = try DataDirectoryLock(path: target + "/fooddiary.lock", directory: target)
        #expect(Self.refusal(restoring: old, into: target)?.contains("Stop it first") == true)
        withExtendedLifetime(lock) {}
    }

    /// A crash after the journal was written and the previous accounts moved aside: the next start
    /// finishes the swap before it opens anything.
    @Test func aSwapInterruptedByACrashIsFinishedByTheNextStart() async throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let old = try await Self.backup(notes: "Porridge from before", into: work.path + "/old")
        let new = try await Self.backup(notes: "Curry in the backup", into: work.path + "/new")
        let target = work.path + "/data", staged = work.path + "/staged"
        _ = try BackupRestorer(dataDirectory: target, trust: .anyArchive).restore(archive: old)
        _ = try BackupRestorer(dataDirectory: staged, trust: .anyArchive).restore(archive: new)
        let swap = DataSwap(dataDirectory: target, stagingName: "restore-staging", asideName: "before-restore-crash")
        try FileManager.default.createDirectory(atPath: swap.aside, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: swap.staging, withIntermediateDirectories: true)
        for item in DataSwap.restoredItems {
            try FileManager.default.moveItem(atPath: staged + "/" + item, toPath: swap.staging + "/" + item)
        }
        try Data(#"{"stagingName":"restore-staging","asideName":"before-restore-crash"}"#.utf8).write(
            to: URL(fileURLWithPath: DataSwap.journalPath(in: target)))
        try FileManager.default.moveItem(atPath: target + "/accounts.sqlite", toPath: swap.aside + "/accounts.sqlite")

        let app = try await buildApplication(config: TestEnvironment.config(dataDirectory: target), now: { TestEnvironment.fixedNow })
        try await app.test(.router) { client in
            let list = try await client.get("/")
            #expect(list.status == .ok && list.text.contains("Curry in the backup") && !list.text.contains("Porridge"))
        }
        #expect(!FileManager.default.fileExists(atPath: DataSwap.journalPath(in: target)))
        #expect(
            FileManager.default.fileExists(atPath: swap.aside + "/accounts.sqlite")
                && FileManager.default.fileExists(atPath: swap.aside + "/diaries/1/diary.sqlite"))
    }
}

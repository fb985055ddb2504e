import FoodDiaryBase
import FoodDiaryStorage
import FoodDiaryWeb
import Foundation
import GRDB
import ZIPFoundation

/// Makes one archive of a data directory while a server may be serving and writing it, from this
/// process or another: each database copied with `VACUUM INTO` (one consistent snapshot, its log
/// folded in), the photo originals those snapshots name (thumbnails are rebuilt), and a manifest.
///
/// Photos are hard-linked into a staging folder before each snapshot: a photo deleted while the
/// backup runs keeps its bytes through the link, so every photo a snapshot names can be archived.
public struct BackupMaker: Sendable {
    public struct Summary: Sendable {
        public let archive: String
        public let bytes: Int64
        public let diaries: Int
        public let meals: Int
        public let photos: Int
        /// Diaries deleted while the backup ran, so not in it, in words to show.
        public let remarks: [String]
    }

    public struct Refused: Error, CustomStringConvertible {
        public let description: String
    }

    let dataDirectory: String
    let now: @Sendable () -> Date

    public init(dataDirectory: String, now: @escaping @Sendable () -> Date = { Date() }) {
        self.dataDirectory = dataDirectory
        self.now = now
    }

    /// `fooddiary-backup-20261124-071500.zip`: sorts by time, and the schedule keeps only these.
    static func archiveName(at date: Date) -> String { ArchiveFolder.name("fooddiary-backup", at: date) }

    static func isArchiveName(_ name: String) -> Bool { ArchiveFolder.isName(name, "fooddiary-backup") }

    /// For the server: copying and compressing takes seconds to minutes.
    func makeOffTheCooperativePool(to destination: String) async throws -> Summary {
        try await offTheCooperativePool { try make(to: destination) }
    }

    /// Writes the archive into `destination` (a folder, given a file name by the time) or at
    /// `destination` itself when it names a `.zip`; the file appears whole or not at all.
    public func make(to destination: String) throws -> Summary {
        let files = DiaryFiles(directory: dataDirectory + "/" + BackupLayout.diaries)
        guard FileManager.default.fileExists(atPath: dataDirectory + "/" + BackupLayout.accounts) else {
            throw Refused(
                description: "\(dataDirectory) holds no FoodDiary data (no \(BackupLayout.accounts)). Give the --data-dir the server uses.")
        }
        guard !FileManager.default.fileExists(atPath: dataDirectory + "/diary.sqlite") else {
            throw Refused(
                description:
                    "\(dataDirectory)/diary.sqlite is a diary from an older version, not yet moved into diaries/. Start the server once, then back up."
            )
        }
        let started = now()
        let target = try Self.targetPath(destination, date: started)
        let lock = try BackupLock(dataDirectory: dataDirectory)
        defer { lock.release() }
        // What a backup killed half-way left: its staging folder and its unfinished archive.
        let folder = (target as NSString).deletingLastPathComponent
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        where name.hasSuffix(".partial") && Self.isArchiveName(String(name.dropLast(8))) {
            try? FileManager.default.removeItem(atPath: folder + "/" + name)
        }
        let staging = dataDirectory + "/backup-staging"
        try? FileManager.default.removeItem(atPath: staging)
        defer { try? FileManager.default.removeItem(atPath: staging) }
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)

        var manifest = BackupManifest(createdAt: ISO8601DateFormatter().string(from: started), databases: [], files: [])
        var entries: [String] = [BackupLayout.accounts]
        manifest.databases.append(
            .init(
                path: BackupLayout.accounts,
                migrations: try Self.snapshot(
                    dataDirectory + "/" + BackupLayout.accounts, into: staging + "/" + BackupLayout.accounts,
                    migrator: AccountsMigrations.migrator)))
        var meals = 0
        // The accounts snapshot decides which diaries the backup holds, so the two always agree:
        // one deleted since is left out of both, one made since waits for the next backup.
        var skipped: [Int64] = []
        for id in try Self.diaryIDs(inAccountsAt: staging + "/" + BackupLayout.accounts) {
            let diary: DiarySnapshot
            switch try snapshotDiary(id, files: files, staging: staging) {
            case .archived(let snapshot): diary = snapshot
            // Never opened yet, as a new diary is until its first page: the server makes its file then.
            case .unopened: continue
            case .deleted:
                skipped.append(id)
                continue
            }
            manifest.databases.append(.init(path: BackupLayout.diaryDatabase(id), migrations: diary.migrations))
            manifest.missingPhotos += diary.missingPhotos
            entries.append(BackupLayout.diaryDatabase(id))
            entries += diary.photos
            meals += diary.meals
        }
        // Taken out of the accounts copy, as their deletion did.
        if !skipped.isEmpty { try AccountsDatabase.forgetDiaries(skipped, inCopyAt: staging + "/" + BackupLayout.accounts) }
        for entry in entries {
            let digest = try SHA256Digest.ofFile(at: staging + "/" + entry)
            manifest.files.append(.init(path: entry, bytes: digest.bytes, sha256: digest.hex))
        }
        try Self.writeArchive(at: target, manifest: manifest, secret: try ServerSecret.loadOrCreate(in: dataDirectory), from: staging)
        let bytes = ((try? FileManager.default.attributesOfItem(atPath: target)[.size]) as? NSNumber)?.int64Value ?? 0
        return Summary(
            archive: target, bytes: bytes, diaries: manifest.databases.count - 1, meals: meals,
            photos: entries.count - manifest.databases.count,
            remarks: skipped.map { tr("Diary \($0) was deleted while the backup ran, so it is not in it.") })
    }

    private struct DiarySnapshot {
        var migrations: [String]
        var photos: [String]
        var missingPhotos: [String]
        var meals: Int
    }

    /// A photo saved and deleted between the links and the snapshot is the one gap; the snapshot is
    /// taken again then, and a photo still missing after that was gone before the backup began.
    private enum DiaryOutcome {
        case archived(DiarySnapshot)
        /// Listed, with no file yet or one still being made: it is archived as the accounts list it, empty.
        case unopened
        /// Deleted since the accounts snapshot (its folder goes in one rename).
        case deleted
    }

    private func snapshotDiary(_ id: Int64, files: DiaryFiles, staging: String) throws -> DiaryOutcome {
        let photos = files.photosDirectory(id) + "/originals"
        let stagedPhotos = staging + "/" + BackupLayout.diaries + "/\(id)/photos/originals"
        let database = staging + "/" + BackupLayout.diaryDatabase(id)
        for attempt in 1...3 {
            try Self.linkTree(photos, into: stagedPhotos)
            try? FileManager.default.removeItem(atPath: database)
            let migrations: [String]
            do {
                guard FileManager.default.fileExists(atPath: files.databasePath(id)) else { throw DiaryGone() }
                migrations = try Self.snapshot(files.databasePath(id), into: database, migrator: DiaryMigrations.migrator)
            } catch  where !FileManager.default.fileExists(atPath: files.databasePath(id)) {
                try? FileManager.default.removeItem(atPath: staging + "/" + BackupLayout.diaries + "/\(id)")
                return try isListed(id) ? .unopened : .deleted
            }
            guard !migrations.isEmpty else {
                // Copied between its file's creation and its first migration: as good as unopened.
                try? FileManager.default.removeItem(atPath: staging + "/" + BackupLayout.diaries + "/\(id)")
                return .unopened
            }
            let (names, meals) = try Self.photosAndMeals(inDiaryAt: database)
            var archived: [String] = [], missing: [String] = []
            for name in names {
                let staged = stagedPhotos + "/\(name.prefix(2))/\(name)"
                if FileManager.default.fileExists(atPath: staged) || Self.link(photos + "/\(name.prefix(2))/\(name)", to: staged) {
                    archived.append(BackupLayout.photoOriginal(diary: id, file: name))
                } else {
                    missing.append(BackupLayout.photoOriginal(diary: id, file: name))
                }
            }
            if missing.isEmpty || attempt == 3 {
                return .archived(DiarySnapshot(migrations: migrations, photos: archived, missingPhotos: missing, meals: meals))
            }
        }
        fatalError("unreachable: the last attempt returns")
    }

    /// Copies a database on a read-only connection, so a server using it is never blocked for
    /// long and a file from a newer FoodDiary is refused rather than half understood.
    static func snapshot(_ path: String, into copy: String, migrator: DatabaseMigrator) throws -> [String] {
        try FileManager.default.createDirectory(atPath: (copy as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        return try SchemaUpgrade.inReadOnly(path, busyTimeout: 10) { db in
            try SchemaUpgrade.refuseNewer(db, path: path, migrator: migrator)
            try db.execute(sql: "VACUUM INTO ?", arguments: [copy])
            return try migrator.appliedMigrations(db)
        }
    }

    private struct DiaryGone: Error {}

    /// Whether the server's accounts still list the diary now.
    private func isListed(_ id: Int64) throws -> Bool {
        try SchemaUpgrade.inReadOnly(dataDirectory + "/" + BackupLayout.accounts) { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM diary WHERE id = ?)", arguments: [id]) ?? false
        }
    }

    static func diaryIDs(inAccountsAt path: String) throws -> [Int64] {
        try SchemaUpgrade.inReadOnly(path) { db in try Int64.fetchAll(db, sql: "SELECT id FROM diary ORDER BY id") }
    }

    static func photosAndMeals(inDiaryAt path: String) throws -> (names: [String], meals: Int) {
        try SchemaUpgrade.inReadOnly(path) { db in
            let names = try Row.fetchAll(db, sql: "SELECT sha256, media_type FROM photo ORDER BY sha256")
                .map { BackupLayout.photoFileName(sha256: $0["sha256"], mediaType: $0["media_type"]) }
            return (names, try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM meal") ?? 0)
        }
    }

    /// Hard links every file under `source` into `destination` (same file system: both sit in the
    /// data directory); files linked on an earlier attempt stay.
    private static func linkTree(_ source: String, into destination: String) throws {
        guard let shards = try? FileManager.default.contentsOfDirectory(atPath: source) else { return }
        for shard in shards {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: source + "/" + shard) else { continue }
            for name in names where !FileManager.default.fileExists(atPath: destination + "/\(shard)/\(name)") {
                _ = link(source + "/\(shard)/\(name)", to: destination + "/\(shard)/\(name)")
            }
        }
    }

    /// False when the source is gone (deleted since it was listed).
    private static func link(_ source: String, to destination: String) -> Bool {
        try? FileManager.default.createDirectory(
            atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        return Foundation.link(source, destination) == 0
    }

    package static func targetPath(_ destination: String, date: Date, name: (Date) -> String = archiveName(at:)) throws -> String {
        var isDirectory: ObjCBool = false
        if destination.hasSuffix(".zip"),
            !(FileManager.default.fileExists(atPath: destination, isDirectory: &isDirectory) && isDirectory.boolValue)
        {
            guard !FileManager.default.fileExists(atPath: destination) else {
                throw Refused(description: "\(destination) exists already; give another name, or a folder.")
            }
            return destination
        }
        try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
        return destination + "/" + name(date)
    }

    /// Written as `<name>.partial` and renamed once complete and synced. The manifest goes first, so
    /// reading it needs no search; photos are stored as they are (JPEG does not deflate).
    private static func writeArchive(at target: String, manifest: BackupManifest, secret: Data, from staging: String) throws {
        let partial = target + ".partial"
        try? FileManager.default.removeItem(atPath: partial)
        do {
            try addEntries(to: partial, manifest: manifest, secret: secret, from: staging)
            try DurableFile.sync(partial)
            try DurableFile.rename(partial, to: target)
            try DurableFile.sync((target as NSString).deletingLastPathComponent)
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            throw error
        }
    }

    /// Returns once the archive is closed, its last bytes handed to the kernel.
    private static func addEntries(to path: String, manifest: BackupManifest, secret: Data, from staging: String) throws {
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
        // Password hashes are inside: readable by the server's user only.
        guard chmod(path, 0o600) == 0 else { throw POSIXFailure(operation: "chmod \(path)", code: errno) }
        let data = try manifest.encoded()
        let signature = Data(BackupSignature.sign(data, secret: secret).utf8)
        for (name, bytes) in [(BackupManifest.entryName, data), (BackupSignature.entryName, signature)] {
            try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(bytes.count), compressionMethod: .deflate) {
                position, size in
                bytes.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        for file in manifest.files {
            let method: CompressionMethod = file.path.hasSuffix(".sqlite") ? .deflate : .none
            try archive.addEntry(with: file.path, fileURL: URL(fileURLWithPath: staging + "/" + file.path), compressionMethod: method)
        }
    }
}

/// One backup at a time per data directory, across processes (`flock` on `backup.lock`): the
/// schedule, the owner's page and `fooddiary backup` share one staging folder.
struct BackupLock {
    private let descriptor: Int32

    init(dataDirectory: String) throws {
        descriptor = open(dataDirectory + "/backup.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXFailure(operation: "open \(dataDirectory)/backup.lock", code: errno) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw BackupMaker.Refused(description: "A backup of \(dataDirectory) is being made right now. Try again when it has finished.")
        }
    }

    func release() { close(descriptor) }
}

extension ArchiveFolder {
    static func backups(_ directory: String) -> ArchiveFolder { ArchiveFolder(directory: directory, isOurs: BackupMaker.isArchiveName) }
}

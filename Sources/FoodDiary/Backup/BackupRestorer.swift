@preconcurrency import Crypto
import FoodDiaryBase
import FoodDiaryStorage
import FoodDiaryWeb
import Foundation
import GRDB
import NIOConcurrencyHelpers
import ZIPFoundation
import FoodDiaryPhotos

/// `fooddiary restore`: checks everything an archive holds before anything in the data directory
/// changes (the manifest, every entry's size and SHA-256, `PRAGMA integrity_check` of every
/// database, that no database is from a newer FoodDiary, that every photo a diary names is there),
/// then swaps it in with `DataSwap` and opens it, putting the previous data back if it will not
/// open. The previous data stays aside in the data directory for the person to delete.
public struct BackupRestorer: Sendable {
    public struct Summary: Sendable {
        public let diaries: Int
        public let meals: Int
        public let photos: Int
        public let createdAt: String
        public let appVersion: String
        /// Where the data that was there before went; nil when there was none.
        public let previousData: String?
    }

    /// Why an archive was refused; nothing in the data directory changed.
    public struct Refused: Error, CustomStringConvertible {
        public let description: String
    }

    /// Which archives a restore accepts: whatever is in an archive decides who can sign in.
    public enum Trust: Sendable {
        /// Only one this data directory's `secret.key` signed: made here, and unchanged since.
        case signedHere
        /// Any archive that passes every other check: from another server, from FoodDiary before
        /// archives were signed, or this server's own after its data (and secret) was lost.
        case anyArchive
    }

    let dataDirectory: String
    let trust: Trust
    let maxPhotoPixels: Int
    let now: @Sendable () -> Date

    public init(
        dataDirectory: String, trust: Trust = .signedHere, maxPhotoPixels: Int = 100_000_000,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.dataDirectory = dataDirectory
        self.trust = trust
        self.maxPhotoPixels = maxPhotoPixels
        self.now = now
    }

    private var stagingName: String { "restore-staging" }

    public func restore(archive path: String) throws -> Summary {
        let lock: DataDirectoryLock
        do {
            lock = try DataDirectoryLock(path: dataDirectory + "/fooddiary.lock", directory: dataDirectory)
        } catch is DataDirectoryLock.Held {
            throw Refused(description: "FoodDiary is running on \(dataDirectory). Stop it first (systemctl stop fooddiary), then restore.")
        }
        defer { withExtendedLifetime(lock) {} }
        try DataSwap.finishInterrupted(in: dataDirectory)
        let staging = dataDirectory + "/" + stagingName
        try? FileManager.default.removeItem(atPath: staging)
        defer { try? FileManager.default.removeItem(atPath: staging) }

        let manifest = try stage(archive: path, into: staging)
        let counts = try check(staging: staging, manifest: manifest)

        let hadData = DataSwap.restoredItems.contains { FileManager.default.fileExists(atPath: dataDirectory + "/" + $0) }
        var asideName = "before-restore-\(BackupMaker.archiveName(at: now()).dropFirst(17).dropLast(4))"
        // A second restore within the same second must not move data into the first one's folder.
        while FileManager.default.fileExists(atPath: dataDirectory + "/" + asideName) { asideName += "-again" }
        let swap = DataSwap(dataDirectory: dataDirectory, stagingName: stagingName, asideName: asideName)
        try swap.run()
        do {
            try Self.openRestored(in: dataDirectory)
        } catch {
            try swap.undo(keepingRestoredIn: dataDirectory + "/restore-failed-" + asideName.dropFirst("before-restore-".count))
            throw Refused(description: "The restored data would not open (\(error)). The previous data is back in place.")
        }
        if !hadData { try? FileManager.default.removeItem(atPath: swap.aside) }
        return Summary(
            diaries: counts.diaries, meals: counts.meals, photos: counts.photos, createdAt: manifest.createdAt,
            appVersion: manifest.appVersion, previousData: hadData ? swap.aside : nil)
    }

    /// Reads the manifest, refuses any entry it does not vouch for, and extracts each entry while
    /// hashing it, never writing more bytes than the manifest gives.
    private func stage(archive path: String, into staging: String) throws -> BackupManifest {
        let archive: Archive
        do {
            archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            guard FileManager.default.fileExists(atPath: path) else { throw Refused(description: "There is no file at \(path).") }
            throw Refused(
                description:
                    "\(path) is not a FoodDiary backup: it is not a ZIP archive, or its end is cut off (a copy or download that stopped early)."
            )
        }
        guard let manifestEntry = archive[BackupManifest.entryName], manifestEntry.type == .file, manifestEntry.uncompressedSize < 64 << 20
        else {
            throw Refused(description: "\(path) is not a FoodDiary backup: it has no \(BackupManifest.entryName).")
        }
        var manifestData = Data()
        let manifest: BackupManifest
        do {
            _ = try archive.extract(manifestEntry) { manifestData.append($0) }
            manifest = try JSONDecoder().decode(BackupManifest.self, from: manifestData)
        } catch {
            throw Refused(description: "\(path) is not a FoodDiary backup: its \(BackupManifest.entryName) cannot be read (\(error)).")
        }
        if trust == .signedHere { try checkSignature(of: manifestData, in: archive, path: path) }
        guard manifest.format == BackupManifest.formatName else {
            throw Refused(description: "\(path) is not a FoodDiary backup (its manifest says “\(manifest.format)”).")
        }
        guard manifest.formatVersion <= BackupManifest.currentFormatVersion else {
            throw Refused(
                description:
                    "\(path) was made by FoodDiary \(manifest.appVersion), in a newer backup format than this version (\(AppVersion.current)) reads."
            )
        }
        try checkEntries(of: archive, against: manifest, path: path)
        try checkSpace(for: manifest)

        for file in manifest.files {
            guard let entry = archive[file.path] else { throw Refused(description: "\(path) is damaged: \(file.path) is missing.") }
            let target = staging + "/" + file.path
            try FileManager.default.createDirectory(
                atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            guard
                let output = FileHandle(forWritingAtPath: target)
                    ?? (FileManager.default.createFile(atPath: target, contents: nil, attributes: [.posixPermissions: 0o600])
                        ? FileHandle(forWritingAtPath: target) : nil)
            else { throw POSIXFailure(operation: "create \(target)", code: errno) }
            var hasher = SHA256()
            var written: Int64 = 0
            do {
                defer { try? output.close() }
                _ = try archive.extract(entry) { chunk in
                    written += Int64(chunk.count)
                    guard written <= file.bytes else {
                        throw Refused(description: "\(path) is damaged: \(file.path) is longer than its manifest says.")
                    }
                    hasher.update(data: chunk)
                    try output.write(contentsOf: chunk)
                }
                try output.synchronize()
            } catch let refused as Refused {
                throw refused
            } catch {
                throw Refused(description: "\(path) is damaged: \(file.path) cannot be read back (\(error)).")
            }
            let digest = SHA256Digest.hex(hasher.finalize())
            guard written == file.bytes, digest == file.sha256 else {
                throw Refused(
                    description:
                        "\(path) is damaged: \(file.path) does not match its checksum (SHA-256 \(digest), the manifest says \(file.sha256))."
                )
            }
        }
        try FileManager.default.createDirectory(atPath: staging + "/" + BackupLayout.diaries, withIntermediateDirectories: true)
        return manifest
    }

    private func checkSignature(of manifest: Data, in archive: Archive, path: String) throws {
        let advice =
            "If you trust the archive (from another server, from FoodDiary before backups were signed, or this server's own after its data was lost), restore it with --from-another-server."
        guard let secret = ServerSecret.load(in: dataDirectory) else {
            throw Refused(
                description:
                    "\(dataDirectory) has no secret.key to check the archive's signature with, so nothing shows it was made here. \(advice)"
            )
        }
        var signature = Data()
        guard let entry = archive[BackupSignature.entryName], entry.uncompressedSize < 1024,
            (try? archive.extract(entry) { signature.append($0) }) != nil,
            BackupSignature.verify(String(decoding: signature, as: UTF8.self), of: manifest, secret: secret)
        else {
            throw Refused(
                description: "\(path) is not signed by this server: it was made elsewhere, or changed since it was made. \(advice)")
        }
    }

    /// Every entry is one the manifest lists at a path FoodDiary writes, and the other way round.
    private func checkEntries(of archive: Archive, against manifest: BackupManifest, path: String) throws {
        var listed = Set<String>()
        for file in manifest.files {
            guard BackupLayout.kind(of: file.path) != nil else {
                throw Refused(description: "\(path) is not a FoodDiary backup: it lists “\(file.path)”, which FoodDiary never writes.")
            }
            guard listed.insert(file.path).inserted else {
                throw Refused(description: "\(path) is damaged: its manifest lists \(file.path) twice.")
            }
        }
        guard listed.contains(BackupLayout.accounts) else {
            throw Refused(description: "\(path) is not a FoodDiary backup: it holds no \(BackupLayout.accounts).")
        }
        for entry in archive where entry.path != BackupManifest.entryName && entry.path != BackupSignature.entryName {
            guard entry.type == .file, listed.contains(entry.path) else {
                throw Refused(description: "\(path) is not a FoodDiary backup: it holds “\(entry.path)”, which its manifest does not list.")
            }
        }
        for database in manifest.databases where !listed.contains(database.path) {
            throw Refused(description: "\(path) is damaged: its manifest names the database \(database.path) but does not list it.")
        }
    }

    private func checkSpace(for manifest: BackupManifest) throws {
        try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
        let needed = manifest.files.reduce(UInt64(0)) { $0 + UInt64(max(0, $1.bytes)) }
        guard let free = DiskSpace.freeBytes(at: dataDirectory), free < needed + 50_000_000 else { return }
        throw Refused(description: "The restore needs \(needed / 1_000_000) MB and \(dataDirectory) has \(free / 1_000_000) MB free.")
    }

    /// Databases whole and readable by this version; every photo a diary names present, and each
    /// admitted as an upload would be.
    private func check(staging: String, manifest: BackupManifest) throws -> (diaries: Int, meals: Int, photos: Int) {
        let missing = Set(manifest.missingPhotos)
        let files = Set(manifest.files.map(\.path))
        var diaries = 0, meals = 0
        var photos: [(path: String, name: String)] = []
        for file in manifest.files {
            switch BackupLayout.kind(of: file.path) {
            case .accounts:
                try checkDatabase(staging + "/" + file.path, name: file.path, migrator: AccountsMigrations.migrator)
            case .diaryDatabase(let id):
                try checkDatabase(staging + "/" + file.path, name: file.path, migrator: DiaryMigrations.migrator)
                let contents = try BackupMaker.photosAndMeals(inDiaryAt: staging + "/" + file.path)
                for name in contents.names {
                    let photo = BackupLayout.photoOriginal(diary: id, file: name)
                    guard files.contains(photo) || missing.contains(photo) else {
                        throw Refused(
                            description: "The backup is incomplete: diary \(id) names the photo \(name), which the archive does not hold.")
                    }
                }
                diaries += 1
                meals += contents.meals
            case .photo(_, let name):
                photos.append((staging + "/" + file.path, name))
            case nil:
                continue
            }
        }
        try admitPhotos(photos)
        return (diaries, meals, manifest.files.count - diaries - 1)
    }

    /// Every photo admitted as an upload is, on every core at once: decoding each is most of a
    /// restore's time, and the server is stopped, so nothing else needs the cores.
    private func admitPhotos(_ photos: [(path: String, name: String)]) throws {
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let firstRefusal = NIOLockedValueBox<(any Error)?>(nil)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: photos.count, by: workers) {
                guard firstRefusal.withLockedValue({ $0 == nil }) else { return }
                do {
                    try admitPhoto(photos[index].path, name: photos[index].name)
                } catch {
                    firstRefusal.withLockedValue { if $0 == nil { $0 = error } }
                }
            }
        }
        if let refusal = firstRefusal.withLockedValue({ $0 }) { throw refusal }
    }

    private func admitPhoto(_ path: String, name: String) throws {
        let listedType = PhotoStore.accepted.first { name.hasSuffix("." + $0.value.fileExtension) }?.key
        let admitted: PhotoAdmission.Admitted
        do {
            admitted = try PhotoAdmission(maxPixels: maxPhotoPixels).admitNow(path)
        } catch let rejection as PhotoRejection {
            throw Refused(description: "The backup's photo \(name) was refused: \(rejection.message)")
        }
        guard admitted.mediaType == listedType else {
            throw Refused(
                description:
                    "The backup's photo \(name) is named as \(listedType ?? "an unknown type") but its contents are \(admitted.mediaType).")
        }
    }

    private func checkDatabase(_ path: String, name: String, migrator: DatabaseMigrator) throws {
        do {
            try SchemaUpgrade.inReadOnly(path) { db in
                let verdict = try String.fetchAll(db, sql: "PRAGMA integrity_check")
                guard verdict == ["ok"] else {
                    let findings = verdict.joined(separator: "; ").replacingOccurrences(of: "\n", with: "; ").replacingOccurrences(
                        of: "*** in database main ***; ", with: "")
                    throw Refused(description: "The backup's \(name) is damaged (SQLite's integrity check: \(findings.prefix(240))).")
                }
                do {
                    try SchemaUpgrade.refuseNewer(db, path: name, migrator: migrator)
                } catch is SchemaUpgrade.NewerDatabase {
                    throw Refused(
                        description:
                            "The backup's \(name) was written by a newer FoodDiary than this one (\(AppVersion.current)): run that version to restore it."
                    )
                }
            }
        } catch let refused as Refused {
            throw refused
        } catch {
            throw Refused(description: "The backup's \(name) is not a readable database (\(error)).")
        }
    }

    /// Opens each restored database as the server will, migrating one from an older version.
    private static func openRestored(in dataDirectory: String) throws {
        try AccountsDatabase.open(path: dataDirectory + "/" + BackupLayout.accounts).writer.close()
        let files = DiaryFiles(directory: dataDirectory + "/" + BackupLayout.diaries)
        for id in files.existing() { try AppDatabase.open(path: files.databasePath(id)).writer.close() }
    }
}

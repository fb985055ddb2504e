import Foundation
import FoodDiaryPhotos

/// `manifest.json`, the first entry of every backup: what FoodDiary wrote it, when, the schema of
/// each database, and the size and SHA-256 of every other entry. A restore trusts nothing the
/// manifest does not vouch for.
struct BackupManifest: Codable, Sendable, Equatable {
    static let entryName = "manifest.json"
    static let formatName = "fooddiary-backup"
    static let currentFormatVersion = 1

    struct DatabaseRecord: Codable, Sendable, Equatable {
        let path: String
        /// The migrations applied to it, oldest first: its schema version.
        let migrations: [String]
    }

    struct FileRecord: Codable, Sendable, Equatable {
        let path: String
        let bytes: Int64
        let sha256: String
    }

    var format = formatName
    var formatVersion = currentFormatVersion
    var appVersion = AppVersion.current
    /// ISO 8601, UTC.
    var createdAt: String
    var databases: [DatabaseRecord]
    var files: [FileRecord]
    /// Photos a diary names whose file was already gone from the data directory when the backup
    /// was made; a restore expects them absent rather than calling the archive damaged.
    var missingPhotos: [String] = []

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }
}

/// Where each kind of file sits, in the data directory and in an archive alike: only these paths
/// are ever written or read, so an archive cannot name a file outside the data directory.
enum BackupLayout {
    static let accounts = "accounts.sqlite"
    static let diaries = "diaries"

    static func diaryDatabase(_ id: Int64) -> String { "\(diaries)/\(id)/diary.sqlite" }

    static func photoOriginal(diary id: Int64, file: String) -> String {
        "\(diaries)/\(id)/photos/originals/\(file.prefix(2))/\(file)"
    }

    enum Kind: Equatable {
        case accounts
        case diaryDatabase(Int64)
        case photo(diary: Int64, file: String)
    }

    /// What an archive path is, or nil for anything a FoodDiary backup never holds.
    static func kind(of path: String) -> Kind? {
        if path == accounts { return .accounts }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 3, parts[0] == diaries, let id = Int64(parts[1]), id > 0, String(id) == parts[1] else { return nil }
        if parts.count == 3, parts[2] == "diary.sqlite" { return .diaryDatabase(id) }
        guard parts.count == 6, parts[2] == "photos", parts[3] == "originals", let file = photoFileName(parts[5]),
            parts[4] == String(file.prefix(2))
        else { return nil }
        return .photo(diary: id, file: file)
    }

    /// `<sha256>.<extension>` for a type the photo store keeps.
    private static func photoFileName(_ name: String) -> String? {
        let pieces = name.split(separator: ".", omittingEmptySubsequences: false)
        guard pieces.count == 2, PhotoStore.isSHA256(String(pieces[0])),
            PhotoStore.accepted.values.contains(where: { $0.fileExtension == pieces[1] })
        else { return nil }
        return name
    }

    /// The file name a photo row's original has.
    static func photoFileName(sha256: String, mediaType: String) -> String {
        "\(sha256).\(PhotoStore.accepted[mediaType]?.fileExtension ?? "bin")"
    }
}

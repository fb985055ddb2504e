import Foundation
import GRDB

/// A stored photo as the pages use it.
struct Photo: Sendable, Equatable, FetchableRecord {
    let sha256: String
    let mediaType: String
    let byteCount: Int
    let width: Int
    let height: Int
    let takenAt: LocalDateTime?
    let takenUTCOffsetMinutes: Int?
    let latitude: Double?
    let longitude: Double?

    func url(_ size: PhotoSize) -> String { "/photos/\(sha256)/\(size.rawValue)" }

    /// Read by position: every read selects `selectedColumns`.
    static let selectedColumns = "sha256, media_type, byte_count, width_px, height_px, taken_local, taken_utc_offset_minutes, latitude, longitude"

    init(row: Row) {
        sha256 = row[0]
        mediaType = row[1]
        byteCount = row[2]
        width = row[3]
        height = row[4]
        takenAt = (row[5] as String?).flatMap(LocalDateTime.init(parsing:))
        takenUTCOffsetMinutes = row[6]
        latitude = row[7]
        longitude = row[8]
    }

    static func fetch(_ db: Database, sha256: String) throws -> Photo? {
        try db.cachedRecords(Photo.self, "SELECT \(selectedColumns) FROM photo WHERE sha256 = ?", [sha256]).first
    }

    /// The photos with these hashes, in one query.
    static func byHash(_ db: Database, _ hashes: some Collection<String>) throws -> [String: Photo] {
        let distinct = Array(Set(hashes))
        guard !distinct.isEmpty else { return [:] }
        let found = try db.cachedRecords(Photo.self, "SELECT \(selectedColumns) FROM photo WHERE sha256 IN (SELECT value FROM json_each(?))",
                                         [JSONList.hex(distinct)])
        return Dictionary(found.map { ($0.sha256, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

struct StoredPhotoName: Sendable, Equatable, Hashable {
    let sha256: String
    let mediaType: String
}

package struct PhotoChange: Sendable, Equatable {
    /// The photo no meal shows any more, whose files should now be removed.
    let orphaned: StoredPhotoName?
}

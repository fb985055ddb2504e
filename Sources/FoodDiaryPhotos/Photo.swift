import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB

/// A stored photo as the pages use it.
package struct Photo: Sendable, Equatable, FetchableRecord {
    package let sha256: String
    package let mediaType: String
    package let byteCount: Int
    package let width: Int
    package let height: Int
    package let takenAt: LocalDateTime?
    package let takenUTCOffsetMinutes: Int?
    package let latitude: Double?
    package let longitude: Double?

    package func url(_ size: PhotoSize) -> String { "/photos/\(sha256)/\(size.rawValue)" }

    /// Read by position: every read selects `selectedColumns`.
    static let columnNames = [
        "sha256", "media_type", "byte_count", "width_px", "height_px", "taken_local", "taken_utc_offset_minutes", "latitude", "longitude"
    ]
    package static let selectedColumns = columnNames.joined(separator: ", ")

    package init(row: Row) {
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
}

extension Photo: TableRecord {
    package static let databaseTableName = "photo"
    package static var databaseSelection: [any SQLSelectable] {
        columnNames.map { Column($0) }
    }

    package enum Columns {
        static let sha256 = Column("sha256")
        static let mediaType = Column("media_type")
    }

    static func hashed(_ sha256: String) -> QueryInterfaceRequest<Photo> { filter(Columns.sha256 == sha256) }
}

package struct StoredPhotoName: Sendable, Equatable, Hashable {
    package let sha256: String
    package let mediaType: String
}

package struct PhotoChange: Sendable, Equatable {
    /// The photo no meal shows any more, whose files should now be removed.
    package let orphaned: StoredPhotoName?

    package init(orphaned: StoredPhotoName?) { self.orphaned = orphaned }
}

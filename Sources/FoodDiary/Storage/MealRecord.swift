import Foundation
import GRDB

/// One row of `meal`.
struct MealRecord: Codable, Sendable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "meal"

    var id: Int64?
    var eatenLocal: String
    var utcOffsetMinutes: Int
    var notes: String
    var photoSHA256: String?
    var latitude: Double?
    var longitude: Double?
    var locationSource: String?
    var placeID: Int64?
    var isFavourite: Bool = false
    var createdAt: Date
    var updatedAt: Date

    enum CodingKeys: String, CodingKey {
        case id
        case eatenLocal = "eaten_local"
        case utcOffsetMinutes = "utc_offset_minutes"
        case notes
        case photoSHA256 = "photo_sha256"
        case latitude, longitude
        case locationSource = "location_source"
        case placeID = "place_id"
        case isFavourite = "is_favourite"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let eatenLocal = Column(CodingKeys.eatenLocal)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

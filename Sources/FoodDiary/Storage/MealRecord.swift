import FoodDiaryBase
import Foundation
import GRDB

/// One row of `meal`.
struct MealRecord: Encodable, Sendable, FetchableRecord, MutablePersistableRecord {
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
    /// Kept by the database's triggers on `food_entry`; never written from here, so it is not
    /// among the coding keys an insert or update encodes.
    var entryCount = 0

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

extension MealRecord {
    /// The columns every read of a meal selects, in this order, so a row is read by position: the
    /// name lookup (case-insensitive, so lower-casing each name) cost a list page more than SQLite.
    static let columnNames = ["id", "eaten_local", "utc_offset_minutes", "notes", "photo_sha256", "latitude", "longitude",
                              "location_source", "place_id", "is_favourite", "created_at", "updated_at", "entry_count"]
    static let selectedColumns = columnNames.joined(separator: ", ")
    static var databaseSelection: [any SQLSelectable] { columnNames.map { Column($0) } }

    init(row: Row) {
        id = row[0]
        eatenLocal = row[1]
        utcOffsetMinutes = row[2]
        notes = row[3]
        photoSHA256 = row[4]
        latitude = row[5]
        longitude = row[6]
        locationSource = row[7]
        placeID = row[8]
        isFavourite = row[9]
        createdAt = Self.instant(row, 10)
        updatedAt = Self.instant(row, 11)
        entryCount = row[12]
    }

    private static func instant(_ row: Row, _ index: Int) -> Date {
        (row[index] as String?).flatMap(StoredTimestamp.parse) ?? row[index]
    }
}

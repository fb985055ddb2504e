import FoodDiaryBase
import Foundation
import GRDB

/// One row of `meal`.
package struct MealRecord: Encodable, Sendable, FetchableRecord, MutablePersistableRecord {
    package static let databaseTableName = "meal"

    package var id: Int64?
    package var eatenLocal: String
    package var utcOffsetMinutes: Int
    package var notes: String
    package var photoSHA256: String?
    package var latitude: Double?
    package var longitude: Double?
    package var locationSource: String?
    package var placeID: Int64?
    package var isFavourite: Bool = false
    package var createdAt: Date
    package var updatedAt: Date
    /// Kept by the database's triggers on `food_entry`; never written from here, so it is not
    /// among the coding keys an insert or update encodes.
    package var entryCount = 0

    package enum CodingKeys: String, CodingKey {
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

    package enum Columns {
        package static let id = Column(CodingKeys.id)
        package static let eatenLocal = Column(CodingKeys.eatenLocal)
        package static let latitude = Column(CodingKeys.latitude)
        package static let longitude = Column(CodingKeys.longitude)
        package static let locationSource = Column(CodingKeys.locationSource)
        package static let placeID = Column(CodingKeys.placeID)
        package static let updatedAt = Column(CodingKeys.updatedAt)
        package static let photoSHA256 = Column(CodingKeys.photoSHA256)
        package static let isFavourite = Column(CodingKeys.isFavourite)
    }

    package init(
        id: Int64? = nil, eatenLocal: String, utcOffsetMinutes: Int, notes: String, photoSHA256: String? = nil, latitude: Double? = nil,
        longitude: Double? = nil, locationSource: String? = nil, placeID: Int64? = nil, isFavourite: Bool = false, createdAt: Date,
        updatedAt: Date
    ) {
        self.id = id
        self.eatenLocal = eatenLocal
        self.utcOffsetMinutes = utcOffsetMinutes
        self.notes = notes
        self.photoSHA256 = photoSHA256
        self.latitude = latitude
        self.longitude = longitude
        self.locationSource = locationSource
        self.placeID = placeID
        self.isFavourite = isFavourite
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    package mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension MealRecord {
    /// The columns every read of a meal selects, in this order, so a row is read by position: the
    /// name lookup (case-insensitive, so lower-casing each name) cost a list page more than SQLite.
    package static let columnNames = [
        "id", "eaten_local", "utc_offset_minutes", "notes", "photo_sha256", "latitude", "longitude",
        "location_source", "place_id", "is_favourite", "created_at", "updated_at", "entry_count"
    ]
    package static let selectedColumns = columnNames.joined(separator: ", ")
    package static var databaseSelection: [any SQLSelectable] { columnNames.map { Column($0) } }

    package init(row: Row) {
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

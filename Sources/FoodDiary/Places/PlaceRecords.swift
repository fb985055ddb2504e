import Foundation
import GRDB

// The place and tag tables as records: each write, and each read of one table, goes through them.
// The places list with its visits and the tags with their counts read several tables at once and
// keep their SQL (`PlaceQueries`).

/// A place's row.
struct PlaceRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "place"

    var id: Int64?
    var name: String
    var latitude: Double
    var longitude: Double
    /// What GeoNames called it when it was first seen; nil far from any town.
    var geocodedName: String?
    var createdAt: Date

    enum CodingKeys: String, CodingKey, ColumnExpression {
        case id, name, latitude, longitude
        case geocodedName = "geocoded_name", createdAt = "created_at"
    }

    typealias Columns = CodingKeys

    var coordinates: Coordinates? { Coordinates(latitude: latitude, longitude: longitude) }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// A tag's row; names are unique ignoring case (the column's collation).
struct TagRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "tag"

    var id: Int64?
    var name: String

    typealias Columns = CodingKeys

    enum CodingKeys: String, CodingKey, ColumnExpression { case id, name }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// A tag on a meal, in the order the person wrote the tags.
struct MealTagRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "meal_tag"

    var mealID: Int64
    var tagID: Int64
    var position: Int

    enum CodingKeys: String, CodingKey, ColumnExpression {
        case position
        case mealID = "meal_id", tagID = "tag_id"
    }

    typealias Columns = CodingKeys
}

import Foundation
import GRDB

/// A recipe's own row, without its ingredients: what saving, importing, sharing and deleting a
/// recipe write. The recipes with their ingredients are read in two statements (`Recipe.fetchAll`).
struct RecipeRow: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "recipe"

    var id: Int64?
    var name: String
    var servings: Double
    var notes: String
    var sourceURL: String?
    var photoSHA256: String?
    var sharedWithHousehold = false
    var createdAt: Date
    var updatedAt: Date

    enum CodingKeys: String, CodingKey, ColumnExpression {
        case id, name, servings, notes
        case sourceURL = "source_url", photoSHA256 = "photo_sha256", sharedWithHousehold = "shared_with_household"
        case createdAt = "created_at", updatedAt = "updated_at"
    }

    typealias Columns = CodingKeys

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

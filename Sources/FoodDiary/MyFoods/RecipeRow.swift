import FoodDiaryBase
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

/// An ingredient's row as written: its own snapshot, and its nutrients scaled to its amount.
struct IngredientRow: PersistableRecord {
    static let databaseTableName = "recipe_ingredient"

    enum Columns {
        static let id = Column("id")
        static let recipeID = Column("recipe_id")
    }

    let recipeID: Int64
    let myFoodID: Int64?
    let food: FoodSnapshot
    let grams: Double
    let label: String
    let now: Date

    func encode(to container: inout PersistenceContainer) {
        container["recipe_id"] = recipeID
        container["my_food_id"] = myFoodID
        container["grams"] = grams
        container["portion_label"] = label
        SnapshotColumns.encode(food, scaled: food.nutrients(forGrams: grams), into: &container)
        container["created_at"] = now
    }
}

import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB
import FoodDiaryPhotos

/// The my_food table for what a write reads or sets by itself (its photo, whether it is shared); a
/// whole food is read as `MyFood`, its nutrient columns following `NutrientKind`.
struct MyFoodRow: TableRecord {
    static let databaseTableName = "my_food"

    enum Columns {
        static let photoSHA256 = Column("photo_sha256")
        static let sharedWithHousehold = Column("shared_with_household")
    }

    static func photo(of id: Int64) -> QueryInterfaceRequest<Self> { select(Columns.photoSHA256).filter(key: id) }
}

extension AppDatabase {
    /// Creates (id nil) or updates a food of the person's own; a new photo replaces the old one, whose
    /// files may then go. Returns the id, or nil when updating a food that is gone.
    func saveMyFood(id: Int64?, _ input: MyFoodInput, photo: IngestedPhoto?, now: Date) async throws -> (Int64, PhotoChange)? {
        try await write { db in
            if let photo { try Self.insertPhoto(db, photo, now: now) }
            let columns = ["name", "brand_owner", "serving_grams", "serving_label"] + NutrientKind.allCases.map(\.column)
            let values: [(any DatabaseValueConvertible)?] =
                [input.food.description, input.food.brandOwner, input.food.basisGrams, input.servingLabel]
                + NutrientKind.allCases.map { input.food.basis[$0] }
            guard let id else {
                try db.execute(
                    sql: """
                        INSERT INTO my_food (\((columns + ["photo_sha256", "created_at", "updated_at"]).joined(separator: ", ")))
                        VALUES (\(databaseQuestionMarks(count: columns.count + 3)))
                        """, arguments: StatementArguments(values + [photo?.sha256, now, now]))
                return (db.lastInsertedRowID, PhotoChange(orphaned: nil))
            }
            guard let previous = try Row.fetchOne(db, MyFoodRow.photo(of: id)) else { return nil }
            try db.execute(
                sql: "UPDATE my_food SET \(columns.map { "\($0) = ?" }.joined(separator: ", ")), updated_at = ? WHERE id = ?",
                arguments: StatementArguments(values + [now, id]))
            var orphaned: StoredPhotoName?
            if let photo {
                try MyFoodRow.filter(key: id).updateAll(db, MyFoodRow.Columns.photoSHA256.set(to: photo.sha256))
                if let old = previous["photo_sha256"] as String?, old != photo.sha256 {
                    orphaned = try Self.deleteIfUnused(db, sha256: old)
                }
            }
            return (id, PhotoChange(orphaned: orphaned))
        }
    }

    enum DeleteMyFoodResult: Equatable {
        case deleted(PhotoChange)
        case missing
        /// Recipes that still use it, by name: it stays until they stop.
        case usedBy([String])
    }

    func deleteMyFood(id: Int64) async throws -> DeleteMyFoodResult {
        try await write { db in
            let recipes = try String.fetchAll(
                db,
                sql: """
                    SELECT DISTINCT r.name FROM recipe r JOIN recipe_ingredient i ON i.recipe_id = r.id WHERE i.my_food_id = ?
                        ORDER BY r.name
                    """, arguments: [id])
            guard recipes.isEmpty else { return .usedBy(recipes) }
            guard let row = try Row.fetchOne(db, MyFoodRow.photo(of: id)) else { return .missing }
            try MyFoodRow.deleteOne(db, key: id)
            return .deleted(PhotoChange(orphaned: try (row["photo_sha256"] as String?).flatMap { try Self.deleteIfUnused(db, sha256: $0) }))
        }
    }
}

extension MyFood {
    /// By name; `sharedOnly` for what the household may see.
    static func fetchAll(_ db: Database, matching query: String = "", sharedOnly: Bool = false) throws -> [MyFood] {
        let condition = sharedOnly ? "WHERE shared_with_household = 1" : ""
        let rows = try Row.fetchAll(db, sql: "SELECT * FROM my_food \(condition) ORDER BY name COLLATE NOCASE, id")
        let photos = try Photo.byHash(db, rows.compactMap { $0["photo_sha256"] as String? })
        return matching(rows.map { MyFood(row: $0, photo: ($0["photo_sha256"] as String?).flatMap { photos[$0] }) }, query)
    }

    /// The foods whose name or brand contains every word typed (all of them when nothing is typed).
    static func matching(_ foods: [MyFood], _ query: String) -> [MyFood] {
        let query = WordQuery(query)
        return query.isEmpty ? foods : foods.filter { query.matches($0.name + " " + ($0.brandOwner ?? "")) }
    }

    static func fetch(_ db: Database, id: Int64) throws -> MyFood? {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM my_food WHERE id = ?", arguments: [id]) else { return nil }
        let photo = try (row["photo_sha256"] as String?).flatMap { try Photo.fetch(db, sha256: $0) }
        return MyFood(row: row, photo: photo)
    }
}

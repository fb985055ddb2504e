import Foundation
import GRDB

extension AppDatabase {
    func saveRecipe(id: Int64?, _ input: RecipeInput, photo: IngestedPhoto?, now: Date) async throws -> (Int64, PhotoChange)? {
        try await write { db in
            if let photo { try Self.insertPhoto(db, photo, now: now) }
            guard let id else {
                try db.execute(sql: "INSERT INTO recipe (name, servings, notes, photo_sha256, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
                               arguments: [input.name, input.servings, input.notes, photo?.sha256, now, now])
                return (db.lastInsertedRowID, PhotoChange(orphaned: nil))
            }
            guard let previous = try Row.fetchOne(db, sql: "SELECT photo_sha256 FROM recipe WHERE id = ?", arguments: [id]) else { return nil }
            try db.execute(sql: "UPDATE recipe SET name = ?, servings = ?, notes = ?, updated_at = ? WHERE id = ?",
                           arguments: [input.name, input.servings, input.notes, now, id])
            var orphaned: StoredPhotoName?
            if let photo {
                try db.execute(sql: "UPDATE recipe SET photo_sha256 = ? WHERE id = ?", arguments: [photo.sha256, id])
                if let old = previous["photo_sha256"] as String?, old != photo.sha256 { orphaned = try Self.deleteIfUnused(db, sha256: old) }
            }
            return (id, PhotoChange(orphaned: orphaned))
        }
    }

    func deleteRecipe(id: Int64) async throws -> PhotoChange? {
        try await write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT photo_sha256 FROM recipe WHERE id = ?", arguments: [id]) else { return nil }
            try db.execute(sql: "DELETE FROM recipe WHERE id = ?", arguments: [id])
            return PhotoChange(orphaned: try (row["photo_sha256"] as String?).flatMap { try Self.deleteIfUnused(db, sha256: $0) })
        }
    }

    /// Adds an ingredient with its own snapshot. Returns false when the recipe is gone.
    func addIngredient(recipeID: Int64, food: FoodSnapshot, myFoodID: Int64?, amount: ChosenAmount, now: Date) async throws -> Bool {
        try await write { db in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM recipe WHERE id = ?)", arguments: [recipeID]) == true else { return false }
            let columns = ["recipe_id", "my_food_id", "grams", "portion_label"] + SnapshotColumns.identity + SnapshotColumns.basisColumns
                + SnapshotColumns.scaledColumns + ["created_at"]
            let scaled = food.nutrients(forGrams: amount.grams)
            let values: [(any DatabaseValueConvertible)?] = [recipeID, myFoodID, amount.grams, amount.label] + SnapshotColumns.arguments(food)
                + NutrientKind.allCases.map { scaled[$0] } + [now]
            try db.execute(sql: "INSERT INTO recipe_ingredient (\(columns.joined(separator: ", "))) VALUES (\(databaseQuestionMarks(count: columns.count)))",
                           arguments: StatementArguments(values))
            try db.execute(sql: "UPDATE recipe SET updated_at = ? WHERE id = ?", arguments: [now, recipeID])
            return true
        }
    }

    func removeIngredient(recipeID: Int64, ingredientID: Int64) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM recipe_ingredient WHERE id = ? AND recipe_id = ?", arguments: [ingredientID, recipeID])
            return db.changesCount > 0
        }
    }
}

import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB
import FoodDiaryPhotos

extension AppDatabase {
    func saveRecipe(id: Int64?, _ input: RecipeInput, photo: IngestedPhoto?, now: Date) async throws -> (Int64, PhotoChange)? {
        try await write { db in
            if let photo { try Self.insertPhoto(db, photo, now: now) }
            guard let id else {
                var recipe = RecipeRow(
                    name: input.name, servings: input.servings, notes: input.notes, photoSHA256: photo?.sha256, createdAt: now,
                    updatedAt: now)
                try recipe.insert(db)
                return (db.lastInsertedRowID, PhotoChange(orphaned: nil))
            }
            guard let previous = try RecipeRow.fetchOne(db, key: id) else { return nil }
            try RecipeRow.filter(key: id).updateAll(
                db, RecipeRow.Columns.name.set(to: input.name), RecipeRow.Columns.servings.set(to: input.servings),
                RecipeRow.Columns.notes.set(to: input.notes), RecipeRow.Columns.updatedAt.set(to: now))
            var orphaned: StoredPhotoName?
            if let photo {
                try RecipeRow.filter(key: id).updateAll(db, RecipeRow.Columns.photoSHA256.set(to: photo.sha256))
                if let old = previous.photoSHA256, old != photo.sha256 {
                    orphaned = try Self.deleteIfUnused(db, sha256: old)
                }
            }
            return (id, PhotoChange(orphaned: orphaned))
        }
    }

    /// A recipe and all its ingredients in one transaction: an import never leaves half a recipe.
    package func importRecipe(
        _ input: RecipeInput, from source: URL?, ingredients: [RecipeIngredientInput], photo: IngestedPhoto?, now: Date
    )
        async throws -> Int64
    {
        try await write { db in
            if let photo { try Self.insertPhoto(db, photo, now: now) }
            var recipe = RecipeRow(
                name: input.name, servings: input.servings, notes: input.notes, sourceURL: source?.absoluteString,
                photoSHA256: photo?.sha256, createdAt: now, updatedAt: now)
            try recipe.insert(db)
            let id = db.lastInsertedRowID
            for ingredient in ingredients {
                try Self.insertIngredient(
                    db, recipeID: id, food: ingredient.food, myFoodID: ingredient.myFoodID, grams: ingredient.amount.grams,
                    label: ingredient.amount.label, now: now)
            }
            return id
        }
    }

    func deleteRecipe(id: Int64) async throws -> PhotoChange? {
        try await write { db in
            guard let recipe = try RecipeRow.fetchOne(db, key: id) else { return nil }
            try RecipeRow.deleteOne(db, key: id)
            return PhotoChange(orphaned: try recipe.photoSHA256.flatMap { try Self.deleteIfUnused(db, sha256: $0) })
        }
    }

    /// Adds an ingredient with its own snapshot. Returns false when the recipe is gone.
    func addIngredient(recipeID: Int64, food: FoodSnapshot, myFoodID: Int64?, amount: ChosenAmount, now: Date) async throws -> Bool {
        try await write { db in
            guard try RecipeRow.exists(db, key: recipeID) else { return false }
            try Self.insertIngredient(
                db, recipeID: recipeID, food: food, myFoodID: myFoodID, grams: amount.grams, label: amount.label, now: now)
            try RecipeRow.filter(key: recipeID).updateAll(db, RecipeRow.Columns.updatedAt.set(to: now))
            return true
        }
    }

    /// The one insert of an ingredient, its nutrients scaled from its snapshot.
    static func insertIngredient(
        _ db: Database, recipeID: Int64, food: FoodSnapshot, myFoodID: Int64?, grams: Double, label: String,
        now: Date
    ) throws {
        try IngredientRow(recipeID: recipeID, myFoodID: myFoodID, food: food, grams: grams, label: label, now: now).insert(db)
    }

    func removeIngredient(recipeID: Int64, ingredientID: Int64) async throws -> Bool {
        try await write { db in
            try IngredientRow.filter(IngredientRow.Columns.id == ingredientID && IngredientRow.Columns.recipeID == recipeID).deleteAll(db)
                > 0
        }
    }
}

extension Recipe {
    static func fetch(_ db: Database, id: Int64) throws -> Recipe? {
        try fetch(db, where: "id = ?", [id]).first
    }

    /// Recipes whose name or ingredients contain every word searched for, by name; `sharedOnly`
    /// for what the household may see.
    static func search(_ db: Database, query: String = "", sharedOnly: Bool = false) throws -> [Recipe] {
        matching(try fetch(db, where: sharedOnly ? "shared_with_household = 1" : "1", []), query)
    }

    /// The recipes whose name or ingredients contain every word searched for.
    static func matching(_ recipes: [Recipe], _ query: String) -> [Recipe] {
        let query = WordQuery(query, ignoring: framingWords)
        return query.isEmpty
            ? recipes
            : recipes.filter { recipe in
                query.matches(([recipe.name] + recipe.ingredients.map(\.food.description)).joined(separator: " "))
            }
    }

    /// Words that frame a search rather than narrow it: "recipes with chickpeas".
    static let framingWords: Set<String> = ["recipe", "recipes", "with", "containing", "using", "and"]

    /// The recipes matching `condition`, by name, with their ingredients and photos: three queries
    /// however many recipes there are.
    private static func fetch(_ db: Database, where condition: String, _ arguments: StatementArguments) throws -> [Recipe] {
        let rows = try Row.fetchAll(
            db, sql: "SELECT * FROM recipe WHERE \(condition) ORDER BY name COLLATE NOCASE, id", arguments: arguments)
        let ids: [Int64] = rows.map { $0["id"] }
        var ingredients: [Int64: [Ingredient]] = [:]
        if !ids.isEmpty {
            let columns =
                ["id", "recipe_id", "my_food_id", "grams", "portion_label"] + SnapshotColumns.snapshotColumns
                + SnapshotColumns.scaledColumns
            let ingredientRows = try Row.fetchAll(
                db,
                sql: """
                    SELECT \(columns.joined(separator: ", ")) FROM recipe_ingredient
                    WHERE recipe_id IN (\(databaseQuestionMarks(count: ids.count))) ORDER BY recipe_id, id
                    """, arguments: StatementArguments(ids))
            for row in ingredientRows {
                ingredients[row[1], default: []].append(
                    Ingredient(
                        id: row[0], myFoodID: row[2], food: try SnapshotColumns.snapshot(row, at: 5), grams: row[3],
                        portionLabel: row[4], nutrients: SnapshotColumns.scaled(row, at: 5 + SnapshotColumns.snapshotColumns.count)))
            }
        }
        let photos = try Photo.byHash(db, rows.compactMap { $0["photo_sha256"] as String? })
        return rows.map { row in
            Recipe(
                id: row["id"], name: row["name"], servings: row["servings"], notes: row["notes"], sourceURL: row["source_url"],
                photo: (row["photo_sha256"] as String?).flatMap { photos[$0] }, ingredients: ingredients[row["id"]] ?? [],
                isSharedWithHousehold: row["shared_with_household"])
        }
    }
}

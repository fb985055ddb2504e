import FoodDiaryStorage
import Foundation
import GRDB
import FoodDiaryPhotos

/// Sharing foods and recipes with the household, and keeping a copy of someone else's.
extension AppDatabase {
    /// Returns false when there is no such food.
    func setMyFoodShared(id: Int64, _ shared: Bool) async throws -> Bool {
        try await write { db in
            try MyFoodRow.filter(key: id).updateAll(db, MyFoodRow.Columns.sharedWithHousehold.set(to: shared)) > 0
        }
    }

    /// Returns false when there is no such recipe.
    func setRecipeShared(id: Int64, _ shared: Bool) async throws -> Bool {
        try await write { db in
            try RecipeRow.filter(key: id).updateAll(db, RecipeRow.Columns.sharedWithHousehold.set(to: shared)) > 0
        }
    }

    /// A recipe of this diary's own made from someone else's: its fields and each ingredient's
    /// snapshot as they are now. Ingredients from the other person's foods keep their snapshots but
    /// no link, since those foods live in another diary.
    func copyRecipe(_ recipe: Recipe, photo: IngestedPhoto?, now: Date) async throws -> Int64 {
        try await write { db in
            if let photo { try Self.insertPhoto(db, photo, now: now) }
            var copy = RecipeRow(
                name: recipe.name, servings: recipe.servings, notes: recipe.notes, sourceURL: recipe.sourceURL,
                photoSHA256: photo?.sha256, createdAt: now, updatedAt: now)
            try copy.insert(db)
            let id = db.lastInsertedRowID
            for ingredient in recipe.ingredients {
                try Self.insertIngredient(
                    db, recipeID: id, food: ingredient.food, myFoodID: nil, grams: ingredient.grams,
                    label: ingredient.portionLabel, now: now)
            }
            return id
        }
    }
}

import FoodDiaryPhotos
import FoodDiaryStorage
import Foundation
import GRDB

/// A meal's photo: the meal's own row points at it; the photo's row (`insertPhoto`,
/// `deleteIfUnused`) is the photos floor's, written in the same transaction.
extension AppDatabase {
    /// Records the photo (once per content) and makes it the meal's; returns the photo the meal
    /// showed before if nothing uses it any more, so its files can go, or nil when the meal is gone.
    package func setMealPhoto(mealID: Int64, photo: IngestedPhoto, now: Date) async throws -> PhotoChange? {
        try await write { db in
            guard let previous = try Self.mealPhoto(db, mealID: mealID) else { return nil }
            try Self.insertPhoto(db, photo, now: now)
            try Self.setMealPhoto(db, mealID: mealID, photo.sha256, now: now)
            return PhotoChange(orphaned: try previous.flatMap { $0 == photo.sha256 ? nil : try Self.deleteIfUnused(db, sha256: $0) })
        }
    }

    /// Takes the photo off a meal. Returns nil when the meal is gone.
    package func removeMealPhoto(mealID: Int64, now: Date) async throws -> PhotoChange? {
        try await write { db in
            guard let previous = try Self.mealPhoto(db, mealID: mealID) else { return nil }
            try Self.setMealPhoto(db, mealID: mealID, nil, now: now)
            return PhotoChange(orphaned: try previous.flatMap { try Self.deleteIfUnused(db, sha256: $0) })
        }
    }

    /// The hash of the meal's photo (nil when it has none); nil outside when the meal is gone.
    private static func mealPhoto(_ db: Database, mealID: Int64) throws -> String?? {
        try MealRecord.filter(key: mealID).select(MealRecord.Columns.photoSHA256, as: String?.self).fetchOne(db)
    }

    private static func setMealPhoto(_ db: Database, mealID: Int64, _ sha256: String?, now: Date) throws {
        try MealRecord.filter(key: mealID).updateAll(
            db, MealRecord.Columns.photoSHA256.set(to: sha256), MealRecord.Columns.updatedAt.set(to: now))
    }
}

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
            guard let previous = try Row.fetchOne(db, sql: "SELECT photo_sha256 FROM meal WHERE id = ?", arguments: [mealID]) else {
                return nil
            }
            try Self.insertPhoto(db, photo, now: now)
            try db.execute(sql: "UPDATE meal SET photo_sha256 = ?, updated_at = ? WHERE id = ?", arguments: [photo.sha256, now, mealID])
            let replaced: String? = previous["photo_sha256"]
            return PhotoChange(orphaned: try replaced.flatMap { $0 == photo.sha256 ? nil : try Self.deleteIfUnused(db, sha256: $0) })
        }
    }

    /// Takes the photo off a meal. Returns nil when the meal is gone.
    package func removeMealPhoto(mealID: Int64, now: Date) async throws -> PhotoChange? {
        try await write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT photo_sha256 FROM meal WHERE id = ?", arguments: [mealID]) else { return nil }
            try db.execute(sql: "UPDATE meal SET photo_sha256 = NULL, updated_at = ? WHERE id = ?", arguments: [now, mealID])
            return PhotoChange(orphaned: try (row["photo_sha256"] as String?).flatMap { try Self.deleteIfUnused(db, sha256: $0) })
        }
    }
}

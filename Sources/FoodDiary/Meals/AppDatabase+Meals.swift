import Foundation
import GRDB

/// Writes to meals, each in one transaction.
extension AppDatabase {
    package func mealCount() async throws -> Int {
        try await read { db in try MealRecord.fetchCount(db) }
    }

    /// Creates the meal with its photo, place and tags in one transaction. `geocodedName` names a
    /// new place founded at the input's coordinates.
    package func createMeal(_ input: MealInput, photo: IngestedPhoto? = nil, geocodedName: String? = nil,
                    now: Date) async throws -> Int64 {
        try await write { db in
            if let photo { try Self.insertPhoto(db, photo, now: now) }
            var record = MealRecord(
                id: nil, eatenLocal: input.eatenAt.description, utcOffsetMinutes: input.utcOffsetMinutes,
                notes: input.notes, photoSHA256: photo?.sha256, createdAt: now, updatedAt: now)
            try record.insert(db)
            try Self.applyLocation(db, mealID: record.id!, choice: input.location, geocodedName: geocodedName, now: now)
            try Self.applyTags(db, mealID: record.id!, tags: input.tags)
            return record.id!
        }
    }

    /// Returns false when no meal has that id.
    func updateMeal(id: Int64, with input: MealInput, geocodedName: String? = nil, now: Date) async throws -> Bool {
        try await write { db in
            guard var record = try MealRecord.fetchOne(db, key: id) else { return false }
            record.eatenLocal = input.eatenAt.description
            record.utcOffsetMinutes = input.utcOffsetMinutes
            record.notes = input.notes
            record.updatedAt = now
            try record.update(db)
            try Self.applyLocation(db, mealID: id, choice: input.location, geocodedName: geocodedName, now: now)
            try Self.applyTags(db, mealID: id, tags: input.tags)
            return true
        }
    }

    /// Deletes the meal with its foods; returns nil when no meal has that id, else the photo
    /// that no meal shows any more, whose files can go.
    package func deleteMeal(id: Int64) async throws -> PhotoChange? {
        try await write { db in
            guard let record = try MealRecord.fetchOne(db, key: id) else { return nil }
            try record.delete(db)
            try db.execute(sql: "DELETE FROM tag WHERE id NOT IN (SELECT tag_id FROM meal_tag)")
            return PhotoChange(orphaned: try record.photoSHA256.flatMap { try Self.deleteIfUnused(db, sha256: $0) })
        }
    }
}

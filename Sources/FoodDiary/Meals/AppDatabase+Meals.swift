import Foundation
import GRDB

/// Writes to meals, each in one transaction.
extension AppDatabase {
    public func createMeal(_ input: MealInput, asDraft: Bool = false, now: Date) async throws -> Int64 {
        try await write { db in
            var record = MealRecord(
                id: nil, eatenLocal: input.eatenAt.description, utcOffsetMinutes: input.utcOffsetMinutes,
                notes: input.notes, isDraft: asDraft, createdAt: now, updatedAt: now)
            try record.insert(db)
            return record.id!
        }
    }

    /// Returns false when no meal has that id.
    public func updateMeal(id: Int64, with input: MealInput, now: Date) async throws -> Bool {
        try await write { db in
            guard var record = try MealRecord.fetchOne(db, key: id) else { return false }
            record.eatenLocal = input.eatenAt.description
            record.utcOffsetMinutes = input.utcOffsetMinutes
            record.notes = input.notes
            record.updatedAt = now
            try record.update(db)
            return true
        }
    }

    /// Returns false when no meal has that id.
    public func deleteMeal(id: Int64) async throws -> Bool {
        try await write { db in try MealRecord.deleteOne(db, key: id) }
    }
}

import FoodDiaryStorage
import Foundation
import GRDB

/// What a person calls each part of the day: breakfast, lunch, dinner and snacks unless they
/// renamed one ("Second breakfast", "Tea").
public struct MealSlotNames: Sendable, Equatable {
    public static let maxLength = 40
    private var changed: [MealSlot: String] = [:]

    public init(_ changed: [MealSlot: String] = [:]) {
        self.changed = changed.filter { $0.value != $0.key.name }
    }

    public subscript(slot: MealSlot) -> String { changed[slot] ?? slot.name }

    /// The name inside a sentence: "Add to lunch", but "Add to Second breakfast" as typed.
    public func inSentence(_ slot: MealSlot) -> String { changed[slot] ?? slot.nameInSentence }

    package static func fetch(_ db: Database) throws -> MealSlotNames {
        var changed: [MealSlot: String] = [:]
        for row in try db.cachedRows("SELECT slot, name FROM meal_slot_name") {
            if let slot = MealSlot(rawValue: row[0]) { changed[slot] = row[1] }
        }
        return MealSlotNames(changed)
    }
}

extension AppDatabase {
    /// Stores the names that differ from the usual ones; a name put back is forgotten.
    func setMealSlotNames(_ names: MealSlotNames) async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM meal_slot_name")
            for slot in MealSlot.allCases where names[slot] != slot.name {
                try db.execute(sql: "INSERT INTO meal_slot_name (slot, name) VALUES (?, ?)", arguments: [slot.rawValue, names[slot]])
            }
        }
    }
}

import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB

/// The shopping list's writes: ticks, one's own items, and clearing what was bought.
extension AppDatabase {
    /// Ticks or unticks the item kept under `key`; false for an own item that is gone.
    func tickShoppingItem(_ key: String, _ ticked: Bool, now: Date) async throws -> Bool {
        try await write { db in
            if key.hasPrefix("i"), let id = Int64(key.dropFirst()) {
                try db.execute(sql: "UPDATE shopping_item SET ticked = ? WHERE id = ?", arguments: [ticked, id])
                return db.changesCount > 0
            }
            if ticked {
                try db.execute(
                    sql: "INSERT INTO shopping_tick (item_key, ticked_at) VALUES (?, ?) ON CONFLICT (item_key) DO NOTHING",
                    arguments: [key, now])
            } else {
                try db.execute(sql: "DELETE FROM shopping_tick WHERE item_key = ?", arguments: [key])
            }
            return true
        }
    }

    /// Adds one's own item; nil when the list already holds the most it may.
    func addShoppingItem(name: String, amount: String, aisle: Aisle, now: Date) async throws -> Int64? {
        try await write { db in
            guard (try db.cachedValue("SELECT count(*) FROM shopping_item") as Int? ?? 0) < OwnShoppingItem.most else { return nil }
            try db.execute(
                sql: "INSERT INTO shopping_item (name, amount, aisle, created_at) VALUES (?, ?, ?, ?)",
                arguments: [name, amount, aisle.rawValue, now])
            return db.lastInsertedRowID
        }
    }

    func removeShoppingItem(id: Int64) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM shopping_item WHERE id = ?", arguments: [id])
            return db.changesCount > 0
        }
    }

    /// Starts the list afresh: every tick gone, and the own items that were ticked.
    func clearTickedShopping() async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM shopping_tick; DELETE FROM shopping_item WHERE ticked = 1")
        }
    }
}

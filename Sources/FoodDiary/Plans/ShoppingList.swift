import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryStorage
import Foundation
import GRDB

/// What to buy for the plan from one day through another: every planned recipe's ingredients for
/// its servings, every planned favourite's foods and every planned food, summed food by food and
/// said in kitchen units; with the person's own items; each ticked or not, grouped by aisle.
struct ShoppingList: Sendable {
    struct Item: Sendable, Equatable {
        /// What a tick is kept under: the food (`c` and its catalog id, or `n:` and its name) or
        /// the own item (`i` and its id). A ticked food stays ticked as the plan changes.
        let key: String
        let name: String
        let amount: String
        let needed: String?
        let aisle: Aisle
        let ticked: Bool
        /// The planned meals it is for, by name; none for an own item.
        let forWhat: [String]
        let isOwn: Bool
    }

    let first: LocalDate
    let last: LocalDate
    let items: [Item]

    /// A list, or a plan read at once, covers at most this many days: a month of dinners is a
    /// long list already.
    static let mostDays = 31

    var byAisle: [(aisle: Aisle, items: [Item])] {
        Aisle.allCases.compactMap { aisle in
            let items = items.filter { $0.aisle == aisle }
            return items.isEmpty ? nil : (aisle, items)
        }
    }

    var tickedCount: Int { items.count(where: \.ticked) }

    /// The list of `diary`'s plan from `first` through `last`, its foods' aisles read from the
    /// catalog while the diary is read.
    static func read(_ diary: Diary, catalog: CatalogDatabase, from first: LocalDate, through last: LocalDate) async throws -> ShoppingList
    {
        let read = try await diary.database.read { db in
            (try ShoppingQueries.needs(db, from: first, through: last), try ShoppingQueries.ownItems(db), try ShoppingQueries.ticks(db))
        }
        let (needs, own, ticks) = read
        let catalogIDs = Array(Set(needs.compactMap(\.food.catalogFoodID)))
        let groups = catalogIDs.isEmpty ? [:] : try await catalog.foodGroups(ids: catalogIDs)
        return ShoppingList(first: first, last: last, items: summed(needs, groups: groups, ticks: ticks) + own)
    }

    /// Each food's needs added up under its key, in the order first needed.
    private static func summed(_ needs: [ShoppingQueries.Need], groups: [Int64: String], ticks: Set<String>) -> [Item] {
        var order: [String] = []
        var byKey: [String: (food: FoodSnapshot, grams: Double, forWhat: [String])] = [:]
        for need in needs {
            let key = need.food.catalogFoodID.map { "c\($0)" } ?? "n:" + String(need.food.description.lowercased().prefix(200))
            if var found = byKey[key] {
                found.grams += need.grams
                if !found.forWhat.contains(need.forWhat) { found.forWhat.append(need.forWhat) }
                byKey[key] = found
            } else {
                order.append(key)
                byKey[key] = (need.food, need.grams, [need.forWhat])
            }
        }
        return order.map { key in
            let (food, grams, forWhat) = byKey[key]!
            let amount = KitchenAmount(grams: grams, description: food.description, unit: food.basisUnit)
            return Item(
                key: key, name: shoppingName(food.description), amount: amount.text, needed: amount.needed,
                aisle: Aisle(group: food.catalogFoodID.flatMap { groups[$0] }, name: food.description), ticked: ticks.contains(key),
                forWhat: forWhat, isOwn: false)
        }
    }

    /// A catalog description as a list says it: "Onions, raw" is "Onions".
    static func shoppingName(_ description: String) -> String {
        let parts = description.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let kept = parts.filter { !["raw", "fresh"].contains($0.lowercased()) }
        return kept.isEmpty ? description : kept.joined(separator: ", ")
    }
}

/// An item a person adds to the list themselves: "kitchen roll", "2 lemons".
struct OwnShoppingItem: Sendable, Equatable {
    static let maxNameCharacters = 120
    static let maxAmountCharacters = 40
    /// A list holds at most this many of one's own items.
    static let most = 200
}

/// The list's questions over one open diary.
enum ShoppingQueries {
    /// One food one planned meal needs, in its unit (grams, or ml for a drink).
    struct Need: Sendable {
        let food: FoodSnapshot
        let grams: Double
        let forWhat: String
    }

    /// Each planned recipe's ingredients for its servings, each planned favourite's foods and
    /// each planned food, in three statements that read only what a list needs (no nutrients).
    static func needs(_ db: Database, from first: LocalDate, through last: LocalDate) throws -> [Need] {
        let range: StatementArguments = [first.description, last.description]
        let snapshot = SnapshotColumns.snapshotColumns
        var needs: [Need] = []
        try db.forEachCachedRow(
            """
            SELECT r.name, p.servings / r.servings, i.grams, \(snapshot.map { "i.\($0)" }.joined(separator: ", "))
            FROM planned_meal p JOIN recipe r ON r.id = p.recipe_id JOIN recipe_ingredient i ON i.recipe_id = r.id
            WHERE p.day >= ? AND p.day <= ? AND p.kind = 'recipe' AND r.servings > 0 ORDER BY p.day, p.id, i.id
            """, range
        ) { row in
            let grams: Double = row[2], share: Double = row[1]
            needs.append(Need(food: try SnapshotColumns.snapshot(row, at: 3), grams: grams * share, forWhat: row[0]))
        }
        var mealNames: [Int64: String] = [:]
        try db.forEachCachedRow(
            """
            SELECT m.id, m.notes, e.grams, \(snapshot.map { "e.\($0)" }.joined(separator: ", "))
            FROM planned_meal p JOIN meal m ON m.id = p.source_meal_id JOIN food_entry e ON e.meal_id = m.id
            WHERE p.day >= ? AND p.day <= ? AND p.kind = 'meal' AND e.grams IS NOT NULL ORDER BY p.day, p.id, e.id
            """, range
        ) { row in
            let food = try SnapshotColumns.snapshot(row, at: 3)
            let id: Int64 = row[0]
            if mealNames[id] == nil { mealNames[id] = Meal.headline(of: row[1]) ?? food.description }
            needs.append(Need(food: food, grams: row[2], forWhat: mealNames[id]!))
        }
        try db.forEachCachedRow(
            """
            SELECT p.grams, \(snapshot.map { "p.\($0)" }.joined(separator: ", "))
            FROM planned_meal p WHERE p.day >= ? AND p.day <= ? AND p.kind = 'food' ORDER BY p.day, p.id
            """, range
        ) { row in
            let food = try SnapshotColumns.snapshot(row, at: 1)
            needs.append(Need(food: food, grams: row[0], forWhat: food.description))
        }
        return needs
    }

    static func ownItems(_ db: Database) throws -> [ShoppingList.Item] {
        try db.cachedRows("SELECT id, name, amount, aisle, ticked FROM shopping_item ORDER BY id").map { row in
            let id: Int64 = row[0]
            return ShoppingList.Item(
                key: "i\(id)", name: row[1], amount: row[2], needed: nil, aisle: Aisle(rawValue: row[3]) ?? .pantry, ticked: row[4],
                forWhat: [], isOwn: true)
        }
    }

    static func ticks(_ db: Database) throws -> Set<String> {
        Set(try String.fetchAll(db.cachedStatement(sql: "SELECT item_key FROM shopping_tick")))
    }
}

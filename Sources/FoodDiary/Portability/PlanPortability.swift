import FoodDiaryBase
import Foundation
import GRDB

extension DiaryDocument {
    /// A planned meal. What it plans is named as the rest of the file names it: a recipe by its
    /// name and when it was made, a meal (the favourite, or the one it was logged as) by when it
    /// was eaten and made, a food by its snapshot.
    struct PlannedRecord: Codable, Sendable, Equatable {
        struct RecipeName: Codable, Sendable, Equatable {
            var name: String
            var createdAt: String
            enum CodingKeys: String, CodingKey {
                case name
                case createdAt = "created_at"
            }
        }

        struct MealName: Codable, Sendable, Equatable {
            var eatenLocal: String
            var createdAt: String
            enum CodingKeys: String, CodingKey {
                case eatenLocal = "eaten_local"
                case createdAt = "created_at"
            }
        }

        var day: String
        var meal: String
        var kind: String
        var recipe: RecipeName?
        var servings: Double?
        var favourite: MealName?
        var food: Food?
        var grams: Double?
        var portionLabel: String?
        var note: String?
        var logged: MealName?
        var createdAt: String
        var updatedAt: String

        enum CodingKeys: String, CodingKey {
            case day, meal, kind, recipe, servings, favourite, food, grams, note, logged
            case portionLabel = "portion_label"
            case createdAt = "created_at"
            case updatedAt = "updated_at"
        }
    }

    struct ShoppingItemRecord: Codable, Sendable, Equatable {
        var name: String
        var amount: String
        var aisle: String
        var ticked: Bool
        var createdAt: String
        enum CodingKeys: String, CodingKey {
            case name, amount, aisle, ticked
            case createdAt = "created_at"
        }
    }

    struct ShoppingTickRecord: Codable, Sendable, Equatable {
        var itemKey: String
        var tickedAt: String
        enum CodingKeys: String, CodingKey {
            case itemKey = "item_key"
            case tickedAt = "ticked_at"
        }
    }
}

extension PortabilityQueries {
    static func addPlan(_ db: Database, to document: inout DiaryDocument) throws {
        let columns =
            [
                "p.day", "p.slot", "p.kind", "r.name", "r.created_at", "p.servings", "f.eaten_local", "f.created_at", "p.grams",
                "p.portion_label", "p.note", "l.eaten_local", "l.created_at", "p.created_at", "p.updated_at"
            ]
            + SnapshotColumns.snapshotColumns.map { "p.\($0)" }
        document.plannedMeals = try Row.fetchAll(
            db,
            sql: """
                SELECT \(columns.joined(separator: ", ")) FROM planned_meal p LEFT JOIN recipe r ON r.id = p.recipe_id
                LEFT JOIN meal f ON f.id = p.source_meal_id LEFT JOIN meal l ON l.id = p.logged_meal_id ORDER BY p.day, p.id
                """
        ).map { row in
            let kind: String = row[2]
            return .init(
                day: row[0], meal: row[1], kind: kind,
                recipe: (row[3] as String?).map { .init(name: $0, createdAt: row[4]) }, servings: row[5],
                favourite: (row[6] as String?).map { .init(eatenLocal: $0, createdAt: row[7]) },
                food: kind == "food" ? .init(try SnapshotColumns.snapshot(row, at: 15)) : nil, grams: row[8], portionLabel: row[9],
                note: row[10], logged: (row[11] as String?).map { .init(eatenLocal: $0, createdAt: row[12]) }, createdAt: row[13],
                updatedAt: row[14])
        }
        document.shoppingItems = try Row.fetchAll(db, sql: "SELECT name, amount, aisle, ticked, created_at FROM shopping_item ORDER BY id")
            .map {
                .init(name: $0[0], amount: $0[1], aisle: $0[2], ticked: $0[3], createdAt: $0[4])
            }
        document.shoppingTicks = try Row.fetchAll(db, sql: "SELECT item_key, ticked_at FROM shopping_tick ORDER BY item_key").map {
            .init(itemKey: $0[0], tickedAt: $0[1])
        }
    }
}

extension DiaryDocumentWriter {
    /// The plan after the recipes and meals it names: a planned meal already there (the same day,
    /// meal, kind and making) is not added again; one whose recipe or favourite the file does not
    /// hold is refused, as a recipe naming a food the file does not hold is.
    func addPlan(_ document: DiaryDocument, outcome: inout ImportOutcome) throws {
        for planned in document.plannedMeals {
            guard let day = LocalDate(parsing: planned.day), day.description == planned.day, let slot = MealSlot(rawValue: planned.meal),
                ["recipe", "meal", "food", "note"].contains(planned.kind)
            else {
                throw ImportRefusal(
                    description: tr("A planned meal in the file is for “\(planned.day.prefix(20))”, which is not a day and meal."))
            }
            let created = try stamp(planned.createdAt)
            guard
                try Int.fetchOne(
                    db, sql: "SELECT 1 FROM planned_meal WHERE day = ? AND slot = ? AND kind = ? AND created_at = ?",
                    arguments: [planned.day, slot.rawValue, planned.kind, created]) == nil
            else { continue }
            let recipeID = try planned.recipe.map { recipe in
                guard
                    let id = try Int64.fetchOne(
                        db, sql: "SELECT id FROM recipe WHERE name = ? AND created_at = ?", arguments: [recipe.name, recipe.createdAt])
                else { throw ImportRefusal(description: tr("The plan names the recipe “\(recipe.name)”, which the file does not hold.")) }
                return id
            }
            let favouriteID = try planned.favourite.map { try mealID($0, what: tr("a favourite meal")) }
            let loggedID = try planned.logged.flatMap { try? mealID($0, what: "") }
            let values: [(any DatabaseValueConvertible)?] = [
                planned.day, slot.rawValue, planned.kind, recipeID, planned.servings, favouriteID, planned.note, planned.grams,
                planned.portionLabel, loggedID, created, try stamp(planned.updatedAt)
            ]
            let food = try planned.food.map(snapshotArguments) ?? Array(repeating: nil, count: SnapshotColumns.snapshotColumns.count)
            let columns =
                [
                    "day", "slot", "kind", "recipe_id", "servings", "source_meal_id", "note", "grams", "portion_label", "logged_meal_id",
                    "created_at", "updated_at"
                ] + SnapshotColumns.snapshotColumns
            do {
                try db.execute(
                    sql:
                        "INSERT INTO planned_meal (\(columns.joined(separator: ", "))) VALUES (\(databaseQuestionMarks(count: columns.count)))",
                    arguments: StatementArguments(values + food))
            } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                throw ImportRefusal(
                    description: tr("A planned meal on \(day.longText) is missing what it plans, or plans more than one can."))
            }
            outcome.plannedAdded += 1
        }
        for item in document.shoppingItems {
            guard Aisle(rawValue: item.aisle) != nil, (1...OwnShoppingItem.maxNameCharacters).contains(item.name.count),
                item.amount.count <= OwnShoppingItem.maxAmountCharacters
            else { throw ImportRefusal(description: tr("A shopping list item in the file, “\(item.name.prefix(40))”, cannot be read.")) }
            let created = try stamp(item.createdAt)
            guard
                try Int.fetchOne(db, sql: "SELECT 1 FROM shopping_item WHERE name = ? AND created_at = ?", arguments: [item.name, created])
                    == nil
            else { continue }
            try db.execute(
                sql: "INSERT INTO shopping_item (name, amount, aisle, ticked, created_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [item.name, item.amount, item.aisle, item.ticked, created])
            outcome.shoppingItemsAdded += 1
        }
        for tick in document.shoppingTicks where (1...240).contains(tick.itemKey.count) {
            try db.execute(
                sql: "INSERT INTO shopping_tick (item_key, ticked_at) VALUES (?, ?) ON CONFLICT DO NOTHING",
                arguments: [tick.itemKey, try stamp(tick.tickedAt)])
        }
    }

    private func mealID(_ meal: DiaryDocument.PlannedRecord.MealName, what: String) throws -> Int64 {
        guard
            let id = try Int64.fetchOne(
                db, sql: "SELECT id FROM meal WHERE eaten_local = ? AND created_at = ? ORDER BY id LIMIT 1",
                arguments: [meal.eatenLocal, meal.createdAt])
        else { throw ImportRefusal(description: tr("The plan names \(what) eaten at \(meal.eatenLocal), which the file does not hold.")) }
        return id
    }
}

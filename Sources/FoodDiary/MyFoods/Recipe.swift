import Foundation
import GRDB

/// A recipe: ingredients with their own snapshots (like diary entries), a number of servings, and
/// the nutrition those give, recomputed from the ingredients whenever they change.
public struct Recipe: Sendable, Equatable {
    public struct Ingredient: Sendable, Equatable {
        public let id: Int64
        public let myFoodID: Int64?
        public let food: FoodSnapshot
        public let grams: Double
        public let portionLabel: String
        public let nutrients: NutrientValues
    }

    public let id: Int64
    public let name: String
    public let servings: Double
    public let notes: String
    let photo: Photo?
    public let ingredients: [Ingredient]

    public var totals: NutrientValues { NutrientValues.sum(ingredients.map(\.nutrients)) }
    public var totalGrams: Double { ingredients.reduce(0) { $0 + $1.grams } }
    public var perServing: NutrientValues { totals.scaled(grams: 1, basisGrams: servings) }
    public var servingGrams: Double { totalGrams / servings }

    /// What logging it takes: one serving's nutrients for one serving's weight, frozen.
    var snapshot: FoodSnapshot? {
        guard totalGrams > 0 else { return nil }
        return FoodSnapshot(dataType: .handTyped, catalogFoodID: nil, ndbNumber: nil, description: name, brandOwner: nil,
                            basisGrams: servingGrams, basis: perServing)
    }

    var portion: Portion { Portion(key: "serving", label: "1 serving", grams: servingGrams) }

    static func fetch(_ db: Database, id: Int64) throws -> Recipe? {
        try fetch(db, where: "id = ?", [id]).first
    }

    /// Recipes whose name or ingredients contain every word searched for, by name.
    static func search(_ db: Database, query: String = "") throws -> [Recipe] {
        let recipes = try fetch(db, where: "1", [])
        let query = WordQuery(query, ignoring: framingWords)
        return query.isEmpty ? recipes : recipes.filter { recipe in
            query.matches(([recipe.name] + recipe.ingredients.map(\.food.description)).joined(separator: " "))
        }
    }

    /// Words that frame a search rather than narrow it: "recipes with chickpeas".
    static let framingWords: Set<String> = ["recipe", "recipes", "with", "containing", "using", "and"]

    /// The recipes matching `condition`, by name, with their ingredients and photos: three queries
    /// however many recipes there are.
    private static func fetch(_ db: Database, where condition: String, _ arguments: StatementArguments) throws -> [Recipe] {
        let rows = try Row.fetchAll(db, sql: "SELECT * FROM recipe WHERE \(condition) ORDER BY name COLLATE NOCASE, id", arguments: arguments)
        let ids: [Int64] = rows.map { $0["id"] }
        var ingredients: [Int64: [Ingredient]] = [:]
        if !ids.isEmpty {
            let columns = ["id", "recipe_id", "my_food_id", "grams", "portion_label"] + SnapshotColumns.snapshotColumns + SnapshotColumns.scaledColumns
            let ingredientRows = try Row.fetchAll(db, sql: """
                SELECT \(columns.joined(separator: ", ")) FROM recipe_ingredient
                WHERE recipe_id IN (\(databaseQuestionMarks(count: ids.count))) ORDER BY recipe_id, id
                """, arguments: StatementArguments(ids))
            for row in ingredientRows {
                ingredients[row[1], default: []].append(
                    Ingredient(id: row[0], myFoodID: row[2], food: try SnapshotColumns.snapshot(row, at: 5), grams: row[3],
                               portionLabel: row[4], nutrients: SnapshotColumns.scaled(row, at: 5 + SnapshotColumns.snapshotColumns.count)))
            }
        }
        let photos = try Photo.byHash(db, rows.compactMap { $0["photo_sha256"] as String? })
        return rows.map { row in
            Recipe(id: row["id"], name: row["name"], servings: row["servings"], notes: row["notes"],
                   photo: (row["photo_sha256"] as String?).flatMap { photos[$0] }, ingredients: ingredients[row["id"]] ?? [])
        }
    }
}

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
            let ingredientRows = try Row.fetchAll(db, sql: """
                SELECT * FROM recipe_ingredient WHERE recipe_id IN (\(databaseQuestionMarks(count: ids.count))) ORDER BY recipe_id, id
                """, arguments: StatementArguments(ids))
            for row in ingredientRows {
                ingredients[row["recipe_id"], default: []].append(
                    Ingredient(id: row["id"], myFoodID: row["my_food_id"], food: try SnapshotColumns.snapshot(row), grams: row["grams"],
                               portionLabel: row["portion_label"], nutrients: SnapshotColumns.scaled(row)))
            }
        }
        let photos = try Photo.byHash(db, rows.compactMap { $0["photo_sha256"] as String? })
        return rows.map { row in
            Recipe(id: row["id"], name: row["name"], servings: row["servings"], notes: row["notes"],
                   photo: (row["photo_sha256"] as String?).flatMap { photos[$0] }, ingredients: ingredients[row["id"]] ?? [])
        }
    }
}

/// A recipe's own fields, validated.
struct RecipeInput: Sendable, Equatable {
    let name: String
    let servings: Double
    let notes: String
}

struct RecipeForm: Sendable, Equatable {
    var name: String
    var servings: String
    var notes: String

    init(name: String = "", servings: String = "4", notes: String = "") {
        self.name = name
        self.servings = servings
        self.notes = notes
    }

    init(fields: FormFields) {
        self.init(name: fields["name"] ?? "", servings: fields["servings"] ?? "", notes: (fields["notes"] ?? "").replacingOccurrences(of: "\r\n", with: "\n"))
    }

    init(recipe: Recipe) {
        self.init(name: recipe.name, servings: formatQuantity(recipe.servings), notes: recipe.notes)
    }

    struct Errors: Error, Equatable {
        var name: String?
        var servings: String?
        var notes: String?
        var isEmpty: Bool { name == nil && servings == nil && notes == nil }
    }

    static let servingsRange: ClosedRange<Double> = 0.5...1000

    func validate() -> Result<RecipeInput, Errors> {
        var errors = Errors()
        let name = TypedText.clean(self.name)
        if name.isEmpty { errors.name = "Give the recipe a name, like “Chickpea curry”." }
        else if TypedText.length(name) > 200 { errors.name = "Keep the name to 200 characters." }
        var servings: Double?
        switch TypedNumber.parse(self.servings, in: Self.servingsRange) {
        case .success(let value): servings = value
        case .failure(let problem): errors.servings = TypedNumber.message(problem, what: "how many servings it makes", range: Self.servingsRange)
        }
        if TypedText.length(notes) > MealInput.maxNotesLength { errors.notes = "Notes can be at most 10,000 characters." }
        guard errors.isEmpty, let servings else { return .failure(errors) }
        return .success(RecipeInput(name: name, servings: servings, notes: notes))
    }
}

extension AppDatabase {
    func saveRecipe(id: Int64?, _ input: RecipeInput, photo: IngestedPhoto?, now: Date) async throws -> (Int64, PhotoChange)? {
        try await write { db in
            if let photo { try Self.insertPhoto(db, photo, now: now) }
            guard let id else {
                try db.execute(sql: "INSERT INTO recipe (name, servings, notes, photo_sha256, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
                               arguments: [input.name, input.servings, input.notes, photo?.sha256, now, now])
                return (db.lastInsertedRowID, PhotoChange(orphaned: nil))
            }
            guard let previous = try Row.fetchOne(db, sql: "SELECT photo_sha256 FROM recipe WHERE id = ?", arguments: [id]) else { return nil }
            try db.execute(sql: "UPDATE recipe SET name = ?, servings = ?, notes = ?, updated_at = ? WHERE id = ?",
                           arguments: [input.name, input.servings, input.notes, now, id])
            var orphaned: StoredPhotoName?
            if let photo {
                try db.execute(sql: "UPDATE recipe SET photo_sha256 = ? WHERE id = ?", arguments: [photo.sha256, id])
                if let old = previous["photo_sha256"] as String?, old != photo.sha256 { orphaned = try Self.deleteIfUnused(db, sha256: old) }
            }
            return (id, PhotoChange(orphaned: orphaned))
        }
    }

    func deleteRecipe(id: Int64) async throws -> PhotoChange? {
        try await write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT photo_sha256 FROM recipe WHERE id = ?", arguments: [id]) else { return nil }
            try db.execute(sql: "DELETE FROM recipe WHERE id = ?", arguments: [id])
            return PhotoChange(orphaned: try (row["photo_sha256"] as String?).flatMap { try Self.deleteIfUnused(db, sha256: $0) })
        }
    }

    /// Adds an ingredient with its own snapshot. Returns false when the recipe is gone.
    func addIngredient(recipeID: Int64, food: FoodSnapshot, myFoodID: Int64?, amount: ChosenAmount, now: Date) async throws -> Bool {
        try await write { db in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM recipe WHERE id = ?)", arguments: [recipeID]) == true else { return false }
            let columns = ["recipe_id", "my_food_id", "grams", "portion_label"] + SnapshotColumns.identity + SnapshotColumns.basisColumns
                + SnapshotColumns.scaledColumns + ["created_at"]
            let scaled = food.nutrients(forGrams: amount.grams)
            let values: [(any DatabaseValueConvertible)?] = [recipeID, myFoodID, amount.grams, amount.label] + SnapshotColumns.arguments(food)
                + NutrientKind.allCases.map { scaled[$0] } + [now]
            try db.execute(sql: "INSERT INTO recipe_ingredient (\(columns.joined(separator: ", "))) VALUES (\(databaseQuestionMarks(count: columns.count)))",
                           arguments: StatementArguments(values))
            try db.execute(sql: "UPDATE recipe SET updated_at = ? WHERE id = ?", arguments: [now, recipeID])
            return true
        }
    }

    func removeIngredient(recipeID: Int64, ingredientID: Int64) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM recipe_ingredient WHERE id = ? AND recipe_id = ?", arguments: [ingredientID, recipeID])
            return db.changesCount > 0
        }
    }
}

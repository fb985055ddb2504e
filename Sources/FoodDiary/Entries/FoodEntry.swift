import Foundation
import GRDB

/// One food eaten in a meal: its snapshot, how much, and its nutrients for that amount.
public struct FoodEntry: Sendable, Equatable {
    public let id: Int64
    public let mealID: Int64
    public let food: FoodSnapshot
    /// Nil for a quick add, which has no weight.
    public let grams: Double?
    public let portionLabel: String
    /// Stored at full precision when the amount was chosen; equal to `food.nutrients(forGrams: grams)`.
    public let nutrients: NutrientValues
    public let createdAt: Date
    public let updatedAt: Date
}

/// A food kept for reuse, with the amount one tap adds.
public struct SavedFood: Sendable, Equatable {
    public let id: Int64
    public let food: FoodSnapshot
    public let defaultAmount: ChosenAmount
    public let createdAt: Date
}

/// Reading and writing the snapshot columns the entry and saved-food tables share.
enum SnapshotColumns {
    static let basisColumns = NutrientKind.allCases.map { "basis_" + $0.column }
    static let scaledColumns = NutrientKind.allCases.map(\.column)
    static let identity = ["data_type", "catalog_food_id", "ndb_number", "description", "brand_owner", "basis_grams"]

    static func arguments(_ food: FoodSnapshot) -> [(any DatabaseValueConvertible)?] {
        [food.dataType.rawValue, food.catalogFoodID, food.ndbNumber, food.description, food.brandOwner, food.basisGrams]
            + NutrientKind.allCases.map { food.basis[$0] }
    }

    static func snapshot(_ row: Row) throws -> FoodSnapshot {
        guard let dataType = FoodDataType(rawValue: row["data_type"]) else { throw EntryDataError.corruptRow }
        var basis = NutrientValues()
        for kind in NutrientKind.allCases { basis[kind] = row["basis_" + kind.column] }
        return FoodSnapshot(dataType: dataType, catalogFoodID: row["catalog_food_id"], ndbNumber: row["ndb_number"],
                            description: row["description"], brandOwner: row["brand_owner"],
                            basisGrams: row["basis_grams"], basis: basis)
    }

    static func scaled(_ row: Row) -> NutrientValues {
        var values = NutrientValues()
        for kind in NutrientKind.allCases { values[kind] = row[kind.column] }
        return values
    }
}

enum EntryDataError: Error {
    case corruptRow
}

extension FoodEntry {
    init(row: Row) throws {
        self.init(id: row["id"], mealID: row["meal_id"], food: try SnapshotColumns.snapshot(row), grams: row["grams"],
                  portionLabel: row["portion_label"], nutrients: SnapshotColumns.scaled(row),
                  createdAt: row["created_at"], updatedAt: row["updated_at"])
    }
}

extension SavedFood {
    init(row: Row) throws {
        self.init(id: row["id"], food: try SnapshotColumns.snapshot(row),
                  defaultAmount: ChosenAmount(grams: row["default_grams"], label: row["default_portion_label"]),
                  createdAt: row["created_at"])
    }
}

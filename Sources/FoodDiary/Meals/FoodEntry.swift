import FoodDiaryBase
import FoodDiaryStorage
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

/// Reading and writing the snapshot columns the entry, saved-food and ingredient tables share.
/// Rows are read by position (a column name lookup lower-cases the name, and a day page reads
/// thirty columns of every food), so each table's reads select `columns` in this order.
enum SnapshotColumns {
    static let basisColumns = NutrientKind.allCases.map { "basis_" + $0.column }
    static let scaledColumns = NutrientKind.allCases.map(\.column)
    static let identity = ["data_type", "catalog_food_id", "ndb_number", "description", "brand_owner", "basis_grams", "basis_unit"]
    /// What `snapshot(_:at:)` reads, from its offset on.
    static let snapshotColumns = identity + basisColumns

    static func arguments(_ food: FoodSnapshot) -> [(any DatabaseValueConvertible)?] {
        [
            food.dataType.rawValue, food.catalogFoodID, food.ndbNumber, food.description, food.brandOwner, food.basisGrams,
            food.basisUnit.rawValue
        ]
            + NutrientKind.allCases.map { food.basis[$0] }
    }

    /// The snapshot's columns, and the nutrients scaled to the row's amount where the table keeps
    /// them, as a record writes them.
    static func encode(_ food: FoodSnapshot, scaled: NutrientValues?, into container: inout PersistenceContainer) {
        for (column, value) in zip(snapshotColumns, arguments(food)) { container[column] = value }
        if let scaled { for kind in NutrientKind.allCases { container[kind.column] = scaled[kind] } }
    }

    /// The scaled nutrients as assignments, for changing an amount in place.
    static func assignments(_ scaled: NutrientValues) -> [ColumnAssignment] {
        NutrientKind.allCases.map { Column($0.column).set(to: scaled[$0]) }
    }

    /// The snapshot as assignments, for a row whose food changes (a share's portion).
    static func assignments(_ food: FoodSnapshot) -> [ColumnAssignment] {
        zip(snapshotColumns, arguments(food)).map { Column($0).set(to: $1) }
    }

    /// The snapshot in `snapshotColumns`, starting at column `offset`.
    static func snapshot(_ row: Row, at offset: Int) throws -> FoodSnapshot {
        guard let dataType = FoodDataType(rawValue: row[offset]), let unit = MeasureUnit(rawValue: row[offset + 6]) else {
            throw EntryDataError.corruptRow
        }
        var basis = NutrientValues()
        for (index, kind) in NutrientKind.allCases.enumerated() { basis[kind] = row[offset + identity.count + index] }
        return FoodSnapshot(
            dataType: dataType, catalogFoodID: row[offset + 1], ndbNumber: row[offset + 2],
            description: row[offset + 3], brandOwner: row[offset + 4],
            basisGrams: row[offset + 5], basisUnit: unit, basis: basis)
    }

    /// The scaled nutrients in `scaledColumns`, starting at column `offset`.
    static func scaled(_ row: Row, at offset: Int) -> NutrientValues {
        var values = NutrientValues()
        for (index, kind) in NutrientKind.allCases.enumerated() { values[kind] = row[offset + index] }
        return values
    }
}

enum EntryDataError: Error {
    case corruptRow
}

/// A row of `food_entry`. Read by position: raw SQL selects `selectedColumns`, and the query
/// interface `databaseSelection`, the same columns in the same order.
extension FoodEntry: FetchableRecord, TableRecord {
    public static let databaseTableName = "food_entry"

    public enum Columns {
        public static let id = Column("id")
        public static let mealID = Column("meal_id")
        static let grams = Column("grams")
        static let portionLabel = Column("portion_label")
        static let updatedAt = Column("updated_at")
    }

    static let columnNames =
        ["id", "meal_id", "grams", "portion_label", "created_at", "updated_at"]
        + SnapshotColumns.snapshotColumns + SnapshotColumns.scaledColumns
    static let selectedColumns = columnNames.joined(separator: ", ")
    public static var databaseSelection: [any SQLSelectable] { columnNames.map { Column($0) } }

    public init(row: Row) throws {
        let snapshotAt = 6, scaledAt = snapshotAt + SnapshotColumns.snapshotColumns.count
        self.init(
            id: row[0], mealID: row[1], food: try SnapshotColumns.snapshot(row, at: snapshotAt), grams: row[2],
            portionLabel: row[3], nutrients: SnapshotColumns.scaled(row, at: scaledAt),
            createdAt: row[4], updatedAt: row[5])
    }
}

/// A row of `saved_food`, read by position like an entry.
extension SavedFood: FetchableRecord, TableRecord {
    public static let databaseTableName = "saved_food"

    public enum Columns {
        public static let id = Column("id")
        static let catalogFoodID = Column("catalog_food_id")
        static let description = Column("description")
        static let brandOwner = Column("brand_owner")
        static let basisGrams = Column("basis_grams")
    }

    static let columnNames = ["id", "default_grams", "default_portion_label", "created_at"] + SnapshotColumns.snapshotColumns
    static let selectedColumns = columnNames.joined(separator: ", ")
    public static var databaseSelection: [any SQLSelectable] { columnNames.map { Column($0) } }

    public init(row: Row) throws {
        self.init(
            id: row[0], food: try SnapshotColumns.snapshot(row, at: 4),
            defaultAmount: ChosenAmount(grams: row[1], label: row[2]),
            createdAt: row[3])
    }
}

extension SavedFood {
    /// The saved food `food` would be: a catalog food once; a typed one by name, brand and serving.
    static func same(as food: FoodSnapshot) -> QueryInterfaceRequest<SavedFood> {
        if let catalogID = food.catalogFoodID { return filter(Columns.catalogFoodID == catalogID) }
        return filter(
            Columns.catalogFoodID == nil && Columns.description == food.description
                && (Columns.brandOwner ?? "") == (food.brandOwner ?? "") && Columns.basisGrams == food.basisGrams)
    }
}

/// A new row of `food_entry`: `nutrients` are the snapshot's for `grams`, worked out by the caller.
struct NewFoodEntry: PersistableRecord {
    static let databaseTableName = FoodEntry.databaseTableName

    let mealID: Int64
    let food: FoodSnapshot
    let grams: Double?
    let label: String
    let nutrients: NutrientValues
    let now: Date

    func encode(to container: inout PersistenceContainer) {
        container["meal_id"] = mealID
        container["grams"] = grams
        container["portion_label"] = label
        SnapshotColumns.encode(food, scaled: nutrients, into: &container)
        container["created_at"] = now
        container["updated_at"] = now
    }
}

/// A new row of `saved_food`, with the amount one tap adds.
struct NewSavedFood: PersistableRecord {
    static let databaseTableName = SavedFood.databaseTableName

    let food: FoodSnapshot
    let defaultAmount: ChosenAmount
    let now: Date

    func encode(to container: inout PersistenceContainer) {
        SnapshotColumns.encode(food, scaled: nil, into: &container)
        container["default_grams"] = defaultAmount.grams
        container["default_portion_label"] = defaultAmount.label
        container["created_at"] = now
    }
}

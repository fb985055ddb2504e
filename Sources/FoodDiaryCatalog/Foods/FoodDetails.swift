import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB

/// Everything the catalog knows about one food.
public struct FoodDetails: Sendable, Equatable {
    public struct Nutrient: Sendable, Equatable {
        public let number: String
        public let name: String
        public let unit: String
        public let decimals: Int
        public let sortOrder: Int
        public let amountPer100g: Double
    }

    public struct Portion: Sendable, Equatable {
        public let seq: Int
        public let amount: Double
        public let description: String
        public let gramWeight: Double
    }

    /// What a food picked from FoodData Central online brings besides: its label and barcode.
    public struct Label: Sendable, Equatable {
        public let servingSize: Double
        public let servingUnit: MeasureUnit
        public let householdText: String?
        /// Per serving, by SR28 number, as printed.
        public let nutrients: [String: Double]
    }

    public let summary: FoodSummary
    public let commonName: String?
    public let nutrients: [Nutrient]
    public let portions: [Portion]
    public var gtinUpc: String?
    public var label: Label?
    /// When it was fetched from FoodData Central online; nil for the catalog's own foods.
    public var fetchedAt: String?

    /// Its nutrients with energy in the unit the person reads only: USDA lists kcal (208) and, for
    /// most foods, kJ (268). The other is left out; kJ USDA did not give is kcal × 4.184.
    public var shownNutrients: [Nutrient] {
        let kilojoules = EnergyUnit.shown == .kJ
        var shown = nutrients.filter { $0.number != (kilojoules ? "208" : "268") }
        if kilojoules, !shown.contains(where: { $0.number == "268" }), let kcal = nutrients.firstIndex(where: { $0.number == "208" }) {
            let energy = nutrients[kcal]
            shown.insert(
                Nutrient(
                    number: "268", name: energy.name, unit: EnergyUnit.kJ.symbol, decimals: 0, sortOrder: energy.sortOrder,
                    amountPer100g: EnergyUnit.kJ.value(fromKilocalories: energy.amountPer100g)), at: kcal)
        }
        return shown
    }

    /// A drink is measured in ml, whether or not its label gives a serving; every other food by weight.
    public var measureUnit: MeasureUnit { summary.measureUnit }

    public static func fetch(_ db: Database, id: Int64) throws -> FoodDetails? {
        guard
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT \(FoodSummary.selectedColumns), f.common_name, f.gtin_upc, f.serving_size, f.serving_size_unit,
                        f.household_serving, f.fetched_at
                    FROM food f \(FoodSummary.groupJoin) WHERE f.id = ?
                    """, arguments: [id])
        else { return nil }
        let nutrients = try Row.fetchAll(
            db,
            sql: """
                SELECT n.number, n.name, n.unit, n.decimals, n.sort_order, v.amount_per_100g
                FROM food_nutrient v JOIN nutrient n ON n.number = v.nutrient_number
                WHERE v.food_id = ? ORDER BY n.sort_order
                """, arguments: [id]
        ).map {
            Nutrient(
                number: $0["number"], name: $0["name"], unit: $0["unit"], decimals: $0["decimals"],
                sortOrder: $0["sort_order"], amountPer100g: $0["amount_per_100g"])
        }
        let portions = try Row.fetchAll(
            db, sql: "SELECT seq, amount, description, gram_weight FROM portion WHERE food_id = ? ORDER BY seq",
            arguments: [id]
        ).map {
            Portion(seq: $0["seq"], amount: $0["amount"], description: $0["description"], gramWeight: $0["gram_weight"])
        }
        var details = FoodDetails(summary: FoodSummary(row: row), commonName: row["common_name"], nutrients: nutrients, portions: portions)
        details.gtinUpc = row["gtin_upc"]
        details.fetchedAt = row["fetched_at"]
        if let size: Double = row["serving_size"], let unit = (row["serving_size_unit"] as String?).flatMap(MeasureUnit.init(rawValue:)) {
            let label = try Row.fetchAll(
                db, sql: "SELECT nutrient_number, amount_per_serving FROM label_nutrient WHERE food_id = ?", arguments: [id])
            details.label = Label(
                servingSize: size, servingUnit: unit, householdText: row["household_serving"],
                nutrients: Dictionary(uniqueKeysWithValues: label.map { ($0[0], $0[1]) }))
        }
        return details
    }
}

extension FoodDetails {
    /// Many foods' household measures in one read, as `catalogPortions` names them: a page of
    /// search results says what one tap adds of each.
    package static func portions(_ db: Database, foods ids: [Int64]) throws -> [Int64: [FoodDiaryBase.Portion]] {
        var portions: [Int64: [Portion]] = [:]
        try db.forEachCachedRow(
            """
            SELECT food_id, seq, amount, description, gram_weight FROM portion WHERE food_id IN (SELECT value FROM json_each(?))
                ORDER BY food_id, seq
            """, [JSONList.ids(ids)]
        ) { row in
            portions[row[0], default: []].append(Portion(seq: row[1], amount: row[2], description: row[3], gramWeight: row[4]))
        }
        return portions.mapValues(FoodDiaryBase.Portion.catalogPortions)
    }
}

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

    public let summary: FoodSummary
    public let commonName: String?
    public let nutrients: [Nutrient]
    public let portions: [Portion]

    public static func fetch(_ db: Database, id: Int64) throws -> FoodDetails? {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT \(FoodSummary.selectedColumns), f.common_name
            FROM food f \(FoodSummary.groupJoin) WHERE f.id = ?
            """, arguments: [id])
        else { return nil }
        let nutrients = try Row.fetchAll(db, sql: """
            SELECT n.number, n.name, n.unit, n.decimals, n.sort_order, v.amount_per_100g
            FROM food_nutrient v JOIN nutrient n ON n.number = v.nutrient_number
            WHERE v.food_id = ? ORDER BY n.sort_order
            """, arguments: [id]).map {
            Nutrient(number: $0["number"], name: $0["name"], unit: $0["unit"], decimals: $0["decimals"],
                     sortOrder: $0["sort_order"], amountPer100g: $0["amount_per_100g"])
        }
        let portions = try Row.fetchAll(db, sql: "SELECT seq, amount, description, gram_weight FROM portion WHERE food_id = ? ORDER BY seq",
                                        arguments: [id]).map {
            Portion(seq: $0["seq"], amount: $0["amount"], description: $0["description"], gramWeight: $0["gram_weight"])
        }
        return FoodDetails(
            summary: FoodSummary(row: row),
            commonName: row["common_name"], nutrients: nutrients, portions: portions)
    }
}

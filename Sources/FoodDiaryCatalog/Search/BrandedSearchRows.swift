import FoodDiaryStorage
import GRDB

/// How a branded food is stored for search: its `food` row with its place in prior order, and the
/// `branded_search` row at that place. The import and the benchmark's synthetic catalog both write
/// through it, so the tier's layout is in one place.
package struct BrandedSearchRows {
    private let insertFood: Statement
    private let insertSearch: Statement

    package init(_ db: Database) throws {
        insertFood = try db.makeStatement(
            sql: """
                INSERT INTO food (id, data_type, description, short_description, food_category, energy_kcal_per_100g,
                                  search_prior, core_terms, search_position)
                VALUES (?, 'branded', ?, ?, ?, ?, ?, ?, ?)
                """)
        insertSearch = try db.makeStatement(sql: "INSERT INTO branded_search (rowid, head, rest, category, food_id) VALUES (?, ?, ?, ?, ?)")
    }

    package func insert(id: Int64, description: String, category: String, energyKcalPer100g: Double?, prior: Double, position: Int) throws {
        try insertFood.execute(arguments: [
            id, description, description, category, energyKcalPer100g, prior,
            SearchRanking.coreTerms(description: description).joined(separator: " "), position
        ])
        let columns = SearchRanking.headAndRest(description)
        try insertSearch.execute(arguments: [position, columns.head, columns.rest, category, id])
    }
}

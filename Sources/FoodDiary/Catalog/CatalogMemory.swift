import Foundation
import GRDB

/// What search reads of every food, held in memory for each contents of the catalog:
/// - the generic index's terms with their document counts, for spelling: fts5vocab counts them
///   by walking the whole index, which at 500,000 foods costs far more than the search itself;
/// - each food's prior, and which branded food sits at each place of the branded index: read by
///   a join for the thousand branded candidates of a common word, they cost more than finding them.
///
/// A food added since (one picked online, a branded food while their import runs) is not in
/// memory: its prior is read from the database, as every prior was before.
final class CatalogMemory: @unchecked Sendable {
    typealias Term = (term: String, documents: Int)

    struct Priors: Sendable {
        let generic: [Int64: Double]
        /// By place in the branded index (`food.search_position`), from 1; 0 where no food is.
        let brandedFood: [Int64]
        let brandedPrior: [Double]

        func branded(at position: Int64) -> (food: Int64, prior: Double)? {
            guard position > 0, position < brandedFood.count, brandedFood[Int(position)] != 0 else { return nil }
            return (brandedFood[Int(position)], brandedPrior[Int(position)])
        }
    }

    static let shared = CatalogMemory()

    private let lock = NSLock()
    private var vocabularies: [String: (contents: String, terms: [Term])] = [:]
    private var priors: [String: (contents: String, priors: Priors)] = [:]

    func vocabulary(_ db: Database) throws -> [Term] {
        let (file, contents) = try Self.contents(db)
        if let kept = lock.withLock({ vocabularies[file] }), kept.contents == contents { return kept.terms }
        let terms = try Row.fetchAll(db, sql: "SELECT term, doc FROM food_search_vocabulary WHERE term GLOB '[a-z]*'")
            .map { Term(term: $0["term"], documents: $0["doc"]) }
        lock.withLock { vocabularies[file] = (contents, terms) }
        return terms
    }

    func priors(_ db: Database) throws -> Priors {
        let (file, contents) = try Self.contents(db)
        if let kept = lock.withLock({ priors[file] }), kept.contents == contents { return kept.priors }
        var generic: [Int64: Double] = [:]
        let genericRows = try Row.fetchCursor(db, sql: "SELECT id, search_prior FROM food WHERE data_type != 'branded'")
        while let row = try genericRows.next() { generic[row[0]] = row[1] }
        let last = try Int.fetchOne(db, sql: "SELECT ifnull(max(search_position), 0) FROM food WHERE search_position > 0") ?? 0
        var foods = [Int64](repeating: 0, count: last + 1), brandedPriors = [Double](repeating: 0, count: last + 1)
        let brandedRows = try Row.fetchCursor(db, sql: "SELECT search_position, id, search_prior FROM food WHERE search_position > 0")
        while let row = try brandedRows.next() {
            let position: Int = row[0]
            (foods[position], brandedPriors[position]) = (row[1], row[2])
        }
        let loaded = Priors(generic: generic, brandedFood: foods, brandedPrior: brandedPriors)
        lock.withLock { priors[file] = (contents, loaded) }
        return loaded
    }

    /// Which catalog, and which contents of it: a new import, the branded foods' import ending, or
    /// a catalog grown past its last place changes them. While the branded foods are being
    /// imported, their places are not followed: each batch would reload them all. (The last place
    /// is read through the partial index only when the query says `IS NOT NULL`; without, it
    /// scanned every food, 30 ms.)
    private static func contents(_ db: Database) throws -> (file: String, contents: String) {
        let row = try Row.fetchOne(db, sql: """
            SELECT (SELECT file FROM pragma_database_list WHERE name = 'main'),
                   ifnull((SELECT value FROM catalog_info WHERE key = 'imported_at'), '') || '|' ||
                   ifnull((SELECT value || '|' || (SELECT ifnull(max(search_position), 0) FROM food WHERE search_position IS NOT NULL)
                           FROM catalog_info WHERE key = 'fdc_branded'), 'branded foods not all imported')
            """)
        return (row?[0] ?? "", row?[1] ?? "")
    }
}

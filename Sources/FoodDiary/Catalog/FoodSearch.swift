import Foundation
import GRDB

/// A food as a search result lists it.
public struct FoodSummary: Sendable, Equatable, Codable {
    public let id: Int64
    public let ndbNumber: String
    public let description: String
    public let foodGroup: String
    public let brandOwner: String?
    public let energyKcalPer100g: Double?
}

public struct FoodSearchResult: Sendable, Equatable {
    public let totalHits: Int
    public let foods: [FoodSummary]
    /// Set when nothing matched as typed and misspelt words were replaced, e.g. "bannana" → "banana".
    public let correctedQuery: String?
}

/// Full-text search over the catalog: every word must match, the last also as a prefix so results
/// follow typing, ranked so the food a person means comes first.
public enum FoodSearch {
    static let maxWordLength = 40
    static let rerankWindow = 100

    /// Everyday words the USDA names differently.
    static let synonyms: [String: [String]] = [
        "fresh": ["raw"], "oatmeal": ["oats"], "kiwi": ["kiwifruit"], "soda": ["carbonated"], "porridge": ["oats"],
    ]

    public static func search(_ db: Database, query: String, brand: String? = nil, limit: Int = 25) throws -> FoodSearchResult {
        let words = Array(Words.split(query).prefix(Words.maxTyped).map { String($0.prefix(maxWordLength)) })
        let brandWords = Array(Words.split(brand ?? "").prefix(Words.maxTyped).map { String($0.prefix(maxWordLength)) })
        guard !words.isEmpty, limit > 0 else { return FoodSearchResult(totalHits: 0, foods: [], correctedQuery: nil) }

        var result = try run(db, words: words, brandWords: brandWords, limit: limit)
        if result.totalHits == 0, let corrected = try corrected(db, words: words), corrected != words {
            let retry = try run(db, words: corrected, brandWords: brandWords, limit: limit)
            if retry.totalHits > 0 {
                result = FoodSearchResult(totalHits: retry.totalHits, foods: retry.foods, correctedQuery: corrected.joined(separator: " "))
            }
        }
        return result
    }

    private static func run(_ db: Database, words: [String], brandWords: [String], limit: Int) throws -> FoodSearchResult {
        let exact = matchExpression(words, prefixLast: false, brandWords: brandWords)
        let prefix = matchExpression(words, prefixLast: true, brandWords: brandWords)
        let total = try Int.fetchOne(db, sql: "SELECT count(*) FROM food_search WHERE food_search MATCH ?", arguments: [prefix]) ?? 0
        guard total > 0 else { return FoodSearchResult(totalHits: 0, foods: [], correctedQuery: nil) }

        let queryTerms = Set(words.map(Words.singular) + words.flatMap { synonyms[$0] ?? [] }.map(Words.singular))
        var foods = try ranked(db, match: exact, queryTerms: queryTerms)
        if foods.count < limit {
            let seen = Set(foods.map(\.id))
            foods += try ranked(db, match: prefix, queryTerms: queryTerms).filter { !seen.contains($0.id) }
        }
        return FoodSearchResult(totalHits: total, foods: Array(foods.prefix(limit)), correctedQuery: nil)
    }

    /// Every word quoted, so nothing typed is read as FTS syntax; synonyms as alternatives.
    static func matchExpression(_ words: [String], prefixLast: Bool, brandWords: [String]) -> String {
        var parts = words.enumerated().map { index, word in
            let star = prefixLast && index == words.count - 1 ? "*" : ""
            let alternatives = ([word] + (synonyms[word] ?? [])).map { "\"\($0)\"\(star)" }
            return "(" + alternatives.joined(separator: " OR ") + ")"
        }
        if !brandWords.isEmpty {
            parts.append("manufacturer : (" + brandWords.map { "\"\($0)\"*" }.joined(separator: " ") + ")")
        }
        return parts.joined(separator: " AND ")
    }

    private static func ranked(_ db: Database, match: String, queryTerms: Set<String>) throws -> [FoodSummary] {
        let rows = try Row.fetchAll(db, sql: """
            SELECT f.id, f.ndb_number, f.description, g.name AS food_group, f.manufacturer, f.energy_kcal_per_100g,
                   f.core_terms, bm25(food_search, \(SearchRanking.columnWeights)) + f.search_prior AS score
            FROM food_search
            JOIN food f ON f.id = food_search.rowid
            JOIN food_group g ON g.code = f.food_group_code
            WHERE food_search MATCH ?
            ORDER BY score
            LIMIT \(rerankWindow)
            """, arguments: [match])
        return rows.map { row -> (Double, FoodSummary) in
            let core = (row["core_terms"] as String).split(separator: " ").map(String.init)
            let covered = !core.isEmpty && core.allSatisfy(queryTerms.contains)
            let score = (row["score"] as Double) - (covered ? SearchRanking.coreCoveredBonus : 0)
            return (score, FoodSummary(
                id: row["id"], ndbNumber: row["ndb_number"], description: row["description"], foodGroup: row["food_group"],
                brandOwner: row["manufacturer"], energyKcalPer100g: row["energy_kcal_per_100g"]))
        }
        .enumerated()
        .sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }
        .map(\.element.1)
    }

    /// Replaces each word that matches nothing with the closest indexed term, if one is close enough.
    private static func corrected(_ db: Database, words: [String]) throws -> [String]? {
        var vocabulary: [VocabularyCache.Term]?
        var result: [String] = []
        for (index, word) in words.enumerated() {
            let probe = matchExpression([word], prefixLast: index == words.count - 1, brandWords: [])
            let hits = try Int.fetchOne(db, sql: "SELECT count(*) FROM food_search WHERE food_search MATCH ?", arguments: [probe]) ?? 0
            if hits > 0 || word.count < 4 {
                result.append(word)
                continue
            }
            if vocabulary == nil { vocabulary = try VocabularyCache.shared.vocabulary(db) }
            let allowed = word.count >= 7 ? 2 : 1
            let best = vocabulary!
                .compactMap { entry -> (Int, Int, String)? in
                    guard abs(entry.term.count - word.count) <= allowed else { return nil }
                    let distance = editDistance(word, entry.term, limit: allowed)
                    return distance <= allowed ? (distance, -entry.documents, entry.term) : nil
                }
                .min { ($0.0, $0.1) < ($1.0, $1.1) }
            guard let best else { return nil }
            result.append(best.2)
        }
        return result
    }

    /// Optimal-string-alignment distance (transpositions count once), giving up past `limit`.
    static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
        let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
        if x.isEmpty || y.isEmpty { return max(x.count, y.count) }
        var previous2 = [Int](repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return limit + 1 }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[y.count]
    }
}

/// The index's terms with their document counts, read once per catalog contents: fts5vocab counts
/// them by walking the whole index, which at 500,000 foods costs far more than the search itself.
final class VocabularyCache: @unchecked Sendable {
    typealias Term = (term: String, documents: Int)
    static let shared = VocabularyCache()

    private let lock = NSLock()
    private var cached: [String: [Term]] = [:]

    func vocabulary(_ db: Database) throws -> [Term] {
        // Which catalog, and which contents of it: an import or growth changes the key.
        let contents = try String.fetchOne(db, sql: """
            SELECT (SELECT file FROM pragma_database_list WHERE name = 'main') || '|' ||
                   ifnull((SELECT value FROM catalog_info WHERE key = 'imported_at'), '') || '|' || ifnull((SELECT max(rowid) FROM food_search), 0)
            """) ?? ""
        let fullKey = contents
        if let terms = lock.withLock({ cached[fullKey] }) { return terms }
        let terms = try Row.fetchAll(db, sql: "SELECT term, doc FROM food_search_vocabulary WHERE term GLOB '[a-z]*'")
            .map { Term(term: $0["term"], documents: $0["doc"]) }
        lock.withLock { cached[fullKey] = terms }
        return terms
    }
}

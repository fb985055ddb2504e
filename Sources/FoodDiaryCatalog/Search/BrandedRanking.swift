import CSearchRank
import FoodDiaryStorage
import Foundation
import GRDB

/// How the branded foods' text is scored: bm25, as FTS5 computes it, but with each phrase's
/// inverse document frequency worked out from the index's vocabulary held in memory. FTS5's bm25
/// counts it on every query by reading each row that has the phrase: for a word typed so far
/// ("chocolate" is in 20,000 products, "o…" in most) that cost more than the rest of the search.
package enum BrandedRanking {
    /// Adds `rank_with_idf` and `fts_tokens` (`CSearchRank`) to a catalog connection.
    @Sendable static func addFunctions(_ db: Database) throws {
        let code = search_rank_register(db.sqliteConnection)
        guard code == 0 else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "FTS5's ranking functions could not be added")
        }
    }

    /// A quoted word of a match expression; FTS5 numbers them in the order they are written.
    package struct Phrase: Sendable, Hashable {
        package let word: String
        let isPrefix: Bool

        /// Its terms as the indexes' tokenizer makes them, as FTS5 parses the expression (`fts_tokens`).
        package func tokens(_ db: Database) throws -> [String] {
            (try String.fetchOne(db.cachedStatement(sql: "SELECT fts_tokens(?, ?)"), arguments: [word, isPrefix]) ?? "")
                .split(separator: " ").map(String.init)
        }
    }

    /// The branded index's terms, sorted, with how many products have each, and how many have a
    /// term starting with each prefix of up to `countedPrefixLength` characters: read once per
    /// contents of the catalog (21,808 terms and 4,852 prefixes for 354,600 products: half a second).
    struct Vocabulary: Sendable {
        package let terms: [String]
        /// Products having each term or any before it, so that a prefix's terms are summed at once.
        let cumulativeProducts: [Int]
        /// Counted by the index itself: a product often has two terms starting so ("c…"), which
        /// a sum would count twice. The index keeps these prefixes' lists, so they are quick.
        let shortPrefixProducts: [String: Int]
        package let rows: Int

        static let countedPrefixLength = 3

        package static func read(_ db: Database) throws -> Vocabulary {
            var counted: [(term: String, products: Int)] = []
            try db.forEachCachedRow("SELECT term, doc FROM branded_search_vocabulary") { counted.append(($0[0], $0[1])) }
            // Sorted as Swift compares, which the lookups use; SQLite's order is by bytes.
            counted.sort { $0.term < $1.term }
            var total = 0
            let rows = try db.cachedValue("SELECT count(*) FROM branded_search_docsize") ?? 0
            let prefixes = Set(counted.flatMap { entry in (1...countedPrefixLength).map { String(entry.term.prefix($0)) } })
            var shortPrefixProducts: [String: Int] = [:]
            for prefix in prefixes {
                shortPrefixProducts[prefix] = try db.cachedValue(
                    "SELECT count(*) FROM branded_search WHERE branded_search MATCH ?", ["\"\(prefix)\"*"])
            }
            return Vocabulary(
                terms: counted.map(\.term),
                cumulativeProducts: counted.map {
                    total += $0.products; return total
                },
                shortPrefixProducts: shortPrefixProducts, rows: rows)
        }

        /// Products having `term`, or, for a prefix, any term it starts: past the counted prefixes,
        /// once per term, so a product with two ("chocolate", "chocolatey") counts twice.
        package func products(_ term: String, isPrefix: Bool) -> Int {
            if isPrefix, term.count <= Self.countedPrefixLength { return shortPrefixProducts[term] ?? 0 }
            let start = firstIndex { $0 >= term }
            let end =
                isPrefix
                ? firstIndex { !$0.hasPrefix(term) && $0 > term } : (start < terms.count && terms[start] == term ? start + 1 : start)
            guard end > start else { return 0 }
            return min(rows, cumulativeProducts[end - 1] - (start > 0 ? cumulativeProducts[start - 1] : 0))
        }

        /// The first place where `isAfter` holds, for a predicate false then true along the sorted terms.
        private func firstIndex(_ isAfter: (String) -> Bool) -> Int {
            var low = 0, high = terms.count
            while low < high {
                let middle = (low + high) / 2
                if isAfter(terms[middle]) { high = middle } else { low = middle + 1 }
            }
            return low
        }
    }

    /// Each phrase's inverse document frequency, as bm25 computes it from the products that have it,
    /// given each phrase's terms (`tokens`). A phrase of several terms ("co-op") is counted as its rarest term.
    static func inverseDocumentFrequencies(_ phrases: [Phrase], tokens: [[String]], vocabulary: Vocabulary) -> [Double] {
        zip(phrases, tokens).map { phrase, terms in
            let products =
                terms.enumerated().map { index, term in
                    vocabulary.products(term, isPrefix: phrase.isPrefix && index == terms.count - 1)
                }.min() ?? 0
            let rows = Double(vocabulary.rows)
            let idf = log((rows - Double(products) + 0.5) / (Double(products) + 0.5))
            return idf > 0 ? idf : 1e-6
        }
    }
}

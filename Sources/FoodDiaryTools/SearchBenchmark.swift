import FoodDiary
import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryStorage
import Foundation
import GRDB

/// Measures search latency on a catalog against a plain LIKE scan on the same queries, in one run.
public enum SearchBenchmark {
    public struct Figures: Sendable {
        public let queries: Int
        /// Each query as a first time: search's recent answers forgotten before it.
        public let searchP50Milliseconds: Double
        public let searchP99Milliseconds: Double
        /// The same query asked again at once, answered partly from memory.
        public let againP50Milliseconds: Double
        public let againP99Milliseconds: Double
        public let likeP50Milliseconds: Double
        public let likeP99Milliseconds: Double
        /// The queries slowest to search, by their slowest round, slowest first.
        public let slowest: [(query: String, milliseconds: Double)]
    }

    /// Each query is also replayed as it is typed (every prefix of 3+ characters), as the page sees it.
    public static func typingMix(_ queries: [String]) -> [String] {
        queries.flatMap { query in (3...max(3, query.count)).map { String(query.prefix($0)) } }
    }

    public static func run(_ catalog: CatalogDatabase, queries: [String], scope: FoodSearch.Scope = .all, rounds: Int) async throws
        -> Figures
    {
        let measured = try await catalog.read { db -> ([Double], [Double], [String: Double], [Double]) in
            // What a server reads as it starts is read before the clock runs.
            try CatalogMemory.shared.prepare(db)
            var search: [Double] = [], again: [Double] = [], like: [Double] = [], byQuery: [String: Double] = [:]
            for _ in 0..<rounds {
                for query in queries {
                    CatalogMemory.shared.forgetRecentAnswers()
                    let time = try milliseconds { _ = try FoodSearch.search(db, query: query, scope: scope, limit: 25) }
                    search.append(time)
                    byQuery[query] = max(byQuery[query] ?? 0, time)
                    again.append(try milliseconds { _ = try FoodSearch.search(db, query: query, scope: scope, limit: 25) })
                    like.append(try milliseconds { _ = try likeScan(db, query: query) })
                }
            }
            return (search.sorted(), like.sorted(), byQuery, again.sorted())
        }
        return Figures(
            queries: measured.0.count,
            searchP50Milliseconds: percentile(measured.0, 0.50), searchP99Milliseconds: percentile(measured.0, 0.99),
            againP50Milliseconds: percentile(measured.3, 0.50), againP99Milliseconds: percentile(measured.3, 0.99),
            likeP50Milliseconds: percentile(measured.1, 0.50), likeP99Milliseconds: percentile(measured.1, 0.99),
            slowest: measured.2.sorted { $0.value > $1.value }.prefix(5).map { ($0.key, $0.value) })
    }

    /// Where the time of the same searches goes, step by step, in separate rounds so the timing of
    /// the figures above is untouched.
    public static func phases(
        _ catalog: CatalogDatabase, queries: [String], scope: FoodSearch.Scope = .all,
        rounds: Int
    ) async throws -> [(phase: String, ran: Int, p50: Double, p99: Double, totalShare: Double)] {
        let recorder = SearchPhases()
        try await catalog.read { db in
            try SearchPhases.$recorder.withValue(recorder) {
                for _ in 0..<rounds {
                    for query in queries {
                        CatalogMemory.shared.forgetRecentAnswers()
                        _ = try FoodSearch.search(db, query: query, scope: scope, limit: 25)
                    }
                }
            }
        }
        return recorder.figures()
    }

    /// The baseline: every word as a substring of the description, no ranking beyond length.
    package static func likeScan(_ db: Database, query: String) throws -> [Int64] {
        let words = Words.split(query)
        guard !words.isEmpty else { return [] }
        let conditions = words.map { _ in "description LIKE ? ESCAPE '\\'" }.joined(separator: " AND ")
        let patterns = words.map {
            "%"
                + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(
                    of: "_", with: "\\_") + "%"
        }
        return try Int64.fetchAll(
            db, sql: "SELECT id FROM food WHERE \(conditions) ORDER BY length(description) LIMIT 25",
            arguments: StatementArguments(patterns))
    }

}

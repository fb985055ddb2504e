import FoodDiary
import Foundation
import GRDB

/// Measures search latency on a catalog against a plain LIKE scan on the same queries, in one run.
public enum SearchBenchmark {
    public struct Figures: Sendable {
        public let queries: Int
        public let searchP50Milliseconds: Double
        public let searchP99Milliseconds: Double
        public let likeP50Milliseconds: Double
        public let likeP99Milliseconds: Double
    }

    /// Each query is also replayed as it is typed (every prefix of 3+ characters), as the page sees it.
    public static func typingMix(_ queries: [String]) -> [String] {
        queries.flatMap { query in (3...max(3, query.count)).map { String(query.prefix($0)) } }
    }

    public static func run(_ catalog: CatalogDatabase, queries: [String], rounds: Int) async throws -> Figures {
        let measured = try await catalog.read { db -> ([Double], [Double]) in
            var search: [Double] = [], like: [Double] = []
            for _ in 0..<rounds {
                for query in queries {
                    search.append(try milliseconds { _ = try FoodSearch.search(db, query: query, limit: 25) })
                    like.append(try milliseconds { _ = try likeScan(db, query: query) })
                }
            }
            return (search.sorted(), like.sorted())
        }
        return Figures(queries: measured.0.count,
                       searchP50Milliseconds: percentile(measured.0, 0.50), searchP99Milliseconds: percentile(measured.0, 0.99),
                       likeP50Milliseconds: percentile(measured.1, 0.50), likeP99Milliseconds: percentile(measured.1, 0.99))
    }

    /// The baseline: every word as a substring of the description, no ranking beyond length.
    package static func likeScan(_ db: Database, query: String) throws -> [Int64] {
        let words = Words.split(query)
        guard !words.isEmpty else { return [] }
        let conditions = words.map { _ in "description LIKE ? ESCAPE '\\'" }.joined(separator: " AND ")
        let patterns = words.map { "%" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_") + "%" }
        return try Int64.fetchAll(db, sql: "SELECT id FROM food WHERE \(conditions) ORDER BY length(description) LIMIT 25",
                                  arguments: StatementArguments(patterns))
    }


    private static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.down)))]
    }
}

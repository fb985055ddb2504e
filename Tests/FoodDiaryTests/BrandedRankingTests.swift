import FoodDiaryBase
@testable import FoodDiaryCatalog
import Foundation
import GRDB
import Testing
@testable import FoodDiary
import FoodDiaryStorage

/// The branded foods are scored by `rank_with_idf` with frequencies from the vocabulary in memory,
/// in place of FTS5's bm25, which counted them on each query: the scores must be bm25's.
@Suite struct BrandedRankingTests {
    static let queries = ["dark chocolate", "peanut butter", "banana", "greek yogurt", "kind bar", "crème fraîche", "mac n cheese", "o"]

    /// Each match's score both ways, over the branded foods' first 500 matches.
    static func scores(_ db: Database, _ match: FoodSearch.Match) throws -> [(bm25: Double, ours: Double)] {
        let idfs = BrandedRanking.inverseDocumentFrequencies(
            match.phrases, tokens: try match.phrases.map { try $0.tokens(db) },
            vocabulary: try BrandedRanking.Vocabulary.read(db))
        let placeholders = idfs.map { _ in "?" }.joined(separator: ", ")
        return try Row.fetchAll(
            db,
            sql: """
                SELECT bm25(branded_search, \(SearchRanking.brandedColumnWeights)),
                       rank_with_idf(branded_search, \(SearchRanking.brandedColumnWeights), \(placeholders))
                FROM branded_search WHERE branded_search MATCH ? ORDER BY rowid LIMIT 500
                """, arguments: StatementArguments(idfs) + [match.text]
        ).map { ($0[0], $0[1]) }
    }

    static func match(_ query: String, prefixLast: Bool) -> FoodSearch.Match {
        FoodSearch.match(EverydayNames.slots(Words.split(query)), prefixLast: prefixLast, brandWords: [], brandColumn: nil)
    }

    @Test(arguments: queries)
    func wholeWordsScoreExactlyAsBM25Does(query: String) async throws {
        let catalog = try await RealSR28.catalogWithBrandedFoods.value
        let scores = try await catalog.read { db in try Self.scores(db, Self.match(query, prefixLast: false)) }
        #expect(!scores.isEmpty, "\(query) matches some product")
        for score in scores {
            #expect(abs(score.bm25 - score.ours) <= 1e-9 * abs(score.bm25), "\(query): \(score)")
        }
    }

    /// A prefix's products are counted term by term: one with two of its terms counts twice.
    @Test(arguments: queries)
    func unfinishedWordsScoreWithinAHundredthOfBM25(query: String) async throws {
        let catalog = try await RealSR28.catalogWithBrandedFoods.value
        let scores = try await catalog.read { db in try Self.scores(db, Self.match(query, prefixLast: true)) }
        #expect(!scores.isEmpty)
        let worst = scores.map { abs($0.bm25 - $0.ours) / max(abs($0.bm25), 1) }.max() ?? 0
        #expect(worst <= 0.01, "\(query): off by \(worst)")
    }

    /// The branded count is taken from the windows read for listing when they hold it: it must be
    /// what counting the index gives.
    @Test(arguments: [
        (query: "doritos", scope: FoodSearch.Scope.all), ("dark choc", .all), ("olive o", .all), ("kind bar", .all),
        ("peanut butter", .branded), ("banana", .all), ("zzzqx", .all), ("chobani greek", .branded)
    ])
    func theTotalIsWhatTheIndexesCount(query: String, scope: FoodSearch.Scope) async throws {
        let catalog = try await RealSR28.catalogWithBrandedFoods.value
        let (result, generic, branded) = try await catalog.read { db in
            CatalogMemory.shared.forgetRecentAnswers()
            let result = try FoodSearch.search(db, query: query, scope: scope, limit: 50, asTyped: true)
            let slots = EverydayNames.slots(Words.split(query))
            let genericMatch = FoodSearch.match(slots, prefixLast: true, brandWords: [], brandColumn: "manufacturer").text
            let generic =
                scope == .branded
                ? 0
                : try FoodSearch.indexes.reduce(0) { total, index in
                    total
                        + (try Int.fetchOne(db, sql: "SELECT count(*) FROM \(index) WHERE \(index) MATCH ?", arguments: [genericMatch]) ?? 0)
                }
            let branded =
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM branded_search WHERE branded_search MATCH ?",
                    arguments: [FoodSearch.match(slots, prefixLast: true, brandWords: [], brandColumn: nil).text]) ?? 0
            return (result, generic, branded)
        }
        #expect(result.totalHits == generic + min(branded, FoodSearch.brandedCountLimit), "\(query)")
        #expect(result.totalIsFloor == (branded >= FoodSearch.brandedCountLimit), "\(query)")
    }

    @Test func theTokenizerIsTheIndexs() async throws {
        let catalog = try await RealSR28.catalogWithBrandedFoods.value
        let tokens = try await catalog.read { db in
            try ["Chocolates", "Crème Brûlée", "berries", "co-op", ""].map {
                try String.fetchOne(db, sql: "SELECT fts_tokens(?)", arguments: [$0])
            }
        }
        #expect(tokens == ["chocol", "creme brule", "berri", "co op", ""])
    }
}

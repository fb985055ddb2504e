import FoodDiaryBase
@testable import FoodDiaryCatalog
import FoodDiaryStorage
import Foundation
import GRDB
import Testing
@testable import FoodDiary

/// Searches read the full-text indexes from memory (`TextIndexInMemory`); FTS5 is the reference.
/// Every query the benchmarks and relevance sets type, and the awkward ones, must get the same
/// answer both ways, and each match the same score.
/// One test at a time: each asks thousands of searches, and side by side they held both cores for
/// minutes while the live servers of other suites waited.
@Suite(.enabled(if: RealSR28.isPresent, "USDA SR28 not fetched: run scripts/fetch-data.sh"), .serialized)
struct TextIndexInMemoryTests {
    /// What is typed: the relevance sets as typed, the mixed set, and words FTS5 reads as phrases
    /// of several terms, accents, symbols and emoji.
    static func queries() throws -> [String] {
        func lines(_ file: String) throws -> [String] {
            let path = TestEnvironment.packageRoot.appendingPathComponent("Tests/FoodDiaryTests/Fixtures/\(file)").path
            return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        }
        let judged = try (lines("relevance.tsv") + lines("relevance-heldout.tsv")).compactMap {
            $0.split(separator: "\t").first.map(String.init)
        }
        let mixed = try lines("scale-queries.tsv").compactMap { $0.split(separator: "\t").last.map(String.init) }
        let awkward = [
            "co-op", "crème brûlée", "m&m", "🍌 banana", "o'brien", "mac n cheese", "coca cola", "coke", "a", "b", "zzzqx",
            "chiken brest", "avacado", "greek yogürt & honey", "7up", "100% juice", "ben & jerry's", "half & half"
        ]
        var seen = Set<String>()
        return (judged.flatMap { query in (1...query.count).map { String(query.prefix($0)) } } + mixed + awkward).filter {
            seen.insert($0).inserted
        }
    }

    static func bothWays(
        _ db: Database, _ query: String, brand: String? = nil, scope: FoodSearch.Scope,
        logged: [Int64: Int] = [:]
    ) throws -> (memory: FoodSearchResult, fts5: FoodSearchResult) {
        CatalogMemory.shared.forgetRecentAnswers()
        let memory = try FoodSearch.search(db, query: query, brand: brand, scope: scope, limit: 25, logged: logged)
        CatalogMemory.shared.forgetRecentAnswers()
        let fts5 = try TextIndexInMemory.$isSetAside.withValue(true) {
            try FoodSearch.search(db, query: query, brand: brand, scope: scope, limit: 25, logged: logged)
        }
        return (memory, fts5)
    }

    @Test(arguments: FoodSearch.Scope.allCases)
    func everyQueryIsAnsweredAsFTS5AnswersIt(scope: FoodSearch.Scope) async throws {
        let catalog = try await RealSR28.wholeCatalog.value
        let queries = try Self.queries()
        let differences = try await catalog.read { db -> [String] in
            #expect(CatalogMemory.shared.textIndexesAreRead(db), "the indexes are in memory")
            return try queries.compactMap { query in
                let (memory, fts5) = try Self.bothWays(db, query, scope: scope)
                return memory == fts5
                    ? nil : "\(query): \(memory.foods.map(\.id)) \(memory.totalHits) against \(fts5.foods.map(\.id)) \(fts5.totalHits)"
            }
        }
        #expect(queries.count > 700)
        #expect(differences.isEmpty, "\(differences.count) differ: \(differences.prefix(10))")
    }

    /// A named brand, and foods the person logged past the branded window, take their own paths.
    @Test func brandsAndLoggedProductsAreAnsweredAsFTS5AnswersThem() async throws {
        let catalog = try await RealSR28.wholeCatalog.value
        let differences = try await catalog.read { db -> [String] in
            let logged = try Dictionary(
                uniqueKeysWithValues: Int64.fetchAll(
                    db,
                    sql: """
                        SELECT id FROM food WHERE search_position IS NOT NULL ORDER BY search_position DESC LIMIT 30
                        """
                ).map { ($0, 3) } + Int64.fetchAll(db, sql: "SELECT id FROM food WHERE data_type != 'branded' LIMIT 30").map { ($0, 2) })
            return try [
                ("yogurt", "chobani"), ("chips", "lay"), ("peanut butter", "jif"), ("bar", "kind"), ("water", nil), ("chocolate", nil),
                ("c", nil)
            ]
            .flatMap { query, brand in FoodSearch.Scope.allCases.map { (query, brand, $0) } }
            .compactMap { query, brand, scope in
                let (memory, fts5) = try Self.bothWays(db, query, brand: brand, scope: scope, logged: logged)
                return memory == fts5 ? nil : "\(query) \(brand ?? "") \(scope): \(memory.foods.map(\.id)) against \(fts5.foods.map(\.id))"
            }
        }
        #expect(differences.isEmpty, "\(differences)")
    }

    /// Each match's score, for the generic indexes against FTS5's bm25, and for the branded one
    /// against `rank_with_idf` given the same frequencies: the same to 1e-9.
    @Test(arguments: [
        "dark chocolate", "peanut butter", "chicken breast", "coca cola", "mac n cheese", "crème fraîche", "o", "bananas raw", "whole milk",
        "almond", "tomato", "lays chips"
    ])
    func eachMatchScoresAsFTS5ScoresIt(query: String) async throws {
        let catalog = try await RealSR28.wholeCatalog.value
        let (compared, worst) = try await catalog.read { db -> (Int, Double) in
            let snapshot = try CatalogMemory.shared.snapshot(db)
            var compared = 0, worst = 0.0
            for prefixLast in [false, true] {
                let slots = EverydayNames.slots(Words.split(query))
                for index in FoodSearch.indexes + [FoodSearch.brandedIndex] {
                    let match = FoodSearch.match(slots, prefixLast: prefixLast, brandWords: [])
                    let (inMemory, textQuery) = try #require(try snapshot.query(db, index: index, match))
                    let isBranded = index == FoodSearch.brandedIndex
                    let idfs =
                        isBranded
                        ? BrandedRanking.inverseDocumentFrequencies(
                            match.phrases, tokens: try snapshot.tokens(db, match),
                            vocabulary: try snapshot.catalog.brandedVocabulary(db))
                        : textQuery.phrases.map { inMemory.inverseDocumentFrequency(hits: inMemory.rowsHaving($0)) }
                    let reference =
                        isBranded
                        ? "rank_with_idf(\(index), \(SearchRanking.brandedColumnWeights), \(idfs.map { "\($0)" }.joined(separator: ", ")))"
                        : "bm25(\(index), \(SearchRanking.columnWeights))"
                    var fts5: [Int64: Double] = [:]
                    for row in try Row.fetchAll(
                        db, sql: "SELECT rowid, \(reference) FROM \(index) WHERE \(index) MATCH ? ORDER BY rowid LIMIT 2000",
                        arguments: [match.text])
                    {
                        fts5[row[0]] = row[1]
                    }
                    var ours: [Int64: Double] = [:]
                    inMemory.forEachMatch(textQuery) { row in
                        ours[inMemory.rowid(row)] = inMemory.bm25(row, textQuery, inverseDocumentFrequencies: idfs)
                        return ours.count < 2000
                    }
                    #expect(Set(ours.keys) == Set(fts5.keys), "\(query) in \(index): the same rows match")
                    for (rowid, score) in fts5 {
                        guard let mine = ours[rowid] else { continue }
                        worst = max(worst, abs(mine - score) / max(abs(score), 1e-12))
                        compared += 1
                    }
                }
            }
            return (compared, worst)
        }
        #expect(compared > 0)
        #expect(worst <= 1e-9, "\(query): off by \(worst)")
    }

    /// A food picked online changes the indexes: until they are read again, FTS5 answers, so the
    /// food is found at once; the next search has them read again.
    @Test func anIndexChangedSinceItWasReadIsLeftToFTS5() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/catalog.sqlite"
        try await RealSR28.copyCatalog(to: path)
        let catalog = try CatalogDatabase.open(path: path)
        await catalog.prepareSearch()
        let before = try await catalog.read { db in try FoodSearch.search(db, query: "zzquux", limit: 5) }
        #expect(before.totalHits == 0)
        try await catalog.write { db in
            try db.execute(sql: "INSERT INTO fetched_food (fdc_id, details_json, fetched_at) VALUES (1234, '{}', '2026-11-27T12:00:00Z')")
            try db.execute(sql: "INSERT INTO fdc_search (rowid, head, rest, manufacturer) VALUES (1234, 'Zzquux', 'picked online', '')")
        }
        let (after, read) = try await catalog.read { db in
            (try FoodSearch.search(db, query: "zzquux", limit: 5), CatalogMemory.shared.textIndexesAreRead(db))
        }
        #expect(after.totalHits == 1, "found through FTS5 while the memory is out of date")
        #expect(!read)
        // A search as the pages make it has the indexes read again in the background.
        _ = try await catalog.search { db in try FoodSearch.search(db, query: "zzquux", limit: 5) }
        let deadline = ContinuousClock.now + .seconds(60)
        while try await !catalog.read({ db in CatalogMemory.shared.textIndexesAreRead(db) }), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        let (again, readAgain) = try await catalog.read { db in
            CatalogMemory.shared.forgetRecentAnswers()
            return (try FoodSearch.search(db, query: "zzquux", limit: 5), CatalogMemory.shared.textIndexesAreRead(db))
        }
        #expect(readAgain, "read again after a search found them out of date")
        #expect(again.totalHits == 1, "and found in memory once it is read again")
    }
}

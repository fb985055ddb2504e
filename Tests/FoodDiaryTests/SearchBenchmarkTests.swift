@testable import FoodDiaryCatalog
import Foundation
import Testing
@testable import FoodDiary
import FoodDiaryTools

@Suite struct SearchBenchmarkTests {
    @Test func typingMixReplaysEveryPrefixFromThreeCharacters() {
        #expect(SearchBenchmark.typingMix(["peas", "egg"]) == ["pea", "peas", "egg"])
    }

    @Test func baselineScanFindsSubstringsAndBothSidesAreTimed() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try SR28Fixture.write(to: directory.path)
        let catalog = try CatalogDatabase.open(path: directory.path + "/catalog.sqlite")
        try CatalogImporter(directory: directory.path).importInto(catalog)
        let ids = try await catalog.read { db in try SearchBenchmark.likeScan(db, query: "anana 100%_") }
        #expect(ids.isEmpty, "% and _ are literal characters, not wildcards")
        let bananas = try await catalog.read { db in try SearchBenchmark.likeScan(db, query: "anana") }
        #expect(bananas == [9040])
        let figures = try await SearchBenchmark.run(catalog, queries: ["banana", "broc"], rounds: 2)
        #expect(figures.queries == 4)
        #expect(figures.searchP50Milliseconds > 0 && figures.againP50Milliseconds > 0 && figures.likeP50Milliseconds > 0)
        // Issue 36: where the time goes, step by step; a misspelling runs the spelling step.
        let phases = try await SearchBenchmark.phases(catalog, queries: ["banana", "bananna"], rounds: 2)
        let ran = Dictionary(uniqueKeysWithValues: phases.map { ($0.phase, $0.ran) })
        #expect(ran["generic count"] ?? 0 >= 4 && ran["generic candidates and rerank"] ?? 0 >= 2 && ran["spelling"] == 2, "\(ran)")
        #expect(abs(phases.reduce(0) { $0 + $1.totalShare } - 1) < 1e-9 && phases.allSatisfy { $0.p50 > 0 })
    }

    @Test func syntheticGrowthAddsSearchableBrandedVariantsDeterministically() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try SR28Fixture.write(to: directory.path)
        let catalog = try CatalogDatabase.open(path: directory.path + "/catalog.sqlite")
        try CatalogImporter(directory: directory.path).importInto(catalog)
        let before = try await catalog.foodCount()
        #expect(try SyntheticCatalog.grow(catalog, to: before + 300) == 300)
        #expect(try await catalog.foodCount() == before + 300)
        #expect(try SyntheticCatalog.grow(catalog, to: 10) == 0, "never shrinks")
        let branded = try await catalog.read { db in try FoodSearch.search(db, query: "banana", limit: 200) }
        #expect(branded.foods.contains { $0.dataType == .branded && $0.description.contains(" FOODS, BANANAS, RAW, ") })
        #expect(branded.foods.first?.dataType == .srLegacy, "a generic food still outranks branded variants")
        let positions = try await catalog.read { db in
            try Int.fetchAll(db, sql: "SELECT search_position FROM food WHERE search_position IS NOT NULL ORDER BY 1")
        }
        #expect(positions == Array(1...300), "each variant has its place in the branded index")

        let again = try TemporaryDirectory()
        defer { again.remove() }
        let second = try CatalogDatabase.open(path: again.path + "/catalog.sqlite")
        try CatalogImporter(directory: directory.path).importInto(second)
        try SyntheticCatalog.grow(second, to: before + 300)
        let sql = "SELECT group_concat(description || search_position, '|') FROM food WHERE data_type = 'branded'"
        let first = try await catalog.read { db in try String.fetchOne(db, sql: sql) }
        let repeated = try await second.read { db in try String.fetchOne(db, sql: sql) }
        #expect(first != nil && first == repeated)
    }
}

import Foundation
import Testing
@testable import FoodDiary

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
        #expect(figures.searchP50Milliseconds > 0 && figures.likeP50Milliseconds > 0)
    }
}

import Foundation
import GRDB
import Testing
@testable import FoodDiary

/// The everyday names (EverydayNames.tsv) against the real USDA catalog.
@Suite(.enabled(if: RealSR28.isPresent, "USDA SR28 not fetched: run scripts/fetch-data.sh"))
struct CatalogAliasTests {
    @Test func everyEverydayNameLeadsToAFoodOfTheCatalog() async throws {
        let catalog = try await RealSR28.catalog.value
        #expect(EverydayNames.all.count >= 300)
        var seen: Set<[String]> = []
        for alias in EverydayNames.all {
            #expect(seen.insert(alias.words).inserted, "\(alias.words) is named twice")
            #expect(Set(alias.words) != Set(alias.catalogWords.map(Words.singular)), "\(alias.words) says nothing new")
            let match = FoodSearch.matchExpression([EverydayNames.Slot(alternatives: [alias.catalogWords])], prefixLast: false, brandWords: [])
            let hits = try await catalog.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM food_search WHERE food_search MATCH ?", arguments: [match]) ?? 0 }
            #expect(hits > 0, "\(alias.words.joined(separator: " ")) → \(alias.catalogWords.joined(separator: " ")) finds nothing")
        }
    }

    @Test func everydayWordsFindTheIntendedFoodInTheTopThree() async throws {
        let judgements = try CatalogRelevanceTests.judgements("everyday-words.tsv")
        let (hitRate, misses) = try await CatalogRelevanceTests.hitAtThree(judgements)
        print("Search relevance (everyday words): hit@3 = \(judgements.count - misses.count)/\(judgements.count)")
        for miss in misses { print("  miss: \(miss)") }
        #expect(judgements.count >= 60)
        #expect(hitRate >= 0.95, "\(misses)")
    }

    @Test(arguments: ["coke", "latte", "cilantro", "mince"])
    func anEverydayNameIsNeverSpellCorrected(_ query: String) async throws {
        let catalog = try await RealSR28.catalog.value
        let result = try await catalog.read { db in try FoodSearch.search(db, query: query, limit: 3) }
        #expect(result.correctedQuery == nil && result.totalHits > 0, "\(query) → \(result.correctedQuery ?? "") \(result.foods.map(\.description))")
        #expect(!result.foods.contains { $0.description.lowercased().contains("cake") || $0.description.lowercased().contains("late harvest") })
    }
}

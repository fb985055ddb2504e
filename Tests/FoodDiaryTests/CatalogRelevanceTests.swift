@testable import FoodDiaryCatalog
import Foundation
import Testing
@testable import FoodDiary

/// Runs on the real USDA data when scripts/fetch-data.sh has fetched it (both README commands do).
@Suite(.enabled(if: RealSR28.isPresent, "USDA SR28 not fetched: run scripts/fetch-data.sh"))
struct CatalogRelevanceTests {
    struct Judgement {
        let query: String
        let acceptable: NSRegularExpression
    }

    static func judgements(_ file: String = "relevance.tsv") throws -> [Judgement] {
        let path = TestEnvironment.packageRoot.appendingPathComponent("Tests/FoodDiaryTests/Fixtures/\(file)").path
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("#") }
            .map { line in
                let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
                return Judgement(query: parts[0], acceptable: try NSRegularExpression(pattern: "^(?:" + parts[1] + ")"))
            }
    }

    @Test func theWholeDatabaseIsImported() async throws {
        let catalog = try await RealSR28.catalog.value
        let counts = try await catalog.read { db in
            try [
                "food WHERE data_type = 'sr_legacy'", "food_nutrient WHERE food_id < 900000000", "portion", "nutrient", "food_group",
                "food WHERE data_type IN ('survey_fndds', 'foundation')", "fdc_search"
            ].map {
                try Int.fetchOne(db, sql: "SELECT count(*) FROM \($0)") ?? 0
            }
        }
        #expect(counts.prefix(5) == [8_789, 679_045, 15_438, 150, 25])
        // FoodData Central's survey (3,985) and Foundation (296) foods, each once, in their own index.
        #expect(counts.suffix(2) == (FileManager.default.fileExists(atPath: RealSR28.fdcDirectory) ? [4_281, 4_281] : [0, 0]))
    }

    /// hit@3 over a judged set on the whole catalog, with the misses spelled out.
    static func hitAtThree(_ judgements: [Judgement]) async throws -> (rate: Double, misses: [String]) {
        let catalog = try await RealSR28.wholeCatalog.value
        var misses: [String] = []
        for judgement in judgements {
            let result = try await catalog.read { db in try FoodSearch.search(db, query: judgement.query, limit: 3) }
            let hit = result.foods.contains { food in
                judgement.acceptable.firstMatch(in: food.description, range: NSRange(food.description.startIndex..., in: food.description))
                    != nil
            }
            if !hit { misses.append("\(judgement.query) → \(result.foods.map(\.description))") }
        }
        return (Double(judgements.count - misses.count) / Double(judgements.count), misses)
    }

    @Test func everydayQueriesFindTheIntendedFoodInTheTopThree() async throws {
        let judgements = try Self.judgements()
        let (hitRate, misses) = try await Self.hitAtThree(judgements)
        print("Search relevance (tuned set): hit@3 = \(judgements.count - misses.count)/\(judgements.count)")
        for miss in misses { print("  miss: \(miss)") }
        #expect(judgements.count >= 40)
        #expect(hitRate >= 0.95, "\(misses)")
    }

    @Test func heldOutQueriesDoNearlyAsWell() async throws {
        let judgements = try Self.judgements("relevance-heldout.tsv")
        let (hitRate, misses) = try await Self.hitAtThree(judgements)
        print("Search relevance (held-out set): hit@3 = \(judgements.count - misses.count)/\(judgements.count)")
        for miss in misses { print("  miss: \(miss)") }
        #expect(judgements.count >= 30)
        #expect(hitRate >= 0.85, "\(misses)")
    }

    /// Issue 36: a misspelling some product shares ("ORGANIC HUMMUS, AVACADO & CILANTRO") no
    /// longer stops the correction; every word of a query is corrected; a brand is left alone.
    @Test func misspellingsAreCorrectedAcrossTiers() async throws {
        let catalog = try await RealSR28.wholeCatalog.value
        let avacado = try await catalog.read { db in try FoodSearch.search(db, query: "avacado", limit: 3) }
        #expect(avacado.foods.first?.description.hasPrefix("Avocados") == true, "\(avacado.foods.map(\.description))")
        #expect(avacado.correctedQuery == "avocado")
        if RealSR28.hasBrandedFoods {
            #expect(avacado.typedQuery == "avacado", "the products that misspell it are one tap away")
            let asTyped = try await catalog.read { db in try FoodSearch.search(db, query: "avacado", limit: 3, asTyped: true) }
            #expect(
                asTyped.correctedQuery == nil && asTyped.foods.allSatisfy { $0.description.localizedCaseInsensitiveContains("avacado") })
            let brand = try await catalog.read { db in try FoodSearch.search(db, query: "doritos", limit: 3) }
            #expect(brand.correctedQuery == nil && !brand.foods.isEmpty, "a brand is not a misspelling")
        }
        let twoWords = try await catalog.read { db in try FoodSearch.search(db, query: "chiken brest", limit: 3) }
        #expect(
            twoWords.correctedQuery == "chicken breast"
                && twoWords.foods.contains { $0.description.hasPrefix("Chicken, broilers or fryers, breast") },
            "\(twoWords.foods.map(\.description))")
    }

    /// Issue 36: a word alone means its plain, common form, and foods nobody eats raw come cooked.
    @Test func thePlainFoodComesFirstAsEaten() async throws {
        let catalog = try await RealSR28.wholeCatalog.value
        func first(_ query: String, _ count: Int = 3) async throws -> [String] {
            try await catalog.read { db in try FoodSearch.search(db, query: query, limit: count) }.foods.map(\.description)
        }
        let bacon = try await first("bacon")
        #expect(bacon.allSatisfy { !$0.contains("meatless") && !$0.contains("sodium") && !$0.contains("turkey") }, "\(bacon)")
        #expect(try await first("meatless bacon").first?.contains("meatless") == true, "unless asked for")
        #expect(try await first("low sodium bacon").first?.contains("sodium") == true)
        for food in ["rice", "chicken", "pasta", "black beans", "lentils"] {
            let top = try await first(food, 1)[0]
            #expect(!top.contains("raw") && !top.contains("dry"), "\(food) → \(top)")
        }
        #expect(try await first("rice raw", 1)[0].contains("raw"), "unless raw is typed")
        #expect(try await first("banana", 1)[0] == "Bananas, raw", "fruit stays raw")
        // Someone who weighs rice dry and has logged it gets theirs first.
        let rawRice = try await catalog.read { db in try FoodSearch.search(db, query: "rice raw", limit: 1) }.foods[0]
        let mine = try await catalog.read { db in try FoodSearch.search(db, query: "rice", limit: 1, logged: [rawRice.id: 8]) }.foods[0]
        #expect(mine.id == rawRice.id, "\(mine.description)")
    }

    @Test(arguments: [
        ("banana", "Bananas, raw"), ("egg", "Egg, whole"), ("cheddar", "Cheese, cheddar"),
        ("peas fresh", "Peas, green, raw"), ("chicken breast", "Chicken, broiler")
    ])
    func theIssuesExamplesComeFirst(query: String, expectedPrefix: String) async throws {
        let catalog = try await RealSR28.catalog.value
        let first = try await catalog.read { db in try FoodSearch.search(db, query: query, limit: 1) }.foods.first
        #expect(first?.description.hasPrefix(expectedPrefix) == true, "\(query) → \(first?.description ?? "nothing")")
    }
}

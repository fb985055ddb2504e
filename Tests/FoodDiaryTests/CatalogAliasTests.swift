import FoodDiaryBase
@testable import FoodDiaryCatalog
import Foundation
import GRDB
import Testing
@testable import FoodDiary
import FoodDiaryStorage

/// The everyday names (EverydayNames.tsv) against the real USDA catalog.
@Suite(.enabled(if: RealSR28.isPresent, "USDA SR28 not fetched: run scripts/fetch-data.sh"))
struct CatalogAliasTests {
    @Test func everyEverydayNameLeadsToAFoodOfTheCatalog() async throws {
        let catalog = try await RealSR28.catalog.value
        #expect(EverydayNames.all.count >= 300)
        var seen: Set<[String]> = []
        for alias in EverydayNames.all {
            #expect(seen.insert(alias.words).inserted, "\(alias.words) is named twice")
            // A phrase naming itself keeps a shorter alias out of it ("brown sugar" is not "sugar").
            let shadows = EverydayNames.all.contains { $0.words.count < alias.words.count && Set($0.words).isSubset(of: alias.words) }
            #expect(shadows || Set(alias.words) != Set(alias.catalogWords.map(Words.singular)), "\(alias.words) says nothing new")
            let match = FoodSearch.match([EverydayNames.Slot(alternatives: [alias.catalogWords])], prefixLast: false, brandWords: [])
            let hits = try await catalog.read { db in try FoodSearch.genericHits(db, match: match) }
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
        let catalog = try await RealSR28.wholeCatalog.value
        let result = try await catalog.read { db in try FoodSearch.search(db, query: query, limit: 3) }
        #expect(
            result.correctedQuery == nil && result.totalHits > 0,
            "\(query) → \(result.correctedQuery ?? "") \(result.foods.map(\.description))")
        #expect(
            !result.foods.contains { $0.description.lowercased().contains("cake") || $0.description.lowercased().contains("late harvest") })
    }

    /// Issue 79: German and Spanish words for the foods logged most find them, umlauts and
    /// accents typed or not, while the catalog's names stay USDA's English.
    @Test(arguments: [
        ("Hähnchenbrust", "chicken"), ("haehnchenbrust", "chicken"), ("Haferflocken", "oats"), ("Äpfel", "apples"),
        ("Rührei", "egg"), ("manzana", "apples"), ("plátano", "bananas"), ("platano", "bananas"), ("leche entera", "milk"),
        ("pechuga de pollo", "chicken")
    ])
    func aGermanOrSpanishWordFindsItsFood(_ query: String, _ expected: String) async throws {
        let catalog = try await RealSR28.wholeCatalog.value
        let result = try await catalog.read { db in try FoodSearch.search(db, query: query, limit: 3) }
        #expect(
            result.foods.prefix(3).contains { $0.description.lowercased().hasPrefix(expected) },
            "\(query) → \(result.foods.map(\.description))")
    }
}

/// A food the person has logged before ranks up in their searches.
@Suite(.enabled(if: RealSR28.isPresent, "USDA SR28 not fetched: run scripts/fetch-data.sh"))
struct LoggedFoodRankingTests {
    @Test func aFoodLoggedBeforeRanksUpWithoutBuryingTheBasicForm() async throws {
        let catalog = try await RealSR28.catalog.value
        let (plain, skim) = try await catalog.read { db in
            (
                try FoodSearch.search(db, query: "milk", limit: 10),
                try Int64.fetchOne(
                    db,
                    sql:
                        "SELECT id FROM food WHERE description LIKE 'Milk, nonfat, fluid, with added vitamin A and vitamin D%' ORDER BY id LIMIT 1"
                )
            )
        }
        let skimmed = try #require(skim)
        let before = try #require(plain.foods.firstIndex { $0.id == skimmed } ?? 10 as Int?)
        #expect(before > 0, "skim milk is not what “milk” means to everyone")
        let mine = try await catalog.read { db in try FoodSearch.search(db, query: "milk", limit: 10, logged: [skimmed: 12]) }
        #expect(mine.foods.first?.id == skimmed, "\(mine.foods.map(\.description))")
        let once = try await catalog.read { db in try FoodSearch.search(db, query: "cheddar", limit: 3, logged: [skimmed: 12]) }
        #expect(!once.foods.contains { $0.id == skimmed }, "a logged food that does not match stays out")
    }
}

@Suite struct LoggedFoodSearchPageTests {
    @Test func theAddFoodSearchPutsWhatThePersonEatsFirst() async throws {
        try await TestEnvironment.withFixtureApp { client, database in
            let meal = try await database.addMeal("2026-03-08T12:30", notes: "Lunch")
            func order() async throws -> [String] {
                let page = try await client.get("/meals/\(meal)/foods/new?q=raw").text
                return ["Bananas, raw", "Broccoli, raw"].sorted { page.range(of: $0)!.lowerBound < page.range(of: $1)!.lowerBound }
            }
            let first = try #require(try await order().first)
            let other = first == "Bananas, raw" ? (id: Int64(11090), name: "Broccoli, raw") : (id: Int64(9040), name: "Bananas, raw")
            #expect(
                try await client.postForm("/meals/\(meal)/foods", [("source", "catalog:\(other.id)"), ("amount", "g100")]).status
                    == .seeOther)
            #expect(try await database.read { db in try EntryQueries.loggedCatalogFoods(db) } == [other.id: 1])
            #expect(try await order().first == other.name, "the food logged once now leads")
        }
    }
}

/// Issue 20's "Why": words people type that found nothing useful, each with a right answer in the
/// first three results now (the page and /api/foods/search both call `FoodSearch.search`).
@Suite(
    .enabled(
        if: RealSR28.isPresent && FileManager.default.fileExists(atPath: RealSR28.fdcDirectory), "SR28 or FoodData Central not fetched"))
struct EverydayWordsOfTheIssueTests {
    /// Issue 20's "Why" queries, and how a right answer's description begins.
    static let examples = [
        ("mac and cheese", "Macaroni"), ("bell pepper", "Peppers, sweet"), ("oat milk", "Oat milk"),
        ("diet coke", "Beverages, carbonated, low calorie, cola"),
        ("fries", "Potatoes, french fried"), ("oatmeal", "Cereals, oats"), ("cream cheese", "Cheese, cream"),
        ("coke", "Beverages, carbonated, cola"),
        ("latte", "Coffee, Latte"), ("sushi", "Sushi"), ("pad thai", "Pad Thai")
    ]

    @Test(arguments: examples)
    func findsARightAnswerInTheFirstThree(query: String, expected: String) async throws {
        let catalog = try await RealSR28.catalog.value
        let foods = try await catalog.read { db in try FoodSearch.search(db, query: query, limit: 3) }.foods.map(\.description)
        #expect(foods.contains { $0.hasPrefix(expected) }, "\(query) → \(foods)")
    }
}

import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryWeb
import Foundation
import GRDB

/// Everything ＋ shows, read in one call: where a food goes, then either what the person usually
/// has (nothing typed) or what the catalog and their own foods find for the words, with the
/// amounts one tap adds, and the food a tap just added. The catalog is searched while the diary
/// is read; the controller only turns this into its view.
struct LogPageRead: Sendable {
    /// Nothing typed: yesterday's meals of this slot, the usual foods, the saved ones.
    struct Suggestions: Sendable {
        let yesterday: [Meal]
        let atThisTime: [FoodSuggestions.Usual]
        let often: [FoodSuggestions.Usual]
        let saved: [SavedFood]
    }

    /// Words typed: what the catalog found, each food's portions, the amount the person last had
    /// of each catalog food, and their own foods matching every word.
    struct Found: Sendable {
        let result: FoodSearchResult
        let portions: [Int64: [Portion]]
        let last: [Int64: ChosenAmount]
        let own: OwnFoods
        /// A food and what it is had with, as a sentence of the words reads them ("coffee with
        /// milk": brewed coffee and a splash of milk), before foods whose names merely hold the
        /// words; empty when the words are one food or a dish's name.
        let said: [PlacedFood]
    }

    /// Codes a photo or a browser's scanner read (`barcode`), and the kept foods that carry them.
    struct Scanned: Sendable {
        let codes: [String]
        let foods: [FoodSummary]
        let portions: [Int64: [Portion]]
    }

    /// The entries one tap added, named by the address it came back to.
    struct Added: Sendable {
        let mealID: Int64
        /// The first id the address names, which Undo and Change act on.
        let firstID: Int64
        let entries: [FoodEntry]
    }

    let target: MealTarget
    /// The target meal's foods so far; nil for a meal still to make.
    let building: MealQueries.MealFoods?
    let query: String
    let words: [String]
    let suggestions: Suggestions?
    let found: Found?
    let scanned: Scanned?
    let added: Added?

    static func read(
        _ parameters: FormFields, diary: Diary, catalog: CatalogDatabase, targets: MealTargets,
        searchLimit: Int
    ) async throws -> LogPageRead {
        let query = String((parameters["q"] ?? "").prefix(200))
        let words = Words.split(query)
        let codes = (parameters["barcode"] ?? "").split(separator: ",").prefix(Barcode.mostAtOnce).compactMap { Barcode.digits(String($0)) }
        async let scanned = codes.isEmpty ? nil : scannedFoods(codes, catalog: catalog)
        async let found =
            words.isEmpty ? nil : search(query, asTyped: parameters["exact"] == "1", diary: diary, catalog: catalog, limit: searchLimit)
        let target = try await targets.target(parameters, diary: diary)
        let (building, suggestions) = try await diary.database.read { db in
            let building = try target.meal.flatMap { try MealQueries.mealFoods(db, meals: [$0]).first }
            guard words.isEmpty, codes.isEmpty else { return (building, nil as Suggestions?) }
            let usual = try FoodSuggestions.forLogging(db, at: target.eatenAt, into: target.meal?.id)
            return (
                building,
                Suggestions(
                    yesterday: try LogQueries.mealsWithFoods(db, slot: target.slot, on: target.day.previous),
                    atThisTime: usual.atThisTime, often: usual.often, saved: try EntryQueries.savedFoods(db))
            )
        }
        return LogPageRead(
            target: target, building: building, query: query, words: words, suggestions: suggestions, found: try await found,
            scanned: try await scanned, added: try await justAdded(parameters, diary: diary))
    }

    private static func scannedFoods(_ codes: [String], catalog: CatalogDatabase) async throws -> Scanned {
        var foods: [FoodSummary] = []
        for code in codes {
            foods += try await catalog.foods(barcode: code).filter { food in !foods.contains { $0.id == food.id } }
        }
        let ids = foods.map(\.id)
        return Scanned(codes: codes, foods: foods, portions: try await catalog.search { db in try FoodDetails.portions(db, foods: ids) })
    }

    private static func search(_ query: String, asTyped: Bool, diary: Diary, catalog: CatalogDatabase, limit: Int) async throws -> Found {
        async let own = diary.ownFoods(matching: query)
        async let last = diary.lastCatalogAmounts()
        let logged = try await diary.loggedCatalogFoods()
        async let said = foodWithAddition(query, diary: diary, catalog: catalog, logged: logged)
        let (result, portions) = try await catalog.search { db in
            let result = try FoodSearch.search(db, query: query, limit: limit, logged: logged, asTyped: asTyped)
            return (result, try FoodDetails.portions(db, foods: result.foods.map(\.id)))
        }
        return Found(result: result, portions: portions, last: try await last, own: try await own, said: try await said)
    }

    /// "coffee with milk", "tea w/ lemon": each food of words that join a food and what it is had
    /// with, placed as the same words typed as a sentence are, when the words name no dish.
    private static func foodWithAddition(_ query: String, diary: Diary, catalog: CatalogDatabase, logged: [Int64: Int]) async throws
        -> [PlacedFood]
    {
        let sentence = FoodSentence(query, limit: 3)
        guard sentence.parts.count == 1, let part = sentence.parts.first, part.pieces.count > 1,
            part.joiners.allSatisfy({ ["with", "w/"].contains($0.lowercased()) })
        else { return [] }
        let placed = try await IngredientPlacer(catalog: catalog, diary: diary.database).place(sentence, logged: logged)
        // A letter or two typed after "with" places nothing yet, or a guess.
        guard placed.count > 1, placed.allSatisfy({ $0.amount != nil && $0.sureness != .unsure && $0.sureness != .notFound }) else {
            return []
        }
        return placed
    }

    /// An `added` left in an address after an undo reads nothing.
    private static func justAdded(_ parameters: FormFields, diary: Diary) async throws -> Added? {
        guard let first = parameters["added"].flatMap({ Int64($0) }), let mealID = parameters["meal"].flatMap({ Int64($0) }) else {
            return nil
        }
        let last = max(first, parameters["through"].flatMap { Int64($0) } ?? first)
        guard last - first < 1_000 else { return nil }
        let entries = try await diary.database.read { db in try LogQueries.entries(db, mealID: mealID, first...last) }
        return entries.isEmpty ? nil : Added(mealID: mealID, firstID: first, entries: entries)
    }
}

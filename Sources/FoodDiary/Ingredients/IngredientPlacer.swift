import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryStorage
import Foundation
import GRDB

/// Finds the foods a person names, as they would pick them: their own foods first, then the
/// catalog as search ranks it (what they log ranking up), each in an amount from the food's own
/// portions and the amount they last had of it.
package struct IngredientPlacer: Sendable {
    package let catalog: CatalogDatabase
    /// The diary whose own foods, saved foods and history come first.
    package let diary: AppDatabase

    /// How many foods a typed line offers to choose from.
    static let choicesPerFood = 5
    /// A search that matches nothing is tried again without one word at a time, this many times.
    static let retriesWithoutAWord = 6

    package init(catalog: CatalogDatabase, diary: AppDatabase) {
        self.catalog = catalog
        self.diary = diary
    }

    /// The foods of what someone says they ate: "2 eggs, toast with butter and a coffee".
    package func place(_ sentence: FoodSentence, logged: [Int64: Int]) async throws -> [PlacedFood] {
        let own = try await ownFoods()
        let found = try await catalog.search { db in
            try sentence.parts.flatMap { part in try Self.place(db, part, own: own, logged: logged) }
        }
        return try await withAmounts(found, logged: logged)
    }

    /// Every kind of food a line may be placed as.
    package static let allKinds: Set<String> = ["catalog", "saved", "my", "recipe", "household"]

    /// One food per line, as a recipe lists its ingredients: what follows a comma is a note.
    /// `kinds`: what the lines may be (a recipe's ingredient is never a recipe).
    package func place(lines: [String], logged: [Int64: Int], kinds: Set<String> = allKinds) async throws -> [PlacedFood] {
        let own = try await ownFoods().filter { kinds.contains(String($0.source.prefix { $0 != ":" })) }
        let found = try await catalog.search { db in
            try lines.map { typed in try Self.find(db, typed: typed, line: IngredientLine(typed), own: own, logged: logged) }
        }
        return try await withAmounts(found, logged: logged)
    }

    /// A line's food found, before its amount is worked out.
    private struct Found: Sendable {
        let typed: String
        let line: IngredientLine
        var choices: [FoodChoice]
        let unplacedWords: [String]
        let correctedTo: String?
        /// Had with another food ("toast with butter"), in the little that goes with one.
        var isAddition = false
    }

    /// One part of a sentence: a dish whose name joins its pieces ("mac and cheese"), else each
    /// piece a food of its own ("toast with butter").
    private static func place(_ db: Database, _ part: FoodSentence.Part, own: [FoodChoice], logged: [Int64: Int]) throws -> [Found] {
        if part.pieces.count > 1 {
            let whole = IngredientLine(part.whole)
            let dish = try find(db, typed: part.whole, line: whole, own: own, logged: logged)
            if dish.unplacedWords.isEmpty, let first = dish.choices.first, names(first.name, asJoined: part) { return [dish] }
        }
        return try part.pieces.indices.map { index in
            var found = try find(db, typed: part.pieces[index], line: IngredientLine(part.pieces[index]), own: own, logged: logged)
            // "coffee with milk": what a food is had with, no amount said, is a splash or a spoonful of it.
            found.isAddition = index > 0 && ["with", "w/"].contains(part.joiners[index - 1].lowercased()) && found.line.amount == nil
            return found
        }
    }

    /// Whether a food's name, before its first comma, joins the part's pieces as typed:
    /// "Macaroni and Cheese, canned" for "mac and cheese", not "Coffee, Cappuccino, with non-dairy
    /// milk" for "coffee with milk".
    private static func names(_ name: String, asJoined part: FoodSentence.Part) -> Bool {
        let head = " " + Words.split(String(name.prefix { $0 != "," })).joined(separator: " ") + " "
        return part.joiners.indices.allSatisfy { index in
            let joiner = ["&": "and", "w/": "with"][part.joiners[index].lowercased()] ?? part.joiners[index].lowercased()
            guard let next = Words.split(IngredientLine(part.pieces[index + 1]).food).first else { return false }
            return head.contains(" \(joiner) \(next)") || head.contains(" \(joiner) \(Words.singular(next))")
        }
    }

    private static func find(_ db: Database, typed: String, line: IngredientLine, own: [FoodChoice], logged: [Int64: Int]) throws -> Found {
        let words = Words.split(line.food)
        guard !words.isEmpty else { return Found(typed: typed, line: line, choices: [], unplacedWords: [], correctedTo: nil) }
        let query = WordQuery(line.food)
        let mine = own.filter { query.matches($0.name) }
        // A food of their own named nearly as typed is the one meant; others follow the catalog's first.
        let close = mine.filter { Words.split($0.name).count <= words.count + 1 }
        var (result, unplaced, line) = try search(db, line, logged: logged)
        let portions = try FoodDetails.portions(db, foods: result.foods.map(\.id))
        var catalogChoices = result.foods.map { food in
            FoodChoice(
                source: "catalog:\(food.id)", name: food.description, detail: food.foodGroup, portions: portions[food.id] ?? [],
                unit: food.measureUnit, kcalPerGram: food.energyKcalPer100g.map { $0 / 100 }, usual: nil)
        }
        // A line that counts or measures the food needs its household measures: "Butter, NFS" has
        // none to weigh "a pat of butter" by, "Butter, salted" has. One that says no amount takes
        // its kind's serving: "cereal" stays "Cereal, ready-to-eat, NFS", not the first cereal with a cup.
        if line.amount != nil || line.measure != nil, !(line.measure?.isMass ?? false), let first = catalogChoices.first,
            first.portions.isEmpty,
            let index = sameFoodWithPortions(as: first.name, in: catalogChoices)
        {
            catalogChoices.insert(catalogChoices.remove(at: index), at: 0)
        }
        // "a slice of toast": of foods search ranks alike, the one that comes in slices.
        if case .item(let word)? = line.measure, !IngredientAmount.sizes.contains(word),
            let index = catalogChoices.firstIndex(where: { IngredientAmount.hasPortion(named: word, in: $0.portions) }), index > 0
        {
            catalogChoices.insert(catalogChoices.remove(at: index), at: 0)
        }
        if result.foods.isEmpty && !mine.isEmpty { unplaced = [] }
        let others = mine.filter { !close.contains($0) }
        var choices = close + Array(catalogChoices.prefix(1)) + others + catalogChoices.dropFirst()
        choices = Array(choices.prefix(choicesPerFood + close.count))
        if result.correctedQuery != nil, !close.isEmpty { result.correctedQuery = nil }
        return Found(typed: typed, line: line, choices: choices, unplacedWords: unplaced, correctedTo: result.correctedQuery)
    }

    /// Of `choices`, the first with household measures that is the same food as `name` but for
    /// its "NFS": "Butter, salted" or "Sugars, granulated" for "Butter, NFS" or "Sugar, NFS",
    /// "Nuts, almonds" for "Almonds, NFS", "Oil, olive" for "Olive oil"; never "Rolls, hamburger or hotdog" for "Hamburger, NFS".
    private static func sameFoodWithPortions(as name: String, in choices: [FoodChoice]) -> Int? {
        func words(_ text: Substring) -> Set<String> { Set(Words.split(String(text)).map(Words.singular)) }
        let named = words(Substring(name)).subtracting(["nfs"])
        return choices.indices.first { index in
            let segments = choices[index].name.split(separator: ",")
            guard !choices[index].portions.isEmpty, let head = segments.first else { return false }
            guard segments.count > 1 else { return named.isSubset(of: words(head)) }
            return named.isSubset(of: words(head)) || named == words(segments[1]) || named == words(head).union(words(segments[1]))
        }
    }

    /// Words that describe a food the catalog names without them; tried without only after the
    /// words as typed, since some name a food of their own ("ground beef", "minced beef").
    private static let describing: Set<String> = [
        "ground", "minced", "fresh", "dried", "organic", "homemade", "plain", "ripe", "raw", "frozen", "canned", "cooked", "hot", "cold",
        "extra", "virgin", "pure", "natural", "unsalted", "salted", "toasted", "roasted", "boiled", "steamed", "baby"
    ]

    /// The catalog's best for the words. Generic foods come first, as they would on a search page, and
    /// a product only when no generic food has the words ("clif bar"). Words that say how it is cut
    /// are left out first; then the words without the one that stops any food matching ("burnt
    /// toast"), the first words first: a food's name comes last in English.
    /// A thing counted named last ("4 garlic cloves") becomes the line's measure.
    private static func search(_ db: Database, _ line: IngredientLine, logged: [Int64: Int]) throws
        -> (result: FoodSearchResult, unplaced: [String], line: IngredientLine)
    {
        func search(_ words: [String], _ scope: FoodSearch.Scope = .generic) throws -> FoodSearchResult {
            try FoodSearch.search(db, query: words.joined(separator: " "), scope: scope, limit: choicesPerFood, logged: logged)
        }
        let words = Words.split(line.food)
        let plain = words.filter { !IngredientLine.preparations.contains($0) }
        // "1 can chickpeas" is the canned food, which "chickpeas" alone (eaten cooked) ranks after the cooked one.
        if line.isCanned, !plain.isEmpty, !words.contains("canned") {
            let result = try search(plain + ["canned"])
            if !result.foods.isEmpty { return (result, [], line) }
        }
        for attempt in [plain, words] where !attempt.isEmpty {
            let result = try search(attempt)
            if !result.foods.isEmpty { return (result, [], line) }
            if plain.count == words.count { break }
        }
        // "2 tsp ground cumin" is cumin before it is a product named "CUMIN GROUND".
        let bare = plain.filter { !describing.contains($0) }
        if !bare.isEmpty, bare.count < plain.count {
            let result = try search(bare)
            if !result.foods.isEmpty { return (result, [], line) }
        }
        if line.measure == nil, plain.count > 1, let last = plain.last, IngredientLine.isMeasure(last) {
            let result = try search(Array(plain.dropLast()))
            if !result.foods.isEmpty {
                var counted = line
                counted.measure = .item(Words.singular(last))
                return (result, [], counted)
            }
        }
        let products = try search(words, .all)
        guard products.foods.isEmpty, plain.count > 1 else { return (products, [], line) }
        for index in plain.indices.prefix(retriesWithoutAWord) {
            var fewer = plain
            let dropped = fewer.remove(at: index)
            let retry = try search(fewer)
            if !retry.foods.isEmpty { return (retry, [dropped], line) }
        }
        // Only the last word, the food itself ("homemade spicy lentil dal" is a dal).
        let last = try search([plain[plain.count - 1]])
        return (last, last.foods.isEmpty ? [] : Array(plain.dropLast()), line)
    }

    /// The person's own foods, recipes and saved foods, each as a choice.
    private func ownFoods() async throws -> [FoodChoice] {
        let own = try await diary.read { db in try OwnFoods.read(db) }
        let catalogIDs = own.saved.compactMap(\.food.catalogFoodID)
        let portions = catalogIDs.isEmpty ? [:] : try await catalog.read { db in try FoodDetails.portions(db, foods: catalogIDs) }
        func kcalPerGram(_ food: FoodSnapshot) -> Double? { food.nutrients(forGrams: 1)[.energyKcal] }
        return own.myFoods.map { food in
            FoodChoice(
                source: "my:\(food.id)", name: food.name, detail: tr("My food"), portions: [food.portion], unit: .grams,
                kcalPerGram: kcalPerGram(food.snapshot), usual: nil)
        }
            + own.recipes.compactMap { recipe in
                recipe.snapshot.map { snapshot in
                    FoodChoice(
                        source: "recipe:\(recipe.id)", name: recipe.name, detail: "Recipe", portions: [recipe.portion], unit: .grams,
                        kcalPerGram: kcalPerGram(snapshot), usual: nil)
                }
            }
            + own.saved.map { saved in
                let portions =
                    saved.food.catalogFoodID.flatMap { portions[$0] } ?? saved.food.basisGrams.map { [.serving(grams: $0)] } ?? []
                return FoodChoice(
                    source: "saved:\(saved.id)", name: saved.food.description, detail: tr("Saved food"), portions: portions,
                    unit: saved.food.basisUnit, kcalPerGram: kcalPerGram(saved.food), usual: saved.defaultAmount)
            }
    }

    /// Each food's amount, from the amount the person last had of the catalog foods offered.
    private func withAmounts(_ found: [Found], logged: [Int64: Int]) async throws -> [PlacedFood] {
        let ids = found.flatMap { $0.choices.compactMap(\.catalogFoodID) }
        let mayHave = EntryQueries.mayHaveLastAmounts(ids, logged: logged)
        let last = mayHave.isEmpty ? [:] : try await diary.read { db in try EntryQueries.lastAmounts(db, catalogFoods: mayHave) }
        let all = found
        return found.enumerated().map { position, found in
            var choices = found.choices
            for index in choices.indices where choices[index].usual == nil {
                choices[index].usual = choices[index].catalogFoodID.flatMap { last[$0] }
            }
            // What it is had with comes just before it: "milk" is a splash in a coffee, half a cup on cereal.
            let had = found.isAddition && position > 0 ? all[position - 1] : nil
            let amount = choices.first.map { choice in
                if found.isAddition, choice.usual == nil,
                    let grams = choice.customary?.serving.addition(to: had?.choices.first?.customary?.serving.kind)
                {
                    let said = "\(formatQuantity(grams)) \(choice.unit.symbol)"
                    return IngredientAmount(grams: grams, label: said, typed: said, guess: tr("Had with another food: a little is taken."))
                }
                return IngredientAmount.of(
                    found.line, portions: choice.portions, unit: choice.unit, usual: choice.usual,
                    foodWords: Words.split(found.line.food), isDrink: choice.isDrink, customary: choice.customary)
            }
            return PlacedFood(
                typed: found.typed, line: found.line, choices: choices, amount: amount, unplacedWords: found.unplacedWords,
                correctedTo: found.correctedTo, isAddition: found.isAddition)
        }
    }
}

import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB

/// A food as a search result lists it: a row of `food` joined with its group.
public struct FoodSummary: Sendable, Equatable, Codable, FetchableRecord {
    public let id: Int64
    /// USDA SR Legacy's NDB number; FoodData Central's other foods have none.
    public let ndbNumber: String?
    /// Where the food's data comes from: `sr_legacy`, `survey_fndds` or `foundation`.
    public let dataType: FoodDataType
    public let description: String
    /// SR28's food group, or FoodData Central's category.
    public let foodGroup: String
    public let brandOwner: String?
    public let energyKcalPer100g: Double?
    /// Grams, or ml for a drink labelled by volume: what its values are per 100 of.
    public var measureUnit = MeasureUnit.grams

    /// The columns `init(row:)` reads, first in a query joining `food f` with `food_group g`:
    /// they are read by position, which a search's hundred rows notice.
    package static let selectedColumns = """
        f.id, f.ndb_number, f.data_type, f.description, ifnull(g.name, f.food_category) AS food_group, f.manufacturer,
            f.energy_kcal_per_100g, f.serving_size_unit
        """
    /// Where the columns a query selects after `selectedColumns` start.
    static let columnCount = 8
    static let groupJoin = "LEFT JOIN food_group g ON g.code = f.food_group_code"

    public init(row: Row) {
        self.init(
            id: row[0], ndbNumber: row[1], dataType: FoodDataType(rawValue: row[2]) ?? .srLegacy,
            description: row[3], foodGroup: row[4], brandOwner: row[5], energyKcalPer100g: row[6])
        measureUnit = (row[7] as String?).flatMap(MeasureUnit.init(rawValue:)) ?? .grams
    }

    package init(
        id: Int64, ndbNumber: String?, dataType: FoodDataType, description: String, foodGroup: String, brandOwner: String?,
        energyKcalPer100g: Double?
    ) {
        self.id = id
        self.ndbNumber = ndbNumber
        self.dataType = dataType
        self.description = description
        self.foodGroup = foodGroup
        self.brandOwner = brandOwner
        self.energyKcalPer100g = energyKcalPer100g
    }
}

public struct FoodSearchResult: Sendable, Equatable {
    public let totalHits: Int
    /// Set when the branded foods matched more than were counted: `totalHits` is then a floor.
    public var totalIsFloor = false
    public let foods: [FoodSummary]
    /// Set when misspelt words were replaced, e.g. "bannana" → "banana": nothing matched as typed,
    /// or no generic food did.
    public var correctedQuery: String?
    /// The query as typed, when it matched something too (a product that misspells "avacado"):
    /// the page offers to search for it instead.
    public var typedQuery: String?
    /// How many generic foods matched.
    public var genericHits = 0
    /// The branded foods that match, counted up to `FoodSearch.brandedCountLimit`, when the
    /// generic ones filled the page: how many more a "Branded" search would show.
    public var brandedHits = 0
}

/// Full-text search over the catalog: every word must match, the last also as a prefix so results
/// follow typing, ranked so the food a person means comes first. Generic foods (SR28 and FoodData
/// Central's survey and Foundation foods) come before branded ones, unless a brand is asked for.
public enum FoodSearch {
    static let maxWordLength = 40
    static let rerankWindow = 100
    /// The branded foods first in prior order that a query's ranking reads: a word hundreds of
    /// thousands of products share would otherwise be ranked in full on every keystroke.
    static let brandedWindow = 500
    /// As far as a window reads, so that a window read for listing is also the count.
    package static let brandedCountLimit = brandedWindow

    /// Which foods a search looks at: the person's "Generic" or "Branded" choice, or both.
    public enum Scope: String, Sendable, CaseIterable {
        case all, generic, branded
    }

    /// A word in this many branded products is a brand ("doritos"), not a misspelling to correct.
    static let brandWordProducts = 20

    /// `logged`: how often the person logged each catalog food, which ranks those up. `asTyped`
    /// turns spelling correction off ("search instead for avacado").
    public static func search(
        _ db: Database, query: String, brand: String? = nil, scope: Scope = .all, limit: Int = 25,
        logged: [Int64: Int] = [:], asTyped: Bool = false
    ) throws -> FoodSearchResult {
        let words = Array(Words.split(query).prefix(Words.maxTyped).map { String($0.prefix(maxWordLength)) })
        let brandWords = Array(Words.split(brand ?? "").prefix(Words.maxTyped).map { String($0.prefix(maxWordLength)) })
        guard !words.isEmpty, limit > 0 else { return FoodSearchResult(totalHits: 0, foods: [], correctedQuery: nil) }

        let memory = try CatalogMemory.shared.snapshot(db)
        let search = Search(slots: EverydayNames.slots(words), brandWords: brandWords, scope: scope, limit: limit, logged: logged)
        let result = try search.run(db, memory)
        // Correcting is tried only when no generic food matched: a product that shares a
        // misspelling ("ORGANIC HUMMUS, AVACADO") does not stop it.
        guard !asTyped, scope != .branded || result.totalHits == 0, result.genericHits == 0,
            let corrected = try SearchPhases.measure(
                "spelling",
                {
                    try memory.recent.spelling(words.joined(separator: " ")) { try corrected(db, memory, slots: search.slots) }
                }), corrected != search.slots
        else { return result }
        var retry = try Search(slots: corrected, brandWords: brandWords, scope: scope, limit: limit, logged: logged).run(db, memory)
        guard retry.genericHits > 0 || (result.totalHits == 0 && retry.totalHits > 0) else { return result }
        retry.correctedQuery = corrected.map { $0.alternatives[0].joined(separator: " ") }.joined(separator: " ")
        retry.typedQuery = result.totalHits > 0 ? words.joined(separator: " ") : nil
        return retry
    }

    /// The generic foods' full-text indexes, each with its own statistics: SR28's foods, and
    /// FoodData Central's survey and Foundation foods. Results of both are ranked together.
    static let indexes = ["food_search", "fdc_search"]

    static func genericHits(_ db: Database, match: Match) throws -> Int {
        try genericHits(db, try CatalogMemory.shared.snapshot(db), match: match)
    }

    private static func genericHits(_ db: Database, _ memory: CatalogMemory.Snapshot, match: Match) throws -> Int {
        try memory.recent.count("generic|" + match.text) {
            try indexes.reduce(0) { total, index in
                if let (inMemory, query) = try memory.query(db, index: index, match) {
                    return total + inMemory.matchCount(query)
                }
                return total + (try db.cachedValue("SELECT count(*) FROM \(index) WHERE \(index) MATCH ?", [match.text]) ?? 0)
            }
        }
    }

    /// Counted only so far: past five hundred, the number helps nobody choose.
    private static func brandedHits(_ db: Database, _ memory: CatalogMemory.Snapshot, match: Match, upTo limit: Int = brandedCountLimit)
        throws -> Int
    {
        try memory.recent.count(brandedCountQuestion(match.text, upTo: limit)) {
            if let (inMemory, query) = try memory.query(db, index: brandedIndex, match) {
                return inMemory.matchCount(query, upTo: limit)
            }
            return try db.cachedValue(
                "SELECT count(*) FROM (SELECT 1 FROM branded_search WHERE branded_search MATCH ? LIMIT \(limit))", [match.text]) ?? 0
        }
    }

    static let brandedIndex = "branded_search"

    private static func brandedCountQuestion(_ match: String, upTo limit: Int = brandedCountLimit) -> String {
        "branded|\(limit)|" + match
    }

    private struct Search {
        package let slots: [EverydayNames.Slot]
        let brandWords: [String]
        package let scope: Scope
        package let limit: Int
        package let logged: [Int64: Int]

        /// The catalog's reading of an everyday name first ("coca cola" is cola before it is a
        /// brand), then either reading, then the last word as a prefix.
        package func readings(brandColumn: String?) -> [Match] {
            var matches = [
                match(slots, prefixLast: false, brandWords: brandWords, brandColumn: brandColumn),
                match(slots, prefixLast: true, brandWords: brandWords, brandColumn: brandColumn)
            ]
            if slots.contains(where: \.isAlias) {
                let catalogReading = slots.map { $0.isAlias ? EverydayNames.Slot(alternatives: [$0.alternatives[1]]) : $0 }
                matches.insert(match(catalogReading, prefixLast: false, brandWords: brandWords, brandColumn: brandColumn), at: 0)
            }
            return matches
        }

        package func run(_ db: Database, _ memory: CatalogMemory.Snapshot) throws -> FoodSearchResult {
            let queryTerms = Set(slots.flatMap { $0.alternatives.joined() }.map(Words.singular))
            let generic = scope == .branded ? [] : readings(brandColumn: "manufacturer")
            let branded = scope == .generic ? [] : readings(brandColumn: nil)
            let genericTotal =
                generic.isEmpty
                ? 0 : try SearchPhases.measure("generic count") { try genericHits(db, memory, match: generic[generic.count - 1]) }

            var genericFoods: [FoodSummary] = []
            for match in generic where genericTotal > 0 && genericFoods.count < limit {
                genericFoods += try SearchPhases.measure("generic candidates and rerank") {
                    try ranked(db, memory, match: match, queryTerms: queryTerms, logged: logged, excluding: Set(genericFoods.map(\.id)))
                }
            }
            // A named brand puts its products first; otherwise they only fill what the generic foods leave.
            let brandFirst = scope == .branded || !brandWords.isEmpty
            var brandedFoods: [FoodSummary] = []
            // Products named alike ("PEANUT BUTTER" from forty makers) are listed once, the likeliest.
            var names: Set<String> = []
            for (index, match) in branded.enumerated()
            where brandedFoods.count < limit && (brandFirst || genericFoods.count + brandedFoods.count < limit) {
                let (found, matched) = try SearchPhases.measure("branded candidates and rerank") {
                    try rankedBranded(
                        db, memory, match: match, queryTerms: queryTerms, logged: logged, excluding: Set(brandedFoods.map(\.id)))
                }
                // A window holds every match up to its size: the last reading's is its count, and
                // an earlier reading's full window means the last, matching all it does, has as many.
                if index == branded.count - 1 || matched >= brandedCountLimit {
                    _ = memory.recent.count(brandedCountQuestion(branded[branded.count - 1].text)) { min(matched, brandedCountLimit) }
                }
                brandedFoods += found.filter { names.insert(Words.split($0.description).joined(separator: " ")).inserted }
            }
            let brandedTotal =
                branded.isEmpty
                ? 0 : try SearchPhases.measure("branded count") { try brandedHits(db, memory, match: branded[branded.count - 1]) }
            let foods = Array((brandFirst ? brandedFoods + genericFoods : genericFoods + brandedFoods).prefix(limit))
            var result = FoodSearchResult(totalHits: genericTotal + brandedTotal, foods: foods, correctedQuery: nil)
            result.genericHits = genericTotal
            result.totalIsFloor = brandedTotal >= brandedCountLimit
            if scope == .all && !brandFirst && !foods.contains(where: { $0.dataType == .branded }) { result.brandedHits = brandedTotal }
            return result
        }
    }

    /// A match expression, and its quoted words in the order written, which is how FTS5 numbers
    /// its phrases; and the same as the in-memory index reads it (`TextQuery`): groups that must all
    /// match, each of alternatives, each a list of phrases (by number) that must all be present.
    /// `column`: the one column the brand words must be in, if any.
    package struct Match: Sendable {
        package let text: String
        package let phrases: [BrandedRanking.Phrase]
        package let groups: [[[Int]]]
        package let column: String?
    }

    /// Every word quoted, so nothing typed is read as FTS syntax; an everyday name and the catalog's
    /// words as alternatives. The last word typed is also a prefix, unless it ends an everyday name.
    /// Brand words match `brandColumn`, or anywhere in a branded food's name, where the brand is.
    package static func match(_ slots: [EverydayNames.Slot], prefixLast: Bool, brandWords: [String], brandColumn: String? = "manufacturer")
        -> Match
    {
        var phrases: [BrandedRanking.Phrase] = [], groups: [[[Int]]] = []
        func quoted(_ word: String, prefix: Bool) -> String {
            phrases.append(BrandedRanking.Phrase(word: word, isPrefix: prefix))
            groups[groups.count - 1][groups[groups.count - 1].count - 1].append(phrases.count - 1)
            return "\"\(word)\"" + (prefix ? "*" : "")
        }
        var parts = slots.enumerated().map { index, slot in
            let prefix = prefixLast && index == slots.count - 1 && !slot.isAlias
            groups.append([])
            let alternatives = slot.alternatives.map { words in
                groups[groups.count - 1].append([])
                return "(" + words.map { quoted($0, prefix: prefix) }.joined(separator: " AND ") + ")"
            }
            return "(" + alternatives.joined(separator: " OR ") + ")"
        }
        if !brandWords.isEmpty {
            groups.append([[]])
            let words = "(" + brandWords.map { quoted($0, prefix: true) }.joined(separator: " ") + ")"
            parts.append(brandColumn.map { "\($0) : " + words } ?? words)
        }
        return Match(
            text: parts.joined(separator: " AND "), phrases: phrases, groups: groups, column: brandWords.isEmpty ? nil : brandColumn)
    }

    /// A match found by an index: its food, and bm25 plus prior (lower is better).
    package struct Candidate: Sendable {
        package let food: Int64
        package let score: Double
    }

    /// The best generic matches by bm25 and prior, with any the person logged before that match as
    /// well, reordered by the bonuses. One pass per index scores every match; the priors come
    /// from memory, and only the foods kept are read.
    private static func ranked(
        _ db: Database, _ memory: CatalogMemory.Snapshot, match: Match, queryTerms: Set<String>, logged: [Int64: Int],
        excluding: Set<Int64>
    ) throws -> [FoodSummary] {
        let candidates = try memory.recent.matches("generic|" + match.text) {
            let priors = try memory.catalog.priors(db)
            var scored: [(food: Int64, text: Double)] = []
            for index in indexes {
                if let (inMemory, query) = try memory.query(db, index: index, match) {
                    let idfs = query.phrases.map { inMemory.inverseDocumentFrequency(hits: inMemory.rowsHaving($0)) }
                    inMemory.forEachMatch(query) { row in
                        scored.append((inMemory.rowid(row), inMemory.bm25(row, query, inverseDocumentFrequencies: idfs)))
                        return true
                    }
                    continue
                }
                try db.forEachCachedRow(
                    "SELECT rowid, bm25(\(index), \(SearchRanking.columnWeights)) FROM \(index) WHERE \(index) MATCH ?", [match.text]
                ) {
                    scored.append(($0[0], $0[1]))
                }
            }
            let unknown = scored.map(\.food).filter { priors.generic[$0] == nil }
            let readPriors = unknown.isEmpty ? [:] : try storedPriors(db, foods: unknown)
            return best(
                scored.compactMap { match in
                    (priors.generic[match.food] ?? readPriors[match.food]).map { Candidate(food: match.food, score: match.text + $0) }
                })
        }
        return try reranked(db, memory, kept(candidates, logged: logged), queryTerms: queryTerms, logged: logged, excluding: excluding)
    }

    /// The best branded matches among the first `brandedWindow` in prior order, with any the
    /// person logged before, reordered by the bonuses.
    private static func rankedBranded(
        _ db: Database, _ memory: CatalogMemory.Snapshot, match: Match, queryTerms: Set<String>, logged: [Int64: Int],
        excluding: Set<Int64>
    ) throws -> (foods: [FoodSummary], matched: Int) {
        let priors = try memory.catalog.priors(db)
        var frequencies: [Double]?
        func inverseDocumentFrequencies() throws -> [Double] {
            let idfs =
                try frequencies
                ?? BrandedRanking.inverseDocumentFrequencies(
                    match.phrases, tokens: memory.tokens(db, match),
                    vocabulary: memory.catalog.brandedVocabulary(db))
            frequencies = idfs
            return idfs
        }
        /// The first `brandedWindow` matches in prior order, or only those at `positions`, scored.
        func scored(at positions: [Int64]? = nil) throws -> [(position: Int64, text: Double)] {
            let idfs = try inverseDocumentFrequencies()
            var scored: [(position: Int64, text: Double)] = []
            if let (inMemory, query) = try memory.query(db, index: brandedIndex, match) {
                let rows = positions.map { $0.compactMap(inMemory.row).filter { inMemory.matches($0, query) }.sorted() }
                func add(_ row: Int) -> Bool {
                    scored.append((inMemory.rowid(row), inMemory.bm25(row, query, inverseDocumentFrequencies: idfs)))
                    return scored.count < brandedWindow
                }
                if let rows { rows.prefix(brandedWindow).forEach { _ = add($0) } } else { inMemory.forEachMatch(query, add) }
                return scored
            }
            let condition = positions == nil ? "" : " AND rowid IN (SELECT value FROM json_each(?))"
            let arguments: StatementArguments = positions.map { [JSONList.ids($0)] } ?? []
            try db.forEachCachedRow(
                """
                SELECT rowid, rank_with_idf(branded_search, \(SearchRanking.brandedColumnWeights),
                    \(idfs.map { _ in "?" }.joined(separator: ", ")))
                FROM branded_search WHERE branded_search MATCH ?\(condition) ORDER BY rowid LIMIT \(brandedWindow)
                """, StatementArguments(idfs) + [match.text] + arguments
            ) { scored.append(($0[0], $0[1])) }
            return scored
        }
        /// Each match's food and score, from memory or, for a food added since, from the database.
        func resolved(_ matches: [(position: Int64, text: Double)]) throws -> [Candidate] {
            var candidates: [Candidate] = [], unknown: [(position: Int64, text: Double)] = []
            for match in matches {
                if let known = priors.branded(at: match.position) {
                    candidates.append(Candidate(food: known.food, score: match.text + known.prior))
                } else {
                    unknown.append(match)
                }
            }
            if !unknown.isEmpty {
                var stored: [Int64: (Int64, Double)] = [:]
                try db.forEachCachedRow(
                    "SELECT search_position, id, search_prior FROM food WHERE search_position IN (SELECT value FROM json_each(?))",
                    [JSONList.ids(unknown.map(\.position))]
                ) { stored[$0[0]] = ($0[1], $0[2]) }
                candidates += unknown.compactMap { match in stored[match.position].map { Candidate(food: $0.0, score: match.text + $0.1) } }
            }
            return candidates
        }
        var candidates = try memory.recent.matches("branded|" + match.text) { best(try resolved(try scored())) }
        let matched = candidates.count
        // Past a full window, a food the person logged is looked for by its place, the most logged first.
        if matched >= brandedWindow, !logged.isEmpty {
            // Ties by id: a dictionary's order differs from one copy to the next, and so would the results.
            let elsewhere = logged.filter { priors.generic[$0.key] == nil }.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
                .prefix(loggedBrandedLookups).map(\.key)
            if !elsewhere.isEmpty {
                var positions: [Int64] = []
                try db.forEachCachedRow(
                    "SELECT search_position FROM food WHERE id IN (SELECT value FROM json_each(?)) AND search_position IS NOT NULL",
                    [JSONList.ids(elsewhere)]
                ) { positions.append($0[0]) }
                candidates = best(candidates + (try resolved(try scored(at: positions))))
            }
        }
        return (
            try reranked(db, memory, kept(candidates, logged: logged), queryTerms: queryTerms, logged: logged, excluding: excluding),
            matched
        )
    }

    /// The branded foods a person logged that are looked for past the window, at most.
    static let loggedBrandedLookups = 20

    /// Best first; a food found twice (by both readings' lookups) once.
    private static func best(_ candidates: [Candidate]) -> [Candidate] {
        var seen = Set<Int64>()
        return candidates.sorted { ($0.score, $0.food) < ($1.score, $1.food) }.filter { seen.insert($0.food).inserted }
    }

    /// The `rerankWindow` best of candidates best first, and every one the person logged.
    private static func kept(_ best: [Candidate], logged: [Int64: Int]) -> [Candidate] {
        Array(best.prefix(rerankWindow)) + (logged.isEmpty ? [] : best.dropFirst(rerankWindow).filter { logged[$0.food] != nil })
    }

    private static func storedPriors(_ db: Database, foods: [Int64]) throws -> [Int64: Double] {
        var priors: [Int64: Double] = [:]
        try db.forEachCachedRow("SELECT id, search_prior FROM food WHERE id IN (SELECT value FROM json_each(?))", [JSONList.ids(foods)]) {
            priors[$0[0]] = $0[1]
        }
        return priors
    }

    private static func reranked(
        _ db: Database, _ memory: CatalogMemory.Snapshot, _ candidates: [Candidate], queryTerms: Set<String>,
        logged: [Int64: Int], excluding: Set<Int64>
    ) throws -> [FoodSummary] {
        let wanted = candidates.filter { !excluding.contains($0.food) }
        guard !wanted.isEmpty else { return [] }
        let summaries = try memory.rankedSummaries(db, wanted.map(\.food))
        let query = SearchRanking.QueryWords(queryTerms)
        var seen = Set<Int64>()
        return wanted.compactMap { candidate -> (Double, FoodSummary)? in
            guard seen.insert(candidate.food).inserted else { return nil }
            guard let (food, name) = summaries[candidate.food] else { return nil }
            return (
                SearchRanking.reranked(
                    candidate.score, name, description: food.description, queryTerms: queryTerms, query: query,
                    timesLogged: logged[candidate.food]), food
            )
        }
        .enumerated()
        .sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }
        .map(\.element.1)
    }

    /// Replaces each word no generic food has with the closest generic term, if one is close
    /// enough; every word of the query is tried ("chiken brest"), and one with no close term stays
    /// as typed. An everyday name is never rewritten ("coke" is cola, not cake), nor a brand: a word
    /// in `brandWordProducts` products or more ("doritos"). Nil when no word changed.
    private static func corrected(_ db: Database, _ memory: CatalogMemory.Snapshot, slots: [EverydayNames.Slot]) throws -> [EverydayNames
        .Slot]?
    {
        var vocabulary: [CatalogMemory.Term]?
        var result: [EverydayNames.Slot] = []
        for (index, slot) in slots.enumerated() {
            guard !slot.isAlias, let word = slot.alternatives.first?.first, !EverydayNames.knownWords.contains(Words.singular(word)) else {
                result.append(slot)
                continue
            }
            let probe = match([slot], prefixLast: index == slots.count - 1, brandWords: [])
            if try word.count < 4 || genericHits(db, memory, match: probe) > 0
                || brandedHits(db, memory, match: probe, upTo: brandWordProducts) >= brandWordProducts
            {
                result.append(slot)
                continue
            }
            if vocabulary == nil { vocabulary = try memory.catalog.vocabulary(db) }
            let allowed = word.count >= 7 ? 2 : 1
            let letters = Array(word.unicodeScalars)
            var rows = EditDistanceRows()
            let best = vocabulary!
                .compactMap { entry -> (Int, Int, String)? in
                    guard abs(entry.scalars.count - letters.count) <= allowed else { return nil }
                    let distance = rows.distance(letters, entry.scalars, limit: allowed)
                    return distance <= allowed ? (distance, -entry.documents, entry.term) : nil
                }
                .min { ($0.0, $0.1) < ($1.0, $1.1) }
            result.append(best.map { EverydayNames.Slot(alternatives: [[$0.2]]) } ?? slot)
        }
        return result == slots ? nil : result
    }

    /// Optimal-string-alignment distance (transpositions count once), worked out in three rows
    /// kept from one comparison to the next: spelling compares a word with every generic term,
    /// and allocating the rows each time was most of its cost.
    struct EditDistanceRows {
        private var previous2: [Int] = [], previous: [Int] = [], current: [Int] = []

        /// The distance from `x` to `y`, giving up past `limit`.
        package mutating func distance(_ x: [Unicode.Scalar], _ y: [Unicode.Scalar], limit: Int) -> Int {
            if x.isEmpty || y.isEmpty { return max(x.count, y.count) }
            Self.refill(&previous2, with: repeatElement(0, count: y.count + 1))
            Self.refill(&previous, with: 0...y.count)
            Self.refill(&current, with: repeatElement(0, count: y.count + 1))
            for i in 1...x.count {
                current[0] = i
                var rowMinimum = current[0]
                for j in 1...y.count {
                    let cost = x[i - 1] == y[j - 1] ? 0 : 1
                    current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                    if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                        current[j] = min(current[j], previous2[j - 2] + 1)
                    }
                    rowMinimum = min(rowMinimum, current[j])
                }
                if rowMinimum > limit { return limit + 1 }
                swap(&previous2, &previous)
                swap(&previous, &current)
            }
            return previous[y.count]
        }

        private static func refill(_ row: inout [Int], with values: some Collection<Int>) {
            row.removeAll(keepingCapacity: true)
            row.append(contentsOf: values)
        }
    }
}

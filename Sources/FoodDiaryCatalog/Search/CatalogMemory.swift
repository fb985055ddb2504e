import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB
import Synchronization

/// What search reads of every food, held in memory for each contents of the catalog:
/// - the generic index's terms with their document counts, for spelling: fts5vocab counts them
///   by walking the whole index, which at 500,000 foods costs far more than the search itself;
/// - each food's prior, and which branded food sits at each place of the branded index: read by
///   a join for the branded candidates of a common word, they cost more than finding them;
/// - the branded index's terms with their product counts, for ranking (`BrandedRanking`);
/// - each generic food as a result lists it, with what ranking reads of its name: reading a
///   hundred of them back for ranking cost a search an eighth of its time, and splitting their
///   names a twentieth;
/// - the matches of recent searches (`RecentMatches`);
/// - the full-text indexes themselves (`TextIndexInMemory`), read in the background as the server
///   starts, after the branded import, and after a food is picked online, while searches meanwhile
///   ask FTS5.
///
/// A food added since (one picked online, a branded food while their import runs) has no prior in
/// memory: it is read from the database, as every prior was before.
package final class CatalogMemory: @unchecked Sendable {
    /// A generic term, its letters (spelling compares them with every term), and how many foods have it.
    typealias Term = (term: String, scalars: [Unicode.Scalar], documents: Int)

    struct Priors: Sendable {
        package let generic: [Int64: Double]
        /// By place in the branded index (`food.search_position`), from 1; 0 where no food is.
        let brandedFood: [Int64]
        package let brandedPrior: [Double]

        package func branded(at position: Int64) -> (food: Int64, prior: Double)? {
            guard position > 0, position < brandedFood.count, brandedFood[Int(position)] != 0 else { return nil }
            return (brandedFood[Int(position)], brandedPrior[Int(position)])
        }
    }

    /// One catalog's memory for one search: read once at its start.
    package struct Snapshot {
        package let catalog: CatalogMemory.Contents
        package let recent: RecentMatches
        /// Which foods picked online the catalog holds, any of which may have replaced a generic food.
        package let fetched: String
        /// The full-text indexes in memory, when they hold what the catalog holds now.
        package let text: TextIndexes?
        private let phraseTokens = PhraseTokens()
        private let otherSummaries = OtherSummaries()

        package init(catalog: CatalogMemory.Contents, recent: RecentMatches, fetched: String) {
            (self.catalog, self.recent, self.fetched) = (catalog, recent, fetched)
            text = catalog.textIndexes(fetched: fetched)
        }

        func genericSummaries(_ db: Database) throws -> GenericSummaries {
            try catalog.genericSummaries(db, fetched: fetched)
        }

        /// `foods` as results list them, with what ranking reads of their names: the generic ones
        /// from memory, the others (branded, picked online) from the database, once per search:
        /// each of its readings reranks much the same products.
        func rankedSummaries(_ db: Database, _ foods: [Int64]) throws -> [Int64: (food: FoodSummary, name: SearchRanking.RankedName)] {
            let generic = try genericSummaries(db)
            var found: [Int64: (food: FoodSummary, name: SearchRanking.RankedName)] = [:]
            var unknown: [Int64] = []
            for food in foods {
                if let summary = generic[food] ?? otherSummaries.known[food] { found[food] = summary } else { unknown.append(food) }
            }
            guard !unknown.isEmpty else { return found }
            try db.forEachCachedRow(
                """
                SELECT \(FoodSummary.selectedColumns), f.core_terms
                FROM food f
                \(FoodSummary.groupJoin)
                WHERE f.id IN (SELECT value FROM json_each(?))
                """, [JSONList.ids(unknown)]
            ) { row in
                let food = FoodSummary(row: row)
                let name = SearchRanking.RankedName(
                    description: food.description, coreTerms: row[FoodSummary.columnCount], readingAhead: false)
                (found[food.id], otherSummaries.known[food.id]) = ((food, name), (food, name))
            }
            return found
        }

        /// Each phrase's terms, tokenized once per search.
        package func tokens(_ db: Database, _ match: FoodSearch.Match) throws -> [[String]] {
            try match.phrases.map { phrase in try phraseTokens.tokens(phrase) { try phrase.tokens(db) } }
        }

        /// `index` in memory with `match` as it reads it, or nil where FTS5 must answer.
        package func query(_ db: Database, index: String, _ match: FoodSearch.Match) throws -> (TextIndexInMemory, TextQuery)? {
            guard !TextIndexInMemory.isSetAside, let inMemory = text?.indexes[index], match.column == nil,
                let query = TextQuery(match, tokens: try tokens(db, match), in: inMemory)
            else { return nil }
            return (inMemory, query)
        }
    }

    /// The foods other than generic ones a search read to rank.
    final class OtherSummaries {
        package var known: [Int64: (food: FoodSummary, name: SearchRanking.RankedName)] = [:]
    }

    /// A search's phrases' terms: a search asks each index for the same words several times.
    final class PhraseTokens {
        private var known: [BrandedRanking.Phrase: [String]] = [:]

        package func tokens(_ phrase: BrandedRanking.Phrase, _ read: () throws -> [String]) rethrows -> [String] {
            if let tokens = known[phrase] { return tokens }
            let tokens = try read()
            known[phrase] = tokens
            return tokens
        }
    }

    /// The catalog's full-text indexes in memory, for one set of foods picked online (which
    /// change the indexes' rows).
    package struct TextIndexes: Sendable {
        package let fetched: String
        let indexes: [String: TextIndexInMemory]

        /// Every index a search reads, with its columns and their bm25 weights.
        package static let searched: [(index: String, columns: [String], weights: String)] = [
            ("food_search", ["head", "rest", "common_name", "manufacturer"], SearchRanking.columnWeights),
            ("fdc_search", ["head", "rest", "common_name", "manufacturer"], SearchRanking.columnWeights),
            (FoodSearch.brandedIndex, ["head", "rest", "category", "food_id"], SearchRanking.brandedColumnWeights)
        ]
    }

    /// Generic foods as results list them, and what ranking reads of each one's name, by id.
    typealias GenericSummaries = [Int64: (food: FoodSummary, name: SearchRanking.RankedName)]

    package static let shared = CatalogMemory()

    private let lock = NSLock()
    private var catalogs: [String: Contents] = [:]
    private var recent: [String: RecentMatches] = [:]

    package func snapshot(_ db: Database) throws -> Snapshot {
        let row = try db.cachedRows(Self.contentsQuery).first
        let file: String = row?[0] ?? "", imported: String = row?[1] ?? "", fetched: String = row?[2] ?? ""
        let kept: (Contents, RecentMatches) = lock.withLock {
            if catalogs[file]?.key != imported { catalogs[file] = Contents(key: imported) }
            if recent[file]?.key != imported + "|" + fetched { recent[file] = RecentMatches(key: imported + "|" + fetched) }
            return (catalogs[file]!, recent[file]!)
        }
        return Snapshot(catalog: kept.0, recent: kept.1, fetched: fetched)
    }

    /// Reads what searches of this catalog keep (priors, the branded places and terms, the generic
    /// foods, the full-text indexes) before one needs them.
    package func prepare(_ db: Database) throws {
        let snapshot = try snapshot(db)
        _ = try snapshot.catalog.priors(db)
        _ = try snapshot.catalog.brandedVocabulary(db)
        _ = try snapshot.genericSummaries(db)
        try snapshot.catalog.readTextIndexes(db, fetched: snapshot.fetched)
    }

    /// Whether a search of this catalog now reads its full-text indexes from memory.
    func textIndexesAreRead(_ db: Database) -> Bool {
        (try? snapshot(db).text) != nil
    }

    /// Raised by a search that found the full-text indexes in memory out of date: whoever bound it
    /// (`CatalogDatabase.search`) then has them read again (`prepare`) in the background.
    final class OutOfDate: Sendable {
        private let raised = Atomic(false)

        var isRaised: Bool { raised.load(ordering: .relaxed) }
        func raise() { raised.store(true, ordering: .relaxed) }
    }

    @TaskLocal static var textIndexesOutOfDate: OutOfDate?

    /// Forgets every recent answer, so the next search is timed as a first one (`bench-search`).
    package func forgetRecentAnswers() {
        lock.withLock { recent.removeAll() }
    }

    /// Which catalog; which contents of it (a new import, the branded foods' import ending, or a
    /// catalog grown past its last place); and what was added to it since: foods picked online,
    /// each batch of branded foods. While the
    /// branded foods are being imported, their places are not followed: each batch would reload
    /// them all. (The last place is read through the partial index only when the query says
    /// `IS NOT NULL`; without, it scanned every food, 30 ms.)
    private static let contentsQuery = """
        SELECT (SELECT file FROM pragma_database_list WHERE name = 'main'),
               ifnull((SELECT value FROM catalog_info WHERE key = 'imported_at'), '') || '|' ||
               ifnull((SELECT value || '|' || (SELECT ifnull(max(search_position), 0) FROM food WHERE search_position IS NOT NULL)
                       FROM catalog_info WHERE key = 'fdc_branded'), 'branded foods not all imported'),
               (SELECT count(*) || '|' || ifnull(max(fetched_at), '') FROM fetched_food) || '|' ||
               ifnull((SELECT value FROM catalog_info WHERE key = 'fdc_branded_done'), '')
        """

    /// What is read of one contents of a catalog, each part when first needed.
    package final class Contents: @unchecked Sendable {
        package let key: String
        private let lock = NSLock()
        private var vocabulary: [Term]?
        private var priors: Priors?
        private var brandedVocabulary: BrandedRanking.Vocabulary?
        private var summaries: (fetched: String, summaries: GenericSummaries)?
        private var textIndexes: TextIndexes?
        /// The foods picked online the indexes are being read for, or were left unread for while the
        /// branded foods are imported (each batch would have them read again).
        private var textIndexesAsked: String?

        package init(key: String) { self.key = key }

        func textIndexes(fetched: String) -> TextIndexes? {
            lock.withLock {
                if let textIndexes, textIndexes.fetched == fetched { return textIndexes }
                if textIndexesAsked != fetched { CatalogMemory.textIndexesOutOfDate?.raise() }
                return nil
            }
        }

        /// Reads the full-text indexes unless they are current or being read, or the branded foods
        /// are being imported. The whole catalog's take one to two seconds and about 33 MB.
        func readTextIndexes(_ db: Database, fetched: String) throws {
            let importing =
                try db.cachedValue(
                    """
                    SELECT EXISTS (SELECT 1 FROM catalog_info WHERE key = 'fdc_branded_done')
                           AND NOT EXISTS (SELECT 1 FROM catalog_info WHERE key = 'fdc_branded')
                    """) ?? false
            let wanted = lock.withLock {
                guard textIndexes?.fetched != fetched, textIndexesAsked != fetched else { return false }
                textIndexesAsked = fetched
                return !importing
            }
            guard wanted else { return }
            var indexes: [String: TextIndexInMemory] = [:]
            do {
                for index in TextIndexes.searched {
                    let weights = index.weights.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces))! }
                    indexes[index.index] = try TextIndexInMemory.read(db, index: index.index, columns: index.columns, weights: weights)
                }
            } catch {
                lock.withLock { textIndexesAsked = nil }
                throw error
            }
            lock.withLock { textIndexes = TextIndexes(fetched: fetched, indexes: indexes) }
        }

        func vocabulary(_ db: Database) throws -> [Term] {
            try kept(\.vocabulary) {
                try Row.fetchAll(db, sql: "SELECT term, doc FROM food_search_vocabulary WHERE term GLOB '[a-z]*'")
                    .map { row in
                        let term: String = row["term"]; return Term(term: term, scalars: Array(term.unicodeScalars), documents: row["doc"])
                    }
            }
        }

        func brandedVocabulary(_ db: Database) throws -> BrandedRanking.Vocabulary {
            try kept(\.brandedVocabulary) { try BrandedRanking.Vocabulary.read(db) }
        }

        func priors(_ db: Database) throws -> Priors {
            try kept(\.priors) { try Self.readPriors(db) }
        }

        /// Read again when a food was picked online: it may have replaced a generic one.
        func genericSummaries(_ db: Database, fetched: String) throws -> GenericSummaries {
            if let kept = lock.withLock({ summaries }), kept.fetched == fetched { return kept.summaries }
            var read: GenericSummaries = [:]
            try db.forEachCachedRow(
                """
                SELECT \(FoodSummary.selectedColumns), f.core_terms FROM food f \(FoodSummary.groupJoin) WHERE f.data_type != 'branded'
                """
            ) { row in
                let food = FoodSummary(row: row)
                read[food.id] = (
                    food,
                    SearchRanking.RankedName(description: food.description, coreTerms: row[FoodSummary.columnCount], readingAhead: true)
                )
            }
            // Each one's usual amount, worked out now with the rest of what is kept of it: ＋ shows
            // one for every result, and a page's twenty took 6 % of its time (about 17 ms once here).
            let portions = try FoodDetails.portions(db, foods: Array(read.keys))
            for (id, kept) in read { _ = UsualAmount(kept.food, portions: portions[id] ?? []) }
            lock.withLock { summaries = (fetched, read) }
            return read
        }

        /// The part at `part`, read by `read` the first time. Two searches that both find it
        /// missing both read it; the lock is never held while reading.
        private func kept<Part>(_ part: ReferenceWritableKeyPath<Contents, Part?>, _ read: () throws -> Part) rethrows -> Part {
            if let kept = lock.withLock({ self[keyPath: part] }) { return kept }
            let value = try read()
            lock.withLock { self[keyPath: part] = value }
            return value
        }

        private static func readPriors(_ db: Database) throws -> Priors {
            var generic: [Int64: Double] = [:]
            try db.forEachCachedRow("SELECT id, search_prior FROM food WHERE data_type != 'branded'") { generic[$0[0]] = $0[1] }
            let last = try db.cachedValue("SELECT ifnull(max(search_position), 0) FROM food WHERE search_position > 0") ?? 0
            var foods = [Int64](repeating: 0, count: last + 1), brandedPriors = [Double](repeating: 0, count: last + 1)
            try db.forEachCachedRow("SELECT search_position, id, search_prior FROM food WHERE search_position > 0") { row in
                let position: Int = row[0]
                (foods[position], brandedPriors[position]) = (row[1], row[2])
            }
            return Priors(generic: generic, brandedFood: foods, brandedPrior: brandedPriors)
        }
    }
}

/// The answers of recent searches, by question: how many foods an index matches, the scored
/// matches a tier's ranking starts from, and how a misspelt query is read. What is typed is shared by everyone typing it ("b",
/// "ba", "ban"…), and paging or going back asks again. It is forgotten whole when the catalog
/// changes (a new `key`) or when it holds `capacity` answers or `candidateCapacity` matches
/// (16 bytes each: 8 MB); a search never waits for it.
package final class RecentMatches: @unchecked Sendable {
    package static let capacity = 2_000
    static let candidateCapacity = 500_000

    package let key: String
    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    private var matches: [String: [FoodSearch.Candidate]] = [:]
    private var candidates = 0
    private var spellings: [String: [EverydayNames.Slot]?] = [:]

    package init(key: String) { self.key = key }

    package func count(_ question: String, _ answer: () throws -> Int) rethrows -> Int {
        if let kept = lock.withLock({ counts[question] }) { return kept }
        let value = try answer()
        lock.withLock {
            if counts.count >= Self.capacity { counts.removeAll() }
            counts[question] = value
        }
        return value
    }

    /// What a misspelt query is read as; nil when no word has a close term.
    package func spelling(_ question: String, _ answer: () throws -> [EverydayNames.Slot]?) rethrows -> [EverydayNames.Slot]? {
        if let kept = lock.withLock({ spellings[question] }) { return kept }
        let value = try answer()
        lock.withLock {
            if spellings.count >= Self.capacity { spellings.removeAll() }
            spellings[question] = .some(value)
        }
        return value
    }

    package func matches(_ question: String, _ answer: () throws -> [FoodSearch.Candidate]) rethrows -> [FoodSearch.Candidate] {
        if let kept = lock.withLock({ matches[question] }) { return kept }
        let value = try answer()
        lock.withLock {
            if matches.count >= Self.capacity || candidates + value.count > Self.candidateCapacity { (matches, candidates) = ([:], 0) }
            matches[question] = value
            candidates += value.count
        }
        return value
    }
}

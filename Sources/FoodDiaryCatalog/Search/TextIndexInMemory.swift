import FoodDiaryStorage
import Foundation
import GRDB

/// One of the catalog's FTS5 indexes held in memory as FTS5 itself holds it, read through its
/// `instance` vocabulary: every term, and for every row each term it has with its count weighted
/// by column. A search then finds and scores its matches in arrays, where FTS5 walked its b-trees
/// and sought each row's size: that walk was three fifths of a first-time search.
///
/// Only what a search's match expressions use is answered here: quoted words (each one term, the
/// last perhaps a prefix) joined by AND and OR, over every column. Anything else is left to FTS5
/// (`TextQuery.init` returns nil), which stays the reference this is tested against.
///
/// A class: a search hands it about, and copying a struct of eleven arrays retained each one.
package final class TextIndexInMemory: Sendable {
    /// Set to have FTS5 answer every search, as the tests do to hold the two to the same answers.
    @TaskLocal static var isSetAside = false

    /// The index's terms in FTS5's order, by bytes: the terms a prefix starts are one run.
    private let terms: [[UInt8]]
    /// The rows having each term, as places in `rowids`, ascending: term t's are
    /// `postings[postingStart[t]..<postingStart[t + 1]]`.
    private let postingStart: [Int32]
    private let postings: [Int32]
    /// Each row's rowid, ascending, and its terms (ascending) with their counts weighted by column:
    /// row d's are at `entryStart[d]..<entryStart[d + 1]`.
    private let rowids: [Int64]
    private let entryStart: [Int32]
    private let entryTerm: [Int32]
    private let entryWeight: [Float]
    /// Each row's length in tokens, as bm25 reads it (`xColumnSize(-1)`).
    private let lengths: [Int32]
    /// Rows, as `xRowCount` counts them, and their average length, as bm25 works it out.
    package let rowCount: Int
    let averageLength: Double

    private init(
        terms: [[UInt8]], postingStart: [Int32], postings: [Int32], rowids: [Int64], entryStart: [Int32], entryTerm: [Int32],
        entryWeight: [Float], lengths: [Int32], rowCount: Int, averageLength: Double
    ) {
        (self.terms, self.postingStart, self.postings, self.rowids, self.entryStart) = (terms, postingStart, postings, rowids, entryStart)
        (self.entryTerm, self.entryWeight, self.lengths, self.rowCount, self.averageLength) = (
            entryTerm, entryWeight, lengths, rowCount, averageLength
        )
    }

    /// Reads `index` (whose `\(index)_instance` vocabulary table the migrations made), weighting
    /// each column as `weights` do, in the order of `columns`.
    package static func read(_ db: Database, index: String, columns: [String], weights: [Double]) throws -> TextIndexInMemory {
        let weighted = zip(columns, weights).map { "WHEN '\($0)' THEN \($1)" }.joined(separator: " ")
        var terms: [[UInt8]] = [], postingStart: [Int32] = []
        var pairTerm: [Int32] = [], pairRow: [Int64] = [], pairWeight: [Float] = [], pairCount: [Int32] = []
        // FTS5 lists instances by term, then row: consecutive ones of a term and row are summed.
        let rows = try Row.fetchCursor(db, sql: "SELECT term, doc, CASE col \(weighted) ELSE 0 END FROM \(index)_instance")
        while let row = try rows.next() {
            let isNewTerm = try row.withUnsafeData(atIndex: 0) { data in
                guard let data, terms.last.map({ !$0.elementsEqual(data) }) ?? true else { return false }
                terms.append(Array(data))
                return true
            }
            let rowid: Int64 = row[1], weight: Double = row[2]
            if isNewTerm { postingStart.append(Int32(pairRow.count)) }
            if !isNewTerm, pairRow.last == rowid {
                pairWeight[pairWeight.count - 1] += Float(weight)
                pairCount[pairCount.count - 1] += 1
            } else {
                pairTerm.append(Int32(terms.count - 1))
                pairRow.append(rowid)
                pairWeight.append(Float(weight))
                pairCount.append(1)
            }
        }
        postingStart.append(Int32(pairRow.count))
        let rowids = Array(Set(pairRow)).sorted()
        let place = Dictionary(uniqueKeysWithValues: rowids.enumerated().map { ($1, Int32($0)) })
        let postings = pairRow.map { place[$0]! }
        // Each row's entries in term order, as the pairs come.
        var entryStart = [Int32](repeating: 0, count: rowids.count + 1), lengths = [Int32](repeating: 0, count: rowids.count)
        for (pair, row) in postings.enumerated() {
            entryStart[Int(row) + 1] += 1
            lengths[Int(row)] += pairCount[pair]
        }
        for row in rowids.indices { entryStart[row + 1] += entryStart[row] }
        var next = entryStart, entryTerm = [Int32](repeating: 0, count: postings.count),
            entryWeight = [Float](repeating: 0, count: postings.count)
        for (pair, row) in postings.enumerated() {
            let at = Int(next[Int(row)])
            (entryTerm[at], entryWeight[at]) = (pairTerm[pair], pairWeight[pair])
            next[Int(row)] += 1
        }
        let rowCount = try db.cachedValue("SELECT count(*) FROM \(index)_docsize") ?? 0
        let tokens = lengths.reduce(0) { $0 + Int($1) }
        return TextIndexInMemory(
            terms: terms, postingStart: postingStart, postings: postings, rowids: rowids, entryStart: entryStart,
            entryTerm: entryTerm, entryWeight: entryWeight, lengths: lengths, rowCount: rowCount,
            averageLength: rowCount > 0 ? Double(tokens) / Double(rowCount) : 1)
    }

    /// The terms `token` names: itself, or every term it starts.
    package func terms(_ token: [UInt8], isPrefix: Bool) -> Range<Int> {
        let start = firstTerm { !$0.lexicographicallyPrecedes(token) }
        guard isPrefix else { return start < terms.count && terms[start] == token ? start..<(start + 1) : start..<start }
        let end = firstTerm { !$0.starts(with: token) && !$0.lexicographicallyPrecedes(token) }
        return start..<max(start, end)
    }

    /// Rows having any of `terms`: what bm25 counts as a phrase's hits.
    func rowsHaving(_ terms: Range<Int>) -> Int {
        if terms.count == 1 { return Int(postingStart[terms.lowerBound + 1] - postingStart[terms.lowerBound]) }
        var count = 0
        forEachRow(having: [terms]) { _ in
            count += 1; return true
        }
        return count
    }

    /// The rows `query` matches in rowid order, while `body` returns true.
    func forEachMatch(_ query: TextQuery, _ body: (_ row: Int) -> Bool) {
        // The group whose alternatives' rarest phrases have the fewest rows drives; the others are
        // checked on each of its rows.
        guard let driving = query.groups.indices.min(by: { cost(query, group: $0) < cost(query, group: $1) }) else { return }
        let sources = query.groups[driving].map { alternative in
            alternative.min { postingCount(query.phrases[$0]) < postingCount(query.phrases[$1]) }.map { query.phrases[$0] } ?? 0..<0
        }
        // A row of a driving group that is one word has that word: only the other groups are
        // checked, and a query of one word (most keystrokes) checks nothing.
        let isOneWord = query.groups[driving].count == 1 && query.groups[driving][0].count == 1
        let checked = query.groups.indices.filter { !isOneWord || $0 != driving }
        forEachRow(having: sources) { row in
            matches(row, query, groups: checked) ? body(row) : true
        }
    }

    /// How many rows `query` matches, counted up to `limit`.
    func matchCount(_ query: TextQuery, upTo limit: Int = .max) -> Int {
        var count = 0
        forEachMatch(query) { _ in
            count += 1
            return count < limit
        }
        return count
    }

    func rowid(_ row: Int) -> Int64 { rowids[row] }

    /// The place of `rowid`, if a row has it.
    package func row(_ rowid: Int64) -> Int? {
        var low = 0, high = rowids.count
        while low < high {
            let middle = (low + high) / 2
            if rowids[middle] < rowid { low = middle + 1 } else { high = middle }
        }
        return low < rowids.count && rowids[low] == rowid ? low : nil
    }

    package func matches(_ row: Int, _ query: TextQuery) -> Bool {
        matches(row, query, groups: query.groups.indices)
    }

    private func matches(_ row: Int, _ query: TextQuery, groups: some Collection<Int>) -> Bool {
        let entries = Int(entryStart[row])..<Int(entryStart[row + 1])
        return groups.allSatisfy { group in
            query.groups[group].contains { phrases in phrases.allSatisfy { has(entries, query.phrases[$0]) } }
        }
    }

    /// bm25 as FTS5 computes it (fts5_aux.c): each phrase's count weighted by column, the row's
    /// length against the average, and the inverse document frequency given for each phrase.
    /// FTS5 counts a phrase only where its alternative matched the row: "almonds" of
    /// `"almond" OR ("nuts" AND "almonds")` counts nothing in a row without "nuts".
    func bm25(_ row: Int, _ query: TextQuery, inverseDocumentFrequencies idfs: [Double]) -> Double {
        let k1 = 1.2, b = 0.75
        let entries = Int(entryStart[row])..<Int(entryStart[row + 1])
        let lengthFactor = k1 * (1 - b + b * Double(lengths[row]) / averageLength)
        var uncounted: Set<Int> = []
        for alternatives in query.groups where alternatives.count > 1 {
            for phrases in alternatives where !phrases.allSatisfy({ has(entries, query.phrases[$0]) }) {
                uncounted.formUnion(phrases)
            }
        }
        var score = 0.0
        for (phrase, terms) in query.phrases.enumerated() {
            var frequency = 0.0
            if !uncounted.contains(phrase) {
                for entry in entries where terms.contains(Int(entryTerm[entry])) { frequency += Double(entryWeight[entry]) }
            }
            score += idfs[phrase] * (frequency * (k1 + 1.0)) / (frequency + lengthFactor)
        }
        return -1.0 * score
    }

    /// FTS5's inverse document frequency of a phrase found in `hits` rows.
    func inverseDocumentFrequency(hits: Int) -> Double {
        let idf = log((Double(rowCount - hits) + 0.5) / (Double(hits) + 0.5))
        return idf > 0 ? idf : 1e-6
    }

    private func has(_ entries: Range<Int>, _ terms: Range<Int>) -> Bool {
        for entry in entries {
            let term = Int(entryTerm[entry])
            if term >= terms.upperBound { return false }
            if term >= terms.lowerBound { return true }
        }
        return false
    }

    private func postingCount(_ terms: Range<Int>) -> Int {
        terms.isEmpty ? 0 : Int(postingStart[terms.upperBound] - postingStart[terms.lowerBound])
    }

    private func cost(_ query: TextQuery, group: Int) -> Int {
        query.groups[group].reduce(0) { total, alternative in
            total + (alternative.map { postingCount(query.phrases[$0]) }.min() ?? 0)
        }
    }

    /// Each row having a term of any of `sources`, once, ascending, while `body` returns true:
    /// the terms' lists merged through a heap of their heads.
    private func forEachRow(having sources: [Range<Int>], _ body: (Int) -> Bool) {
        var heads: [(row: Int32, at: Int32, end: Int32)] = []
        for terms in sources {
            for term in terms where postingStart[term] < postingStart[term + 1] {
                heads.append((postings[Int(postingStart[term])], postingStart[term], postingStart[term + 1]))
            }
        }
        if heads.count == 1 {
            for at in Int(heads[0].at)..<Int(heads[0].end) where !body(Int(postings[at])) { return }
            return
        }
        var heap = Heap(heads)
        var last: Int32 = -1
        while let head = heap.first {
            if head.row != last {
                last = head.row
                guard body(Int(head.row)) else { return }
            }
            heap.advanceFirst { at in at < head.end - 1 ? (postings[Int(at + 1)], at + 1) : nil }
        }
    }

    /// A binary min-heap of list heads, by row.
    private struct Heap {
        private var items: [(row: Int32, at: Int32, end: Int32)]

        package init(_ items: [(row: Int32, at: Int32, end: Int32)]) {
            self.items = items
            for index in stride(from: items.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
        }

        package var first: (row: Int32, at: Int32, end: Int32)? { items.first }

        /// Moves the first list on to its next row, or drops it when it has none.
        mutating func advanceFirst(_ next: (Int32) -> (row: Int32, at: Int32)?) {
            if let moved = next(items[0].at) {
                (items[0].row, items[0].at) = moved
            } else {
                items[0] = items[items.count - 1]
                items.removeLast()
            }
            if !items.isEmpty { siftDown(0) }
        }

        private mutating func siftDown(_ start: Int) {
            var parent = start
            while true {
                let left = 2 * parent + 1, right = left + 1
                var smallest = parent
                if left < items.count, items[left].row < items[smallest].row { smallest = left }
                if right < items.count, items[right].row < items[smallest].row { smallest = right }
                if smallest == parent { return }
                items.swapAt(parent, smallest)
                parent = smallest
            }
        }
    }

    private func firstTerm(_ isAfter: ([UInt8]) -> Bool) -> Int {
        var low = 0, high = terms.count
        while low < high {
            let middle = (low + high) / 2
            if isAfter(terms[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

/// A search's match expression as the in-memory index answers it: each phrase (a quoted word) as
/// the run of terms it names, and the expression as groups that must all match, each of
/// alternatives any one of which will do, each a list of phrases that must all be present.
package struct TextQuery: Sendable {
    package let phrases: [Range<Int>]
    package let groups: [[[Int]]]

    /// Nil when a phrase is not one term, as a word with a hyphen or apostrophe ("co-op") is: FTS5
    /// would match it as a phrase of several, by position, which the memory does not hold.
    package init?(_ match: FoodSearch.Match, tokens: [[String]], in index: TextIndexInMemory) {
        guard match.column == nil, tokens.allSatisfy({ $0.count == 1 }) else { return nil }
        phrases = zip(match.phrases, tokens).map { phrase, tokens in index.terms(Array(tokens[0].utf8), isPrefix: phrase.isPrefix) }
        groups = match.groups
    }
}

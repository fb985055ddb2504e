import FoodDiaryBase
import Foundation

/// The words people say for a food and the catalog's words for it, from `EverydayNames.tsv` (a
/// reviewed data file, embedded in the binary). A search reads each typed phrase that is an alias
/// as either its own words or the catalog's, so "bell pepper" finds "Peppers, sweet, red, raw" and
/// "biscuit" still finds biscuits as well as cookies.
package enum EverydayNames {
    package struct Alias: Sendable, Equatable {
        /// Singular, lower-case, as `Words` splits a query.
        package let words: [String]
        let catalogWords: [String]
    }

    /// One part of a query: a plain word, or an alias phrase with the catalog's words beside it.
    package struct Slot: Sendable, Equatable {
        /// Each a list of words that must all match; any one alternative will do.
        let alternatives: [[String]]
        var isAlias: Bool { alternatives.count > 1 }
    }

    /// English's, German's and Spanish's (`EverydayNames.de.tsv`, `.es.tsv`) in one table: a word
    /// in any of them finds its food, whatever language the page is in, so a household that
    /// speaks two searches in both.
    package static let all: [Alias] = [
        PackageResources.EverydayNames_tsv, PackageResources.EverydayNames_de_tsv, PackageResources.EverydayNames_es_tsv
    ].flatMap { parse(String(decoding: $0, as: UTF8.self)) }

    /// Longest first, so "mac and cheese" wins over "mac".
    private static let byFirstWord: [String: [Alias]] = Dictionary(grouping: all, by: { $0.words[0] })
        .mapValues { $0.sorted { $0.words.count > $1.words.count } }

    /// Every word of every everyday name: spelling correction leaves these alone.
    static let knownWords: Set<String> = Set(all.flatMap(\.words))

    package static func parse(_ text: String) -> [Alias] {
        text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let sides = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard sides.count == 2 else { return nil }
            let words = Words.split(String(sides[0])).map(Words.singular), catalogWords = Words.split(String(sides[1]))
            return words.isEmpty || catalogWords.isEmpty ? nil : Alias(words: words, catalogWords: catalogWords)
        }
    }

    /// The query's words as slots, each alias phrase (longest first) becoming one slot.
    package static func slots(_ words: [String]) -> [Slot] {
        let singular = words.map(Words.singular)
        var slots: [Slot] = []
        var index = 0
        while index < words.count {
            let alias = byFirstWord[singular[index]]?.first { alias in
                index + alias.words.count <= words.count && Array(singular[index..<index + alias.words.count]) == alias.words
            }
            if let alias {
                slots.append(Slot(alternatives: [Array(words[index..<index + alias.words.count]), alias.catalogWords]))
                index += alias.words.count
            } else {
                slots.append(Slot(alternatives: [[words[index]]]))
                index += 1
            }
        }
        return slots
    }
}

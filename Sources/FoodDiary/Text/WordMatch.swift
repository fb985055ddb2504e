/// The one rule for finding things in a person's own short lists (saved foods, my foods, recipes):
/// every word typed begins a word of the text, with simple plurals folded, so "banan", "bananas"
/// and "banana" all find "Banana bread".
struct WordQuery: Sendable {
    let words: [String]

    /// `ignoring` drops words that frame a search rather than narrow it ("recipes with").
    init(_ query: String, ignoring: Set<String> = []) {
        words = Words.split(query).prefix(Words.maxTyped).filter { !ignoring.contains($0) }.map(Words.singular)
    }

    var isEmpty: Bool { words.isEmpty }

    func matches(_ text: String) -> Bool {
        let textWords = Words.split(text)
        return words.allSatisfy { word in
            textWords.contains { $0.hasPrefix(word) || Words.singular($0).hasPrefix(word) }
        }
    }
}

/// How text splits into the words searches compare.
package enum Words {
    /// More words than this in one search are ignored: nobody types them, and each costs a scan.
    static let maxTyped = 12

    /// Lower-cased runs of letters and digits: "Mac & Cheese, 2%" is ["mac", "cheese", "2"].
    package static func split(_ text: String) -> [String] {
        text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
    }

    /// Folds simple English plurals so "bananas" and "banana" compare equal.
    static func singular(_ word: String) -> String {
        if word.count > 4 && word.hasSuffix("ies") { return String(word.dropLast(3)) + "y" }
        if word.count > 4 && (word.hasSuffix("oes") || word.hasSuffix("ches") || word.hasSuffix("shes")) { return String(word.dropLast(2)) }
        if word.count > 3 && word.hasSuffix("s") && !word.hasSuffix("ss") { return String(word.dropLast()) }
        return word
    }
}

/// The one rule for finding things in a person's own short lists (saved foods, my foods, recipes):
/// every word typed begins a word of the text, with simple plurals folded, so "banan", "bananas"
/// and "banana" all find "Banana bread".
package struct WordQuery: Sendable {
    package let words: [String]

    /// `ignoring` drops words that frame a search rather than narrow it ("recipes with").
    package init(_ query: String, ignoring: Set<String> = []) {
        words = Words.split(query).prefix(Words.maxTyped).filter { !ignoring.contains($0) }.map(Words.singular)
    }

    package var isEmpty: Bool { words.isEmpty }

    package func matches(_ text: String) -> Bool {
        let textWords = Words.split(text)
        return words.allSatisfy { word in
            textWords.contains { $0.hasPrefix(word) || Words.singular($0).hasPrefix(word) }
        }
    }
}

/// How text splits into the words searches compare.
package enum Words {
    /// More words than this in one search are ignored: nobody types them, and each costs a scan.
    package static let maxTyped = 12

    /// Lower-cased runs of letters and digits: "Mac & Cheese, 2%" is ["mac", "cheese", "2"].
    package static func split(_ text: String) -> [String] { runs(text, keepingDigits: true) }

    /// Lower-cased runs of letters only: "1 fl oz" is ["fl", "oz"], "1oz" is ["oz"].
    package static func letterRuns(_ text: String) -> [String] { runs(text, keepingDigits: false) }

    private static func runs(_ text: String, keepingDigits: Bool) -> [String] {
        // Almost every name is ASCII, whose letters and digits are plain byte ranges. Asking each
        // character whether it is a letter looks up Unicode's tables: a search splits a hundred
        // names or more, and ＋ reads every portion of every result; that lookup was a tenth of a
        // search page's time.
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
            return text.lowercased().split(whereSeparator: { !($0.isLetter || keepingDigits && $0.isNumber) }).map(String.init)
        }
        var words: [String] = [], word: [UInt8] = []
        func endWord() {
            guard !word.isEmpty else { return }
            words.append(String(decoding: word, as: UTF8.self))
            word.removeAll(keepingCapacity: true)
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"): word.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): word.append(byte + 32)
            case UInt8(ascii: "0")...UInt8(ascii: "9") where keepingDigits: word.append(byte)
            default: endWord()
            }
        }
        endWord()
        return words
    }

    /// The text without what brackets add: "1 cup (8 fl oz)" is "1 cup ". A bracket left open
    /// stays, with what follows it. Read without a regular expression: Swift builds one anew each
    /// time its literal is evaluated, and the quick-log page read a portion list per result.
    package static func outsideBrackets(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "(")) else { return text }
        var kept = Substring(), rest = text[...]
        while let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") {
            kept += rest[..<open]
            rest = rest[rest.index(after: close)...]
        }
        return String(kept + rest)
    }

    /// Folds simple English plurals so "bananas" and "banana" compare equal.
    package static func singular(_ word: String) -> String {
        if word.count > 4 && word.hasSuffix("ies") { return String(word.dropLast(3)) + "y" }
        if word.count > 4 && (word.hasSuffix("oes") || word.hasSuffix("ches") || word.hasSuffix("shes")) { return String(word.dropLast(2)) }
        if word.count > 3 && word.hasSuffix("s") && !word.hasSuffix("ss") { return String(word.dropLast()) }
        return word
    }
}

import Foundation

/// What someone says they ate, split into the foods they name: "2 eggs, toast with butter and a
/// black coffee" is "2 eggs", then "toast" with "butter" and "a black coffee". Lines, commas,
/// semicolons and "plus" always part foods; "and", "with" and "&" may join a dish's name
/// ("mac and cheese"), which only the catalog can tell, so each part keeps its pieces apart.
package struct FoodSentence: Sendable, Equatable {
    /// A run of text between commas or lines: pieces that "and", "with" or "&" join.
    package struct Part: Sendable, Equatable {
        package var pieces: [String]
        /// The word between each two pieces, as written: `joiners[i]` comes after `pieces[i]`.
        package var joiners: [String]

        /// The part as one phrase, for a dish whose name has the joiners in it.
        package var whole: String {
            zip(pieces, joiners + [""]).map { $1.isEmpty ? $0 : "\($0) \($1)" }.joined(separator: " ")
        }
    }

    package let parts: [Part]

    /// The foods of a sentence, at most `limit` pieces in all: what is past it is not read.
    package init(_ text: String, limit: Int = 40) {
        var parts: [Part] = []
        var pieces = 0
        for chunk in Self.chunks(text) {
            guard pieces < limit else { break }
            var part = Self.part(chunk)
            let room = limit - pieces
            if part.pieces.count > room {
                part.pieces.removeLast(part.pieces.count - room)
                part.joiners.removeLast(part.joiners.count - (room - 1))
            }
            pieces += part.pieces.count
            parts.append(part)
        }
        self.parts = parts
    }

    /// Words that part foods outright, and those that may be inside a dish's name.
    private static let partingWords: Set<String> = ["plus", "then", "also"]
    private static let joiningWords: Set<String> = ["and", "with", "&", "w/"]
    /// A list's markers at the start of a line: "- 2 eggs", "• toast", "1. coffee" is not one.
    private static let listMarkers: Set<Character> = ["-", "•", "*", "·", "–", "—"]

    /// The text cut at lines, semicolons, a "+" and commas that are not inside a number ("1,5 kg")
    /// or brackets.
    private static func chunks(_ text: String) -> [String] {
        var chunks: [String] = []
        var current = ""
        var depth = 0
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            switch character {
            case "(", "[": depth += 1
            case ")", "]": depth = max(0, depth - 1)
            default: break
            }
            let previous = index > 0 ? characters[index - 1] : " "
            let next = index + 1 < characters.count ? characters[index + 1] : " "
            let parts =
                character.isNewline || character == ";" || character == "+"
                || (depth == 0 && character == "," && !(previous.isNumber && next.isNumber))
            if parts {
                chunks.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        chunks.append(current)
        return chunks.flatMap(splitAtPartingWords).compactMap { chunk in
            var text = chunk.trimmingCharacters(in: .whitespaces)
            while let first = text.first, listMarkers.contains(first) { text = text.dropFirst().trimmingCharacters(in: .whitespaces) }
            return text.isEmpty ? nil : text
        }
    }

    private static func splitAtPartingWords(_ chunk: String) -> [String] {
        var result: [[Substring]] = [[]]
        for word in chunk.split(whereSeparator: \.isWhitespace) {
            if partingWords.contains(word.lowercased()) { result.append([]) } else { result[result.count - 1].append(word) }
        }
        return result.map { $0.joined(separator: " ") }
    }

    /// A chunk cut at "and", "with" and "&" outside brackets, but not inside an amount ("1 and a
    /// half cups") nor at the start or end.
    private static func part(_ chunk: String) -> Part {
        let words = chunk.split(whereSeparator: \.isWhitespace).map(String.init)
        var pieces: [[String]] = [[]]
        var joiners: [String] = []
        var depth = 0
        for (index, word) in words.enumerated() {
            depth += word.filter { $0 == "(" || $0 == "[" }.count
            defer { depth = max(0, depth - word.filter { $0 == ")" || $0 == "]" }.count) }
            let isJoiner =
                depth == 0 && joiningWords.contains(word.lowercased()) && !pieces[pieces.count - 1].isEmpty && index + 1 < words.count
                && !(word.lowercased() == "and" && isAmount(pieces[pieces.count - 1].last)
                    && ["a", "an", "half", "1/2"].contains(words[index + 1].lowercased()))
            if isJoiner {
                joiners.append(word)
                pieces.append([])
            } else {
                pieces[pieces.count - 1].append(word)
            }
        }
        return Part(pieces: pieces.map { $0.joined(separator: " ") }, joiners: joiners)
    }

    private static func isAmount(_ word: String?) -> Bool {
        guard let word, let first = word.first else { return false }
        return first.isNumber || ["one", "two", "three", "four", "five"].contains(word.lowercased())
    }
}

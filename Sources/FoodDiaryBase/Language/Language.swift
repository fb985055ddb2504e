import Foundation

/// A language the pages can be read in: its tag, its own name for itself, its direction, and its
/// catalogue's messages, read once at start-up. English is the language the words are written in,
/// so it has no catalogue: a message's id is its English text.
public final class Language: Sendable, Hashable, CustomStringConvertible {
    /// The BCP 47 tag `<html lang>` carries: `de`, `es`, `en`.
    public let code: String
    /// As its speakers write it, for the choice on the settings page: Deutsch, Español.
    public let name: String
    public let isRightToLeft: Bool
    /// By id: the translation, one per plural form; by context, then id, for those with one.
    /// Two lookups of short keys, where one joined key would be built for every date's words.
    private let messages: [String: [Translation]]
    private let messagesInContext: [String: [String: [Translation]]]
    private let plurals: PluralRule
    /// Turns an English id into its translation when there is no catalogue: the pseudo-language's.
    private let transform: (@Sendable (String) -> String)?
    /// The scripts' words (context `script`) as a script that hands them to `t()` in app.js, and
    /// its version for the address; nil when there are none (English).
    public let scriptWords: (source: String, version: String)?

    public static let english = Language(code: "en", name: "English", plurals: .oneOther)
    /// Every letter accented, so a page the tests read in it shows any English word nobody
    /// translated; markup, `{{keys}}` and `{1}` placeholders stay as they are.
    public static let pseudo = Language(code: "en-XA", name: "Ƥšéüðö", plurals: .oneOther, transform: PseudoText.of)

    /// Tags written right to left (`dir="rtl"`).
    private static let rightToLeft: Set<String> = ["ar", "dv", "fa", "he", "ku", "ps", "sd", "ug", "ur", "yi"]

    private init(
        code: String, name: String, messages: [String: [Translation]] = [:], inContext: [String: [String: [Translation]]] = [:],
        plurals: PluralRule, transform: (@Sendable (String) -> String)? = nil
    ) {
        (self.code, self.name, self.messages, messagesInContext, self.plurals, self.transform) =
            (code, name, messages, inContext, plurals, transform)
        isRightToLeft = Self.rightToLeft.contains(code.split(separator: "-").first.map(String.init) ?? code)
        scriptWords = Self.scriptSource(inContext["script"] ?? [:])
    }

    /// `window.FoodDiaryWords = {…};`, its keys sorted so its version changes only with its words.
    private static func scriptSource(_ messages: [String: [Translation]]) -> (source: String, version: String)? {
        let words = messages.compactMapValues { $0.first?.text }
        guard !words.isEmpty, let json = try? JSONSerialization.data(withJSONObject: words, options: [.sortedKeys]) else { return nil }
        let source = "window.FoodDiaryWords = " + String(decoding: json, as: UTF8.self) + ";\n"
        return (source, String(SHA256Digest.hex(Data(source.utf8)).prefix(12)))
    }

    /// From a catalogue; its header names the language (`Language`), its own name for itself
    /// (`X-Language-Name`) and its plural forms. Untranslated and fuzzy entries are left out, so
    /// their English shows.
    public convenience init(catalogue: PortableObject) throws(PluralRule.Failure) {
        let code = catalogue.header["Language"].map { $0.replacingOccurrences(of: "_", with: "-") } ?? ""
        guard !code.isEmpty else { throw PluralRule.Failure(description: "the catalogue's header names no Language") }
        let plurals =
            try catalogue.header["Plural-Forms"].map { header throws(PluralRule.Failure) in try PluralRule(header: header) } ?? .oneOther
        var messages: [String: [Translation]] = [:], inContext: [String: [String: [Translation]]] = [:]
        for entry in catalogue.entries where entry.isTranslated && !entry.isFuzzy {
            let forms = entry.strings.map(Translation.init)
            if let context = entry.context { inContext[context, default: [:]][entry.id] = forms } else { messages[entry.id] = forms }
        }
        self.init(code: code, name: catalogue.header["X-Language-Name"] ?? code, messages: messages, inContext: inContext, plurals: plurals)
    }

    private func forms(_ id: String, _ context: String?) -> [Translation]? {
        guard let context else { return messages[id] }
        return messagesInContext[context]?[id]
    }

    /// The translation of `id`, nil where there is none (the English then shows).
    /// False for English, which shows its ids as they are; true for a catalogue's or the pseudo-language.
    public var hasMessages: Bool { transform != nil || !messages.isEmpty || !messagesInContext.isEmpty }

    public func translation(of id: String, context: String? = nil) -> String? {
        translated(id, context: context)?.text
    }

    /// The translation of `id` as read at start-up, ready to take its values; nil where there is none.
    func translated(_ id: String, context: String?) -> Translation? {
        if let transform { return Translation(transform(id)) }
        // English, the words' own language, has nothing to look up: no hashing on its pages.
        guard hasMessages else { return nil }
        return forms(id, context)?.first
    }

    /// A country's name (ISO 3166 `region`, "DE") as this language writes it, from the system's
    /// locale data; `english` where it has none, and for English, whose names are written as we
    /// want them ("United States", not "United States of America").
    public func regionName(_ region: String, english: String) -> String {
        if let transform { return transform(english) }
        guard !messages.isEmpty else { return english }
        return Self.regionNames.value("\(code)\u{4}\(region)") {
            Locale(identifier: code).localizedString(forRegionCode: region) ?? english
        }
    }

    private static let regionNames = ServerMemo<String, String>(most: 4_000)

    /// The form of `id`/`plural` that `count` takes.
    public func translation(of id: String, plural: String, count: Int, context: String? = nil) -> String {
        translated(id, plural: plural, count: count, context: context).text
    }

    func translated(_ id: String, plural: String, count: Int, context: String?) -> Translation {
        if let transform { return Translation(transform(count == 1 ? id : plural)) }
        guard hasMessages, let forms = forms(id, context) else { return Translation(count == 1 ? id : plural) }
        return forms[min(plurals.form(for: count), forms.count - 1)]
    }

    public var description: String { code }

    public static func == (lhs: Language, rhs: Language) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}

/// A translation read once, with where its values go (`{1}`, `{2}`), so a message is filled by
/// joining pieces, not by searching its text on every request.
struct Translation: Sendable {
    let text: String
    /// Empty when it takes no values.
    private let pieces: [Piece]

    private enum Piece: Sendable {
        case text(String)
        case value(Int)
    }

    init(_ text: String) {
        self.text = text
        var pieces: [Piece] = [], start = text.startIndex, search = text.startIndex
        while let open = text[search...].firstIndex(of: "{") {
            let afterOpen = text.index(after: open)
            if let close = text[afterOpen...].firstIndex(of: "}"), let number = Int(text[afterOpen..<close]), number > 0 {
                if start < open { pieces.append(.text(String(text[start..<open]))) }
                pieces.append(.value(number))
                start = text.index(after: close)
                search = start
            } else {
                search = afterOpen
            }
        }
        if !pieces.isEmpty, start < text.endIndex { pieces.append(.text(String(text[start...]))) }
        self.pieces = pieces
    }

    /// The text with each `{n}` replaced by the n-th of `values`; a number with no value stays as written.
    func filled(_ values: [String]) -> String {
        guard !pieces.isEmpty else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + values.reduce(0) { $0 + $1.utf8.count })
        for piece in pieces {
            switch piece {
            case .text(let words): result += words
            case .value(let number): result += values.indices.contains(number - 1) ? values[number - 1] : "{\(number)}"
            }
        }
        return result
    }
}

/// The pseudo-language's text: each ASCII letter swapped for an accented one.
enum PseudoText {
    private static let lower = Array("àƀçďéƒĝĥîĵķľɱñöþǫŕšţüṽŵẋýž")
    private static let upper = Array("ÀƁÇĎÉƑĜĤÎĴĶĽṀÑÖÞǪŔŠŢÜṼŴẊÝŽ")

    @Sendable static func of(_ text: String) -> String {
        var result = ""
        var closer: Character?
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            if let open = closer {
                result.append(character)
                if character == open { closer = nil }
                continue
            }
            switch character {
            case "<": closer = ">"
            case "{": closer = "}"
            // An entity (&amp;) stays as it is; a plain ampersand ("Export & import") is a word's neighbour.
            case "&" where isEntity(characters[(index + 1)...]): closer = ";"
            default: break
            }
            if closer != nil {
                result.append(character)
            } else if let ascii = character.asciiValue, character.isLetter {
                result.append(character.isUppercase ? upper[Int(ascii) - 65] : lower[Int(ascii) - 97])
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// `amp;`, `#8217;`: what follows an ampersand that begins an entity.
    private static func isEntity(_ rest: ArraySlice<Character>) -> Bool {
        guard let end = rest.prefix(10).firstIndex(of: ";"), end > rest.startIndex else { return false }
        return rest[rest.startIndex..<end].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "#") }
    }
}

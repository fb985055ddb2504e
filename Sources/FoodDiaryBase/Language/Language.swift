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
    /// By `Language.key(id, context)`: the translation, one string per plural form.
    private let messages: [String: [String]]
    private let plurals: PluralRule
    /// Turns an English id into its translation when there is no catalogue: the pseudo-language's.
    private let transform: (@Sendable (String) -> String)?
    /// The scripts' words (context `script`) as a script that hands them to `t()` in app.js, and
    /// its version for the address; nil when there are none (English).
    public let scriptWords: (source: String, version: String)?

    public static let english = Language(code: "en", name: "English", messages: [:], plurals: .oneOther)
    /// Every letter accented, so a page the tests read in it shows any English word nobody
    /// translated; markup, `{{keys}}` and `{1}` placeholders stay as they are.
    public static let pseudo = Language(code: "en-XA", name: "Ƥšéüðö", messages: [:], plurals: .oneOther, transform: PseudoText.of)

    /// Tags written right to left (`dir="rtl"`).
    private static let rightToLeft: Set<String> = ["ar", "dv", "fa", "he", "ku", "ps", "sd", "ug", "ur", "yi"]

    private init(
        code: String, name: String, messages: [String: [String]], plurals: PluralRule, transform: (@Sendable (String) -> String)? = nil
    ) {
        (self.code, self.name, self.messages, self.plurals, self.transform) = (code, name, messages, plurals, transform)
        isRightToLeft = Self.rightToLeft.contains(code.split(separator: "-").first.map(String.init) ?? code)
        scriptWords = Self.scriptSource(messages)
    }

    /// `window.FoodDiaryWords = {…};`, its keys sorted so its version changes only with its words.
    private static func scriptSource(_ messages: [String: [String]]) -> (source: String, version: String)? {
        let prefix = "script\u{4}"
        let words = messages.filter { $0.key.hasPrefix(prefix) }.reduce(into: [String: String]()) { words, message in
            words[String(message.key.dropFirst(prefix.count))] = message.value.first
        }
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
        var messages: [String: [String]] = [:]
        for entry in catalogue.entries where entry.isTranslated && !entry.isFuzzy {
            messages[Self.key(entry.id, entry.context)] = entry.strings
        }
        self.init(code: code, name: catalogue.header["X-Language-Name"] ?? code, messages: messages, plurals: plurals)
    }

    /// gettext's own key: the context and the id joined by an EOT.
    private static func key(_ id: String, _ context: String?) -> String {
        guard let context else { return id }
        return context + "\u{4}" + id
    }

    /// The translation of `id`, nil where there is none (the English then shows).
    /// False for English, which shows its ids as they are; true for a catalogue's or the pseudo-language.
    public var hasMessages: Bool { transform != nil || !messages.isEmpty }

    public func translation(of id: String, context: String? = nil) -> String? {
        if let transform { return transform(id) }
        // English, the words' own language, has nothing to look up: no hashing on its pages.
        guard !messages.isEmpty else { return nil }
        return messages[Self.key(id, context)]?.first
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
        if let transform { return transform(count == 1 ? id : plural) }
        guard !messages.isEmpty, let forms = messages[Self.key(id, context)] else { return count == 1 ? id : plural }
        return forms[min(plurals.form(for: count), forms.count - 1)]
    }

    public var description: String { code }

    public static func == (lhs: Language, rhs: Language) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
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

/// Words the app shows, written in English where they are made: `tr("Saved \(name).")` looks up
/// the id "Saved {1}." in the request's language and puts the name where its translation puts
/// `{1}`, so a translator may move it. `scripts/check-translations.py` finds every `tr(` to list
/// the ids the catalogues must hold.
public struct Message: ExpressibleByStringInterpolation, Sendable {
    /// "Saved {1}.": the English with a number where each value goes. Built only for a page in
    /// another language; a page in English (most of them) has only `english`.
    public let id: String
    public let arguments: [String]
    /// The English with its values in place, made while the id is not: a page in English shows it
    /// as it is, with nothing looked up or filled in.
    private let englishText: String?

    /// The English with its values in place.
    var english: String { englishText ?? Translation(id).filled(arguments) }

    public struct StringInterpolation: StringInterpolationProtocol {
        var id = ""
        var english = ""
        var arguments: [String] = []
        /// Whether the id is wanted (a page in another language), or the English (a page in English).
        let translating = RequestConventions.current.language.hasMessages

        public init(literalCapacity: Int, interpolationCount: Int) {
            if translating {
                id.reserveCapacity(literalCapacity + 3 * interpolationCount)
                arguments.reserveCapacity(interpolationCount)
            } else {
                english.reserveCapacity(literalCapacity + 8 * interpolationCount)
            }
        }

        public mutating func appendLiteral(_ literal: String) {
            if translating { id += literal } else { english += literal }
        }

        public mutating func appendInterpolation(_ value: String) { append(value) }

        public mutating func appendInterpolation(_ value: some CustomStringConvertible) { append(value.description) }

        public mutating func appendInterpolation(_ value: some Any) { append(String(describing: value)) }

        private mutating func append(_ value: String) {
            guard translating else {
                english += value
                return
            }
            arguments.append(value)
            id += "{\(arguments.count)}"
        }
    }

    public init(stringLiteral: String) {
        (id, arguments, englishText) = (stringLiteral, [], stringLiteral)
    }

    public init(stringInterpolation: StringInterpolation) {
        (id, arguments) = (stringInterpolation.id, stringInterpolation.arguments)
        englishText = stringInterpolation.translating ? nil : stringInterpolation.english
    }
}

/// `message` in the request's language. `context` tells apart one English word with two
/// meanings ("May" the month), as gettext's `msgctxt`.
public func tr(_ message: Message, context: String? = nil) -> String {
    guard let translated = RequestConventions.current.language.translated(message.id, context: context) else { return message.english }
    return translated.filled(message.arguments)
}

/// Words kept in data, written in English there (an activity's name in `Activities.tsv`, a
/// nutrient's), in the request's language: `scripts/check-translations.py` lists them from where
/// they are written (`marked(_:context:)`, the data files), not from here.
public func tr(known id: String, context: String) -> String {
    RequestConventions.current.language.translation(of: id, context: context) ?? id
}

/// English words the catalogues translate where `tr(known:context:)` shows them: a mark for the
/// check, the words unchanged.
public func marked(_ text: String, context: String) -> String { text }

/// The plural form `count` takes: `tr(one: "\(n) meal", other: "\(n) meals", count: n)`. Both
/// interpolate the same values in the same order.
public func tr(one: Message, other: Message, count: Int, context: String? = nil) -> String {
    let language = RequestConventions.current.language
    guard language.hasMessages else { return count == 1 ? one.english : other.english }
    return language.translated(one.id, plural: other.id, count: count, context: context).filled(other.arguments)
}

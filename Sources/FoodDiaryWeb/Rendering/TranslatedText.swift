import FoodDiaryBase

/// The words of a `{{#t}}…{{/t}}` section: the message id translators see (its text and keys, each
/// run of white space made one space) and what a language renders in its place. Only words and
/// keys may be inside; a translation must use the same keys, each escaped as the English does, or
/// the English is kept (a translation cannot print a value unescaped that the template escapes).
struct TranslatedText {
    static let key = TemplateKey("t")
    private let nodes: [TemplateNode]
    /// The message id.
    let id: String

    init(_ body: Template) {
        nodes = body.nodes
        id = Self.collapsingWhiteSpace(Self.source(of: body.nodes))
    }

    /// Why `body` cannot be translated, nil when it can.
    static func problem(in body: Template) -> String? {
        for node in body.nodes {
            switch node {
            case .text, .variable: continue
            default: return "{{#t}} may hold only words and {{keys}}: \(source(of: body.nodes).prefix(60))"
            }
        }
        return nil
    }

    func rendering(in language: Language) -> Template {
        guard let translated = language.translation(of: id), translated != id,
            let parsed = try? TemplateParser.parse(translated), Self.problem(in: parsed) == nil,
            Self.keys(in: parsed.nodes) == Self.keys(in: nodes)
        else { return Template(nodes: nodes) }
        let source = Self.source(of: nodes)
        let leading = String(source.prefix(while: \.isWhitespace))
        let trailing = String(source.reversed().prefix(while: \.isWhitespace).reversed())
        return Template(nodes: (leading.isEmpty ? [] : [.text(leading)]) + parsed.nodes + (trailing.isEmpty ? [] : [.text(trailing)]))
    }

    private static func source(of nodes: [TemplateNode]) -> String {
        nodes.map { node in
            switch node {
            case .text(let text): text
            case .variable(let key, let escaped): escaped ? "{{\(key.name)}}" : "{{{\(key.name)}}}"
            default: ""
            }
        }.joined()
    }

    private static func keys(in nodes: [TemplateNode]) -> [String] {
        nodes.compactMap { node in
            if case .variable(let key, let escaped) = node { return (escaped ? "" : "&") + key.name }
            return nil
        }.sorted()
    }

    static func collapsingWhiteSpace(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

extension TemplateKey {
    /// As written in the tag.
    var name: String { path.isEmpty ? "." : path.joined(separator: ".") }
}

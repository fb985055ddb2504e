import FoodDiaryBase

/// The parsed templates flattened for rendering in one language: text as ranges of one byte array,
/// keys, bodies, blocks and partials as indices. An instruction is then a few integers, and walking
/// a page copies nothing reference-counted (copying the parsed nodes' strings and arrays, retain
/// and release each time, was a third of rendering a list page). Each `{{#t}}…{{/t}}` is replaced
/// here by its translation, so a page in German costs what it costs in English.
package struct CompiledTemplates: Sendable {
    enum Instruction: Sendable {
        case text(start: Int, count: Int)
        case variable(key: Int, escaped: Bool)
        case section(key: Int, body: Int, inverted: Bool)
        /// `indentation` and `overrides` are -1 when there are none.
        case partial(body: Int, indentation: Int, overrides: Int)
        case block(name: Int, body: Int, indentation: Int)
    }

    private(set) var bytes: [UInt8] = []
    private(set) var keys: [TemplateKey] = []
    private(set) var bodies: [[Instruction]] = []
    private(set) var indentations: [String] = []
    /// Block name → body, for each `{{<layout}}` with its overrides.
    private(set) var overrideSets: [[Int: Int]] = []
    /// Each template's body, by name.
    private(set) var entries: [String: Int] = [:]
    private var blockNames: [String: Int] = [:]
    private let language: Language

    /// Every partial must name a template, and every `{{#t}}` hold only text and keys;
    /// `TemplateLibrary` checks both first.
    init(_ templates: [String: Template], in language: Language) {
        self.language = language
        // Each template's body number is fixed before any is compiled, so partials can point ahead.
        for name in templates.keys.sorted() {
            entries[name] = bodies.count
            bodies.append([])
        }
        for (name, template) in templates {
            bodies[entries[name]!] = compile(template)
        }
    }

    private mutating func compile(_ template: Template) -> [Instruction] {
        var instructions: [Instruction] = []
        for node in template.nodes {
            switch node {
            case .text(let text):
                let start = bytes.count
                bytes.append(contentsOf: text.utf8)
                instructions.append(.text(start: start, count: bytes.count - start))
            case .variable(let key, let escaped):
                instructions.append(.variable(key: intern(key), escaped: escaped))
            case .section(let key, let inner, false) where key == TranslatedText.key:
                instructions += compile(TranslatedText(inner).rendering(in: language))
            case .section(let key, let inner, let inverted):
                instructions.append(.section(key: intern(key), body: add(inner), inverted: inverted))
            case .partial(let name, let indentation, let overrides):
                var overrideSet = -1
                if let overrides {
                    overrideSet = overrideSets.count
                    overrideSets.append([:])
                    for (block, body) in overrides { overrideSets[overrideSet][blockID(block)] = add(body) }
                }
                instructions.append(
                    .partial(body: entries[name] ?? -1, indentation: self.indentation(indentation), overrides: overrideSet))
            case .block(let name, let fallback, let indentation):
                instructions.append(.block(name: blockID(name), body: add(fallback), indentation: self.indentation(indentation)))
            case .blockOverride:
                break
            }
        }
        return instructions
    }

    private mutating func add(_ template: Template) -> Int {
        let compiled = compile(template)
        bodies.append(compiled)
        return bodies.count - 1
    }

    private mutating func intern(_ key: TemplateKey) -> Int {
        keys.append(key)
        return keys.count - 1
    }

    private mutating func indentation(_ text: String?) -> Int {
        guard let text, !text.isEmpty else { return -1 }
        indentations.append(text)
        return indentations.count - 1
    }

    private mutating func blockID(_ name: String) -> Int {
        if let id = blockNames[name] { return id }
        blockNames[name] = blockNames.count
        return blockNames.count - 1
    }
}

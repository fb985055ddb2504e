import FoodDiaryBase
import Foundation
import NIOCore

/// Every template under a directory, parsed once at start-up and named by its path without
/// `.mustache` (`meals/list`, `partials/meal_row`), and compiled once for each language.
package struct TemplateLibrary: Sendable {
    package struct LoadFailure: Error, CustomStringConvertible {
        package let description: String
    }

    package let templates: [String: Template]
    /// By language tag; English's is always there.
    let compiled: [String: CompiledTemplates]

    /// Read and compiled once per process while the files and the catalogues are unchanged (`FolderMemo`).
    package init(directory: String, languages: Languages = Languages([])) throws {
        guard let source = languages.source else {
            try self.init(reading: directory, languages: languages)
            return
        }
        self = try FolderMemo.value(folder: directory, suffix: ".mustache", variant: source) { _ in
            try Self(reading: directory, languages: languages)
        }
    }

    private init(reading directory: String, languages: Languages) throws {
        let root = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
        guard let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            throw LoadFailure(description: "Cannot read the templates in \(directory)")
        }
        var templates: [String: Template] = [:]
        for case let file as URL in files where file.pathExtension == "mustache" {
            let name = String(file.standardizedFileURL.path.dropFirst(root.path.count + 1).dropLast(".mustache".count))
            do {
                templates[name] = try TemplateParser.parse(String(contentsOf: file, encoding: .utf8))
            } catch {
                throw LoadFailure(description: "Template \(name): \(error)")
            }
        }
        try self.init(templates: templates, languages: languages)
    }

    package init(templates: [String: Template], languages: Languages = Languages([])) throws {
        // A partial that names no template would render nothing; better to refuse to start.
        for (name, template) in templates {
            for partial in Self.partialNames(in: template) where templates[partial] == nil {
                throw LoadFailure(description: "Template \(name) includes \(partial), which does not exist")
            }
        }
        for (name, template) in templates {
            if let problem = Self.untranslatable(in: template) { throw LoadFailure(description: "Template \(name): \(problem)") }
        }
        self.templates = templates
        compiled = Dictionary(uniqueKeysWithValues: languages.all.map { ($0.code, CompiledTemplates(templates, in: $0)) })
    }

    /// `view` through the template `name`, or nil when there is no such template. `frame` answers
    /// the keys every page shares (the status strip) beneath the view's own.
    package func render(_ view: some TemplateKeyed, template name: String, frame: (any TemplateKeyed)? = nil) -> ByteBuffer? {
        guard let compiled = compiled[RequestConventions.current.language.code] ?? compiled[Language.english.code],
            let body = compiled.entries[name]
        else { return nil }
        var rendering = TemplateRendering(templates: compiled, stack: [frame.map { .object($0) } ?? .absent, .object(view)])
        rendering.render(body: body, in: .page)
        return rendering.output
    }

    /// The first `{{#t}}` that holds more than words and keys, or a `{{^t}}`.
    private static func untranslatable(in template: Template) -> String? {
        for node in template.nodes {
            switch node {
            case .section(let key, let inner, let inverted) where key == TranslatedText.key:
                if inverted { return "{{^t}} means nothing" }
                if let problem = TranslatedText.problem(in: inner) { return problem }
            case .section(_, let inner, _), .block(_, let inner, _), .blockOverride(_, let inner):
                if let problem = untranslatable(in: inner) { return problem }
            case .partial(_, _, let overrides):
                for body in (overrides ?? [:]).values { if let problem = untranslatable(in: body) { return problem } }
            case .text, .variable: continue
            }
        }
        return nil
    }

    private static func partialNames(in template: Template) -> [String] {
        template.nodes.flatMap { node -> [String] in
            switch node {
            case .partial(let name, _, let overrides): [name] + (overrides ?? [:]).values.flatMap(partialNames)
            case .section(_, let inner, _), .block(_, let inner, _), .blockOverride(_, let inner): partialNames(in: inner)
            case .text, .variable: []
            }
        }
    }
}

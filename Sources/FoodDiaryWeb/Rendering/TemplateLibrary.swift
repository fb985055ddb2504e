import Foundation
import NIOCore

/// Every template under a directory, parsed once at start-up and named by its path without
/// `.mustache` (`meals/list`, `partials/meal_row`).
package struct TemplateLibrary: Sendable {
    package struct LoadFailure: Error, CustomStringConvertible {
        package let description: String
    }

    package let templates: [String: Template]
    let compiled: CompiledTemplates

    package init(directory: String) throws {
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
        try self.init(templates: templates)
    }

    package init(templates: [String: Template]) throws {
        // A partial that names no template would render nothing; better to refuse to start.
        for (name, template) in templates {
            for partial in Self.partialNames(in: template) where templates[partial] == nil {
                throw LoadFailure(description: "Template \(name) includes \(partial), which does not exist")
            }
        }
        self.templates = templates
        compiled = CompiledTemplates(templates)
    }

    /// `view` through the template `name`, or nil when there is no such template. `frame` answers
    /// the keys every page shares (the status strip) beneath the view's own.
    package func render(_ view: some TemplateKeyed, template name: String, frame: (any TemplateKeyed)? = nil) -> ByteBuffer? {
        guard let body = compiled.entries[name] else { return nil }
        var rendering = TemplateRendering(templates: compiled, stack: [frame.map { .object($0) } ?? .absent, .object(view)])
        rendering.render(body: body, in: .page)
        return rendering.output
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

/// A template parsed once at start-up; `TemplateRenderer` walks its nodes for every page.
package struct Template: Sendable {
    package let nodes: [TemplateNode]
}

/// The key of a `{{tag}}`: `.` is the current value, `a.b` walks into `a`.
package struct TemplateKey: Sendable, Equatable {
    /// Empty for `.`.
    package let path: [String]

    init(_ name: String) {
        path = name == "." ? [] : name.split(separator: ".").map(String.init)
    }
}

package enum TemplateNode: Sendable {
    case text(String)
    case variable(TemplateKey, escaped: Bool)
    case section(TemplateKey, Template, inverted: Bool)
    /// `{{> name}}`, or `{{< name}}…{{/name}}` with the blocks it overrides. The indentation is
    /// the whitespace before a partial alone on its line, repeated before each line it renders.
    case partial(String, indentation: String?, overrides: [String: Template]?)
    /// `{{$name}}default{{/name}}` in a layout.
    case block(String, default: Template, indentation: String?)
    /// `{{$name}}…{{/name}}` inside `{{< layout}}`; only the parser sees these.
    case blockOverride(String, Template)
}

/// What a `{{key}}` resolves to while a page renders. Mustache's truth rules apply: nothing,
/// `false` and an empty list render an inverted section; anything else, even an empty text,
/// renders a section.
package enum TemplateValue {
    case absent
    case text(String)
    case flag(Bool)
    case object(any TemplateKeyed)
    case list(any TemplateList)
}

/// A value a template can show. The conformances below are the only kinds a view model may hold,
/// so a property the templates could not render is a compile error, not a blank on the page.
package protocol TemplateValueConvertible {
    var templateValue: TemplateValue { get }
}

/// A view model: answers each of its keys by name, without reflection.
/// `scripts/generate-template-keys.py` writes the conformances from the stored properties.
package protocol TemplateKeyed: TemplateValueConvertible {
    func value(forKey key: String) -> TemplateValue
}

extension TemplateKeyed {
    package var templateValue: TemplateValue { .object(self) }
}

/// A view model whose type the page around it does not know: the layout's status strip, which
/// the web plumbing renders for a feature it has never heard of.
package struct AnyTemplateKeyed: TemplateKeyed, Sendable {
    let base: any TemplateKeyed & Sendable

    package init(_ base: any TemplateKeyed & Sendable) { self.base = base }

    package func value(forKey key: String) -> TemplateValue { base.value(forKey: key) }
}

/// A section's list, walked without copying its elements into existentials first.
package protocol TemplateList {
    var isEmpty: Bool { get }
    func forEachValue(_ body: (TemplateValue) -> Void)
}

extension Array: TemplateList where Element: TemplateValueConvertible {
    package func forEachValue(_ body: (TemplateValue) -> Void) {
        for element in self { body(element.templateValue) }
    }
}

extension Array: TemplateValueConvertible where Element: TemplateValueConvertible {
    package var templateValue: TemplateValue { .list(self) }
}

// No key path here (`map(\.templateValue)`): called from another module, unspecialized, a key
// path over a generic type is built at run time on every call, demangling type names, and that
// made the meal list 40 % slower once the renderer became a module of its own.
extension Optional: TemplateValueConvertible where Wrapped: TemplateValueConvertible {
    package var templateValue: TemplateValue {
        switch self {
        case .some(let value): value.templateValue
        case .none: .absent
        }
    }
}

extension String: TemplateValueConvertible {
    package var templateValue: TemplateValue { .text(self) }
}

extension Bool: TemplateValueConvertible {
    package var templateValue: TemplateValue { .flag(self) }
}

extension Int: TemplateValueConvertible {
    package var templateValue: TemplateValue { .text(String(self)) }
}

extension Int64: TemplateValueConvertible {
    package var templateValue: TemplateValue { .text(String(self)) }
}

extension Double: TemplateValueConvertible {
    package var templateValue: TemplateValue { .text(String(describing: self)) }
}

import FoodDiaryBase
import Foundation
import Mustache
@testable import FoodDiary
import FoodDiaryWeb

/// swift-mustache, the renderer the templates were written for, fed the same view models as the
/// app's own renderer: every page a test renders must come out byte for byte the same.
enum ReferenceRenderer {
    static let library: MustacheLibrary = {
        let root = TestEnvironment.packageRoot.appendingPathComponent("Templates")
        var templates: [String: MustacheTemplate] = [:]
        for case let file as String in FileManager.default.enumerator(atPath: root.path)! where file.hasSuffix(".mustache") {
            let text = try! String(contentsOfFile: root.appendingPathComponent(file).path, encoding: .utf8)
            templates[String(file.dropLast(".mustache".count))] = try! MustacheTemplate(string: text)
        }
        return MustacheLibrary(templates: templates)
    }()

    /// A complaint naming the first difference, or nil when both renderers agree. Only English is
    /// compared: swift-mustache has no translations, and renders `{{#t}}` as the English it holds.
    @Sendable static func compare(_ page: RenderedPage) -> String? {
        guard RequestConventions.current.language == .english else { return nil }
        let expected = library.render(Framed(view: page.view, frame: page.frame), withTemplate: page.template) ?? ""
        guard expected != page.html else { return nil }
        let common = zip(expected, page.html).prefix { $0 == $1 }.count
        let context = { (text: String) in String(text.dropFirst(max(0, common - 80)).prefix(160)) }
        return "\(page.template) renders differently from swift-mustache at character \(common):\n"
            + "expected …\(context(expected))…\nrendered …\(context(page.html))…"
    }

    /// The view model over the page frame, as the app's renderer stacks them.
    private struct Framed: MustacheParent {
        let view: any TemplateKeyed
        let frame: PageFrame
        func child(named name: String) -> Any? {
            if name == "t" { return true }
            return Keyed(value: view).child(named: name) ?? Keyed(value: frame).child(named: name)
        }
    }

    private struct Keyed: MustacheParent {
        let value: any TemplateKeyed
        func child(named name: String) -> Any? { ReferenceRenderer.mustacheValue(value.value(forKey: name)) }
    }

    static func mustacheValue(_ value: TemplateValue) -> Any? {
        switch value {
        case .absent: nil
        case .text(let text): text
        case .flag(let flag): flag
        case .object(let object): Keyed(value: object)
        case .list(let list):
            {
                var elements: [Any] = []
                list.forEachValue { if let element = mustacheValue($0) { elements.append(element) } }
                return elements
            }()
        }
    }
}

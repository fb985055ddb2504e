import CHTMLShim
import Foundation

/// What a web page says about itself for machines, read with libxml2's HTML parser: its JSON-LD
/// blocks (schema.org data such as a recipe), a recipe in microdata, its title and its Open Graph image.
package struct WebPage: Sendable {
    /// The text of each `<script type="application/ld+json">`, in page order.
    package let jsonLD: [String]
    /// The first schema.org `Recipe` in microdata, each `itemprop` and its value in page order.
    package let recipeMicrodata: [(property: String, value: String)]
    package let title: String?
    package let image: String?

    /// A page has a handful of JSON-LD blocks; one with thousands is not a page to read.
    package static let maxJSONLDBlocks = 64

    /// Nil when the bytes are not a document at all.
    package init?(html: Data) {
        var facts = fd_html_facts()
        html.withUnsafeBytes { bytes in
            fd_html_read(bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count, Self.maxJSONLDBlocks, &facts)
        }
        defer { fd_html_facts_free(&facts) }
        guard facts.parsed != 0 else { return nil }
        recipeMicrodata = (0..<facts.microdata_count).compactMap { index in
            facts.microdata[index].flatMap { entry in
                let text = String(cString: entry)
                guard let tab = text.firstIndex(of: "\t") else { return nil }
                return (String(text[..<tab]), String(text[text.index(after: tab)...]))
            }
        }
        jsonLD = (0..<facts.script_count).compactMap { index in facts.scripts[index].map { String(cString: $0) } }
        title = facts.title.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
        image = facts.image.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
    }
}

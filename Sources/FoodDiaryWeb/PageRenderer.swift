import FoodDiaryBase
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// A page template by its path under the templates folder, without ".mustache". The web floor
/// names its own (the error page); the features list theirs, and the app hands both to the
/// renderer, which refuses to start without any of them.
package protocol PageTemplateName: Sendable {
    var templatePath: String { get }
}

extension PageTemplateName where Self: RawRepresentable, RawValue == String {
    package var templatePath: String { rawValue }
}

/// The pages the web floor renders itself.
package enum WebPageTemplate: String, CaseIterable, PageTemplateName {
    case error
}

/// A page as it left the renderer, for `AppConfig.renderedPageCheck`.
public struct RenderedPage: Sendable {
    package let template: String
    package let view: any TemplateKeyed & Sendable
    package let frame: PageFrame
    public let html: String
}

/// Renders typed view models through the Mustache templates parsed once at start-up.
public struct PageRenderer: Sendable {
    let library: TemplateLibrary
    /// Today's totals for the strip every page shows under its top bar; nil leaves it out.
    package var statusStrip: (@Sendable (any Requester) async -> AnyTemplateKeyed?)?
    /// Looks at every page rendered; a complaint turns the response into a 500 that carries it.
    package var check: (@Sendable (RenderedPage) -> String?)?

    package struct MissingTemplates: Error, CustomStringConvertible {
        let names: [String]
        let directory: String
        package var description: String { "Templates missing from \(directory): \(names.joined(separator: ", "))" }
    }

    /// `pages`: every page template the floors above render; `languages`: those it is compiled in.
    package init(directory: String, pages: [any PageTemplateName], languages: Languages = Languages([])) throws {
        library = try TemplateLibrary(directory: directory, languages: languages)
        let required = (pages + WebPageTemplate.allCases).map(\.templatePath) + ["layout", "partials/status_strip"]
        let missing = required.filter { library.templates[$0] == nil }
        guard missing.isEmpty else { throw MissingTemplates(names: missing, directory: directory) }
    }

    /// The page for the person `context` is signed in as, or for nobody.
    package func renderPage(
        _ template: some PageTemplateName, _ view: some TemplateKeyed & Sendable, for context: AppRequestContext,
        status: HTTPResponse.Status = .ok
    ) async -> Response {
        let person = context.requester
        var strip: AnyTemplateKeyed?
        if let person, let statusStrip { strip = await statusStrip(person) }
        let frame = PageFrame(
            statusStrip: strip, signedIn: person != nil, diaryName: person?.diaryName, colorScheme: context.colorScheme?.rawValue)
        // Presence was checked at start-up, so a nil here cannot happen.
        let html = library.render(view, template: template.templatePath, frame: frame) ?? ByteBuffer()
        if let check,
            let complaint = check(RenderedPage(template: template.templatePath, view: view, frame: frame, html: String(buffer: html)))
        {
            return Response(status: .internalServerError, body: .init(byteBuffer: ByteBuffer(string: complaint)))
        }
        return Response(status: status, headers: Self.pageHeaders, body: .init(byteBuffer: html))
    }

    /// Pages load only our own scripts and styles, may not be framed (no clickjacking of the forms),
    /// and post only to this site. OpenStreetMap is allowed for the map and its probe tile; blob:
    /// for the preview of a photo before upload. Inline styles carry the goal bars' widths.
    static let pageHeaders: HTTPFields = [
        .contentType: "text/html; charset=utf-8",
        .cacheControl: "no-store",
        .contentSecurityPolicy: [
            "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'",
            "img-src 'self' blob: https://tile.openstreetmap.org", "frame-src https://www.openstreetmap.org",
            "form-action 'self'", "frame-ancestors 'none'", "base-uri 'none'", "object-src 'none'"
        ].joined(separator: "; "),
        HTTPField.Name("X-Content-Type-Options")!: "nosniff",
        HTTPField.Name("X-Frame-Options")!: "DENY",
        HTTPField.Name("Referrer-Policy")!: "same-origin"
    ]
}

/// Encodes a value as the JSON body of a response.
package func jsonResponse(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = try encoder.encode(value)
    return Response(status: status, headers: jsonHeaders, body: .init(byteBuffer: ByteBuffer(bytes: data)))
}

package let jsonHeaders: HTTPFields = [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"]

/// A 303 to `location`: after a successful POST the browser loads the result with GET.
package func redirect(to location: String) -> Response {
    Response(status: .seeOther, headers: [.location: location])
}

import Foundation
import HTTPTypes
import Hummingbird
import Mustache

/// Every page template the app renders; start-up fails if one is missing.
enum PageTemplate: String, CaseIterable, Sendable {
    case mealList = "meals/list"
    case mealDetail = "meals/detail"
    case mealForm = "meals/form"
    case mealDelete = "meals/delete"
    case foodSearch = "foods/search"
    case foodDetail = "foods/detail"
    case addFood = "entries/add"
    case chooseAmount = "entries/amount"
    case handTypedFood = "entries/typed"
    case entryDetail = "entries/detail"
    case savedFoods = "saved/list"
    case placeList = "places/list"
    case placeDetail = "places/detail"
    case tagList = "tags/list"
    case tagDetail = "tags/detail"
    case day = "days/day"
    case goals = "days/goals"
    case trends = "days/trends"
    case favourites = "days/favourites"
    case logAgain = "meals/log_again"
    case quickAdd = "entries/quick"
    case myFoods = "my_foods/list"
    case myFoodForm = "my_foods/form"
    case recipes = "recipes/list"
    case recipeForm = "recipes/form"
    case recipeDetail = "recipes/detail"
    case recipeIngredientSearch = "recipes/ingredient_search"
    case error = "error"
}

/// Renders typed view models through the Mustache templates loaded once at start-up.
public struct PageRenderer: Sendable {
    let library: MustacheLibrary
    /// Today's totals for the strip every page shows under its top bar; nil leaves it out.
    var statusStrip: (@Sendable () async -> StatusStripView?)?
    static let stripMarker = "<!--status-strip-->"

    struct MissingTemplates: Error, CustomStringConvertible {
        let names: [String]
        let directory: String
        var description: String { "Templates missing from \(directory): \(names.joined(separator: ", "))" }
    }

    init(directory: String) async throws {
        library = try await MustacheLibrary(directory: directory)
        let required = PageTemplate.allCases.map(\.rawValue) + ["layout", "partials/status_strip"]
        let missing = required.filter { library.getTemplate(named: $0) == nil }
        guard missing.isEmpty else { throw MissingTemplates(names: missing, directory: directory) }
    }

    func render(_ template: PageTemplate, _ view: some Sendable, status: HTTPResponse.Status = .ok) async -> Response {
        #if DEBUG
        // Debug builds (the tests and browser journeys) refuse a view model Mustache would have to
        // reflect on: run scripts/generate-template-keys.py after adding one.
        if let reflected = Self.typeNeedingReflection(in: view) {
            return Response(status: .internalServerError, body: .init(byteBuffer: ByteBuffer(string: "\(reflected) is not a MustacheParent")))
        }
        #endif
        // Presence was checked at start-up, so a nil here cannot happen.
        var html = library.render(view, withTemplate: template.rawValue) ?? ""
        // The strip is rendered by Mustache too, so it is escaped like the rest of the page.
        let strip = await statusStrip?().flatMap { library.render($0, withTemplate: "partials/status_strip") } ?? ""
        // A native search over the bytes: Foundation's replacingOccurrences bridges to NSString
        // and cost a fifth of the list page.
        if let marker = html.utf8.firstRange(of: Self.stripMarker.utf8) {
            html.replaceSubrange(marker, with: strip)
        }
        return Response(status: status, headers: Self.pageHeaders, body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    #if DEBUG
    /// The first struct or class in `value`'s tree that answers no keys itself, so Mustache would
    /// read it with Mirror; nil when there is none.
    static func typeNeedingReflection(in value: Any) -> String? {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional, .collection, .set, .dictionary, .tuple:
            return mirror.children.lazy.compactMap { typeNeedingReflection(in: $0.value) }.first
        case .struct, .class:
            if value is String || value is Substring || value is any Numeric || value is Date { return nil }
            guard value is MustacheParent else { return String(reflecting: type(of: value)) }
            return mirror.children.lazy.compactMap { typeNeedingReflection(in: $0.value) }.first
        default:
            return nil
        }
    }
    #endif

    /// Pages load only our own scripts and styles, may not be framed (no clickjacking of the forms),
    /// and post only to this site. OpenStreetMap is allowed for the map and its probe tile; blob:
    /// for the preview of a photo before upload. Inline styles carry the goal bars' widths.
    static let pageHeaders: HTTPFields = [
        .contentType: "text/html; charset=utf-8",
        .cacheControl: "no-store",
        .contentSecurityPolicy: [
            "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'",
            "img-src 'self' blob: https://tile.openstreetmap.org", "frame-src https://www.openstreetmap.org",
            "form-action 'self'", "frame-ancestors 'none'", "base-uri 'none'", "object-src 'none'",
        ].joined(separator: "; "),
        HTTPField.Name("X-Content-Type-Options")!: "nosniff",
        HTTPField.Name("X-Frame-Options")!: "DENY",
        HTTPField.Name("Referrer-Policy")!: "same-origin",
    ]
}

/// Encodes a value as the JSON body of a response.
func jsonResponse(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = try encoder.encode(value)
    return Response(
        status: status,
        headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
        body: .init(byteBuffer: ByteBuffer(bytes: data)))
}

/// A 303 to `location`: after a successful POST the browser loads the result with GET.
func redirect(to location: String) -> Response {
    Response(status: .seeOther, headers: [.location: location])
}

import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Every page template the app renders; start-up fails if one is missing.
package enum PageTemplate: String, CaseIterable, Sendable {
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
    case shareMeal = "meals/share"
    case quickAdd = "entries/quick"
    case myFoods = "my_foods/list"
    case myFoodForm = "my_foods/form"
    case recipes = "recipes/list"
    case recipeForm = "recipes/form"
    case recipeDetail = "recipes/detail"
    case recipeIngredientSearch = "recipes/ingredient_search"
    case signIn = "accounts/signin"
    case setup = "accounts/setup"
    case invite = "accounts/invite"
    case account = "accounts/account"
    case people = "accounts/people"
    case removePerson = "accounts/remove_person"
    case diaries = "diaries/list"
    case deleteDiary = "diaries/delete"
    case backups = "backups/list"
    case portability = "portability/page"
    case importPreview = "portability/preview"
    case onlineFoods = "foods/online"
    case foodDataCentralSettings = "settings/food_data_central"
    case modelSettings = "settings/model"
    case snap = "meals/snap"
    case toItemise = "meals/to_itemise"
    case error = "error"
    case more = "more/more"
    case settings = "settings/settings"
    case log = "log/log"
    case textLog = "log/text"
    case recipeImport = "recipes/import"
    case recipeImportPreview = "recipes/import_preview"
    case body = "body/body"
    case measure = "body/measure"
    case bodySettings = "settings/body"
    case energy = "body/energy"
    case nutrients = "days/nutrients"
    case nutrientSettings = "settings/nutrients"
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

    package init(directory: String) throws {
        library = try TemplateLibrary(directory: directory)
        let required = PageTemplate.allCases.map(\.rawValue) + ["layout", "partials/status_strip"]
        let missing = required.filter { library.templates[$0] == nil }
        guard missing.isEmpty else { throw MissingTemplates(names: missing, directory: directory) }
    }

    /// The page for the person `context` is signed in as, or for nobody.
    package func render(_ template: PageTemplate, _ view: some TemplateKeyed & Sendable, for context: AppRequestContext,
                status: HTTPResponse.Status = .ok) async -> Response {
        let person = context.requester
        var strip: AnyTemplateKeyed?
        if let person, let statusStrip { strip = await statusStrip(person) }
        let frame = PageFrame(statusStrip: strip, signedIn: person != nil, diaryName: person?.diaryName, colorScheme: context.colorScheme?.rawValue)
        // Presence was checked at start-up, so a nil here cannot happen.
        let html = library.render(view, template: template.rawValue, frame: frame) ?? ByteBuffer()
        if let check, let complaint = check(RenderedPage(template: template.rawValue, view: view, frame: frame, html: String(buffer: html))) {
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
            "form-action 'self'", "frame-ancestors 'none'", "base-uri 'none'", "object-src 'none'",
        ].joined(separator: "; "),
        HTTPField.Name("X-Content-Type-Options")!: "nosniff",
        HTTPField.Name("X-Frame-Options")!: "DENY",
        HTTPField.Name("Referrer-Policy")!: "same-origin",
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

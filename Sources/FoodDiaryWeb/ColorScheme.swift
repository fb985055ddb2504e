import Foundation
import Hummingbird

/// Light or dark chosen by hand on one browser, against what its device prefers. Kept in a cookie:
/// a phone in the kitchen and a laptop at night may want different ones.
package enum ColorScheme: String, CaseIterable, Sendable {
    case light, dark

    package static let cookieName = "fooddiary_theme"

    /// The browser's choice; nil to follow the device.
    package static func chosen(_ request: Request) -> ColorScheme? {
        request.cookies[cookieName].flatMap { ColorScheme(rawValue: $0.value) }
    }
}

/// Hands the browser's chosen scheme to the page frame.
struct ColorSchemeMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        context.colorScheme = ColorScheme.chosen(request)
        return try await next(request, context)
    }
}

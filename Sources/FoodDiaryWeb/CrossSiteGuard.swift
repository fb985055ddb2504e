import Hummingbird
import HTTPTypes

/// Refuses a state-changing request another site made the browser send, before its body is read.
///
/// Browsers say where a request came from: `Sec-Fetch-Site` (anything but same-origin, or none for
/// one the person typed, is another site, a sibling port on localhost included), or failing that
/// `Origin`, which must name the host the request was sent to. Scripts like curl send neither and
/// still need the CSRF token.
package struct CrossSiteGuard: RouterMiddleware {
    package typealias Context = AppRequestContext
    static let fetchSite = HTTPField.Name("Sec-Fetch-Site")!

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method.isSafe || Self.isSameOrigin(request) else { throw CSRFRejection() }
        return try await next(request, context)
    }

    static func isSameOrigin(_ request: Request) -> Bool {
        if let site = request.headers[fetchSite]?.lowercased() {
            return site == "same-origin" || site == "none"
        }
        guard let origin = request.headers[.origin] else { return true }
        guard let host = request.head.authority,
            let originHost = origin.split(separator: "://", maxSplits: 1).last.map(String.init)
        else { return false }
        return originHost.lowercased() == host.lowercased()
    }
}

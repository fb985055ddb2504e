import Foundation
import Hummingbird
import HTTPTypes

/// CSRF protection. A signed-in browser's token is derived from its session; before sign-in a
/// token only this server can make sits in an HttpOnly cookie and is echoed in every form (double
/// submit). Another site can make the browser send its cookies but cannot read them, so it cannot
/// put the matching value in the form. Unsafe methods without a match get 403 before any handler runs.
package struct CSRFMiddleware: RouterMiddleware {
    package typealias Context = AppRequestContext
    let tokens: CSRFTokens
    /// Marks the cookie Secure as the session cookie is, so it never travels over plain HTTP.
    let isHTTPS: @Sendable (Request, AppRequestContext) -> Bool

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard case .token(let expected) = tokens.expectation(request, requester: context.requester) else {
            return try await next(request, context)
        }
        var context = context
        context.csrfToken = expected ?? tokens.newToken()
        if !request.method.isSafe, !tokens.accepts(sent: sentToken(request, context), cookie: expected) {
            throw CSRFRejection()
        }
        var response = try await next(request, context)
        // Only the cookie kind can be missing: a session's token is derived from the session.
        if expected == nil {
            response.setCookie(
                Cookie(
                    name: CSRFTokens.cookieName, value: context.csrfToken, maxAge: 400 * 24 * 3600,
                    path: "/", secure: isHTTPS(request, context), httpOnly: true, sameSite: .lax))
        }
        return response
    }

    /// FormBodyMiddleware has read the form by now; the token is a field of it or a header.
    private func sentToken(_ request: Request, _ context: Context) -> String? {
        request.headers[CSRFTokens.headerName] ?? context.form?[CSRFTokens.fieldName]
    }
}

/// A state-changing request whose CSRF token was missing or wrong, or that another site sent.
package struct CSRFRejection: Error {}

extension HTTPRequest.Method {
    /// GET, HEAD and OPTIONS change nothing, so they need no token.
    var isSafe: Bool { self == .get || self == .head || self == .options }
}

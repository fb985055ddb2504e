import Foundation
import Hummingbird
import HTTPTypes

/// Double-submit CSRF protection with signed tokens: a token only this server can make sits in an
/// HttpOnly cookie and is echoed in every form. Another site can make the browser send the cookie
/// but cannot read it, so it cannot put the matching value in the form. Unsafe methods without a
/// match get 403 before any handler runs.
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let tokens: CSRFTokens

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        let cookieToken = tokens.cookieToken(request)
        context.csrfToken = cookieToken ?? tokens.newToken()

        // FormBodyMiddleware has read the form by now; the token is a field of it or a header.
        if !request.method.isSafe {
            guard tokens.accepts(sent: request.headers[CSRFTokens.headerName] ?? context.form?[CSRFTokens.fieldName], cookie: cookieToken) else {
                throw CSRFRejection()
            }
        }

        var response = try await next(request, context)
        if cookieToken == nil {
            response.setCookie(Cookie(
                name: CSRFTokens.cookieName, value: context.csrfToken, maxAge: 400 * 24 * 3600,
                path: "/", httpOnly: true, sameSite: .lax))
        }
        return response
    }
}

/// A state-changing request whose CSRF token was missing or wrong, or that another site sent.
struct CSRFRejection: Error {}

extension HTTPRequest.Method {
    /// GET, HEAD and OPTIONS change nothing, so they need no token.
    var isSafe: Bool { self == .get || self == .head || self == .options }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}

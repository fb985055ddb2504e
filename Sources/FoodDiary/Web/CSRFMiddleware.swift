import Foundation
import Hummingbird
import HTTPTypes

/// Double-submit CSRF protection: a random secret in an HttpOnly cookie, echoed in every form.
///
/// Another site can make the browser send the cookie but cannot read it, so it cannot put the
/// matching value in the form. Unsafe methods without a match get 403 before any handler runs.
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    static let cookieName = "fooddiary_csrf"
    static let fieldName = "_csrf"
    static let headerName = HTTPField.Name("X-CSRF-Token")!

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        let cookieToken = Self.cookieToken(request)
        context.csrfToken = cookieToken ?? Self.newToken()

        // FormBodyMiddleware has read the form by now; the token is a field of it or a header.
        if ![.get, .head, .options].contains(request.method) {
            guard Self.accepts(sent: request.headers[Self.headerName] ?? context.form?[Self.fieldName], cookie: cookieToken) else {
                throw CSRFRejection()
            }
        }

        var response = try await next(request, context)
        if cookieToken == nil {
            response.setCookie(Cookie(
                name: Self.cookieName, value: context.csrfToken, maxAge: 400 * 24 * 3600,
                path: "/", httpOnly: true, sameSite: .lax))
        }
        return response
    }

    static func cookieToken(_ request: Request) -> String? {
        guard let value = request.cookies[cookieName]?.value, isWellFormed(value) else { return nil }
        return value
    }

    static func accepts(sent: String?, cookie: String?) -> Bool {
        guard let sent, let cookie else { return false }
        return constantTimeEquals(sent, cookie)
    }

    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in
            let byte = UInt8.random(in: .min ... .max, using: &generator)
            return String(byte, radix: 16).leftPadded(to: 2)
        }.joined()
    }

    static func isWellFormed(_ token: String) -> Bool {
        token.utf8.count == 64 && token.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// Compares every byte whatever the first difference, so timing does not reveal the token.
    static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }
}

/// A state-changing request whose CSRF token was missing or wrong.
struct CSRFRejection: Error {}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}

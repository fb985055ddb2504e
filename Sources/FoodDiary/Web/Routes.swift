import Hummingbird

/// Where controllers register their handlers.
///
/// Handlers sit behind CSRF protection. Once every controller has registered, `finish()` answers the
/// methods a path does not handle with 405 and an `Allow` header, outside CSRF, so a stray `PUT`
/// learns it is unsupported rather than being told its token is wrong.
final class Routes {
    typealias Handler = @Sendable (Request, AppRequestContext) async throws -> Response

    private let router: Router<AppRequestContext>
    private let protected: RouterGroup<AppRequestContext>
    private(set) var registered: [RegisteredRoute] = []

    init(router: Router<AppRequestContext>, formBody: FormBodyMiddleware, tokens: CSRFTokens) {
        self.router = router
        self.protected = router.group().add(middleware: CrossSiteGuard()).add(middleware: formBody).add(middleware: CSRFMiddleware(tokens: tokens))
    }

    func get(_ path: String, use handler: @escaping Handler) { add(.get, path, handler) }
    func post(_ path: String, use handler: @escaping Handler) { add(.post, path, handler) }

    private func add(_ method: HTTPRequest.Method, _ path: String, _ handler: @escaping Handler) {
        protected.on(RouterPath(path), method: method, use: handler)
        if let index = registered.firstIndex(where: { $0.path == path }) {
            registered[index].methods.append(method)
        } else {
            registered.append(RegisteredRoute(path: path, methods: [method]))
        }
    }

    func finish() {
        for route in registered {
            let (path, methods) = (route.path, route.methods)
            let allowed = (methods + (methods.contains(.get) ? [.head] : [])).map(\.rawValue).joined(separator: ", ")
            for method in [HTTPRequest.Method.get, .post, .put, .patch, .delete] where !methods.contains(method) {
                router.on(RouterPath(path), method: method) { _, _ -> Response in
                    throw HTTPError(.methodNotAllowed, headers: [.allow: allowed])
                }
            }
        }
    }
}

/// A path pattern such as `/meals/:id` and the methods it answers.
public struct RegisteredRoute: Sendable, Equatable {
    public let path: String
    public var methods: [HTTPRequest.Method]
}

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
    private var methodsByPath: [(path: String, methods: [HTTPRequest.Method])] = []

    init(router: Router<AppRequestContext>, formBody: FormBodyMiddleware) {
        self.router = router
        self.protected = router.group().add(middleware: formBody).add(middleware: CSRFMiddleware())
    }

    func get(_ path: String, use handler: @escaping Handler) { add(.get, path, handler) }
    func post(_ path: String, use handler: @escaping Handler) { add(.post, path, handler) }

    private func add(_ method: HTTPRequest.Method, _ path: String, _ handler: @escaping Handler) {
        protected.on(RouterPath(path), method: method, use: handler)
        if let index = methodsByPath.firstIndex(where: { $0.path == path }) {
            methodsByPath[index].methods.append(method)
        } else {
            methodsByPath.append((path, [method]))
        }
    }

    func finish() {
        for (path, methods) in methodsByPath {
            let allowed = (methods + (methods.contains(.get) ? [.head] : [])).map(\.rawValue).joined(separator: ", ")
            for method in [HTTPRequest.Method.get, .post, .put, .patch, .delete] where !methods.contains(method) {
                router.on(RouterPath(path), method: method) { _, _ -> Response in
                    throw HTTPError(.methodNotAllowed, headers: [.allow: allowed])
                }
            }
        }
    }
}

import Hummingbird

/// Where controllers register their handlers.
///
/// Handlers sit behind sign-in and CSRF protection; the few open to everyone (sign-in, first-run
/// setup, invitations, the health check) are registered as public. Once every controller has registered, `finish()` answers the
/// methods a path does not handle with 405 and an `Allow` header, outside CSRF, so a stray `PUT`
/// learns it is unsupported rather than being told its token is wrong.
package final class Routes {
    package typealias Handler = @Sendable (Request, AppRequestContext) async throws -> Response

    private let router: Router<AppRequestContext>
    private let protected: RouterGroup<AppRequestContext>
    private let open: RouterGroup<AppRequestContext>
    package private(set) var registered: [RegisteredRoute] = []

    /// `identify(required)` finds who a request comes from and sets `requester`, turning away anyone
    /// unknown when `required`; `personalise` then answers in that person's units; `isHTTPS` says
    /// whether the browser reached us over HTTPS, for the CSRF cookie. All are the features',
    /// which this floor does not know.
    package init(
        router: Router<AppRequestContext>, formBody: FormBodyMiddleware, tokens: CSRFTokens,
        identify: (_ required: Bool) -> any MiddlewareProtocol<Request, Response, AppRequestContext>,
        personalise: any MiddlewareProtocol<Request, Response, AppRequestContext>,
        isHTTPS: @escaping @Sendable (Request, AppRequestContext) -> Bool
    ) {
        self.router = router
        // Sign-in is checked before the body is read, so nobody unknown can make us store an upload.
        func group(signInRequired: Bool) -> RouterGroup<AppRequestContext> {
            router.group().add(middleware: CrossSiteGuard()).add(middleware: ColorSchemeMiddleware())
                .add(middleware: identify(signInRequired)).add(middleware: personalise)
                .add(middleware: formBody).add(middleware: CSRFMiddleware(tokens: tokens, isHTTPS: isHTTPS))
        }
        protected = group(signInRequired: true)
        open = group(signInRequired: false)
    }

    package func get(_ path: String, use handler: @escaping Handler) { add(.get, path, handler, isPublic: false) }
    package func post(_ path: String, use handler: @escaping Handler) { add(.post, path, handler, isPublic: false) }
    /// For the pages someone not signed in must reach; everything else needs a person.
    package func publicGet(_ path: String, use handler: @escaping Handler) { add(.get, path, handler, isPublic: true) }
    package func publicPost(_ path: String, use handler: @escaping Handler) { add(.post, path, handler, isPublic: true) }

    private func add(_ method: HTTPRequest.Method, _ path: String, _ handler: @escaping Handler, isPublic: Bool) {
        (isPublic ? open : protected).on(RouterPath(path), method: method, use: handler)
        if let index = registered.firstIndex(where: { $0.path == path }) {
            precondition(registered[index].isPublic == isPublic, "\(path) is public for one method and not another")
            registered[index].methods.append(method)
        } else {
            registered.append(RegisteredRoute(path: path, methods: [method], isPublic: isPublic))
        }
    }

    package func finish() {
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
    /// Answers without a signed-in person.
    public let isPublic: Bool
}

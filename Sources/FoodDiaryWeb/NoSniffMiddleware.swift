import Hummingbird
import HTTPTypes

/// Every response, JSON and static files included, is to be read as the type it says it is.
package struct NoSniffMiddleware<Context: RequestContext>: RouterMiddleware {
    package init() {}

    static var header: HTTPField.Name { HTTPField.Name("X-Content-Type-Options")! }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[Self.header] = "nosniff"
        return response
    }
}

import FoodDiaryBase
import Hummingbird

/// Reads every form, and writes every page, in the number and clock conventions of the browser's
/// first language: "0,5" is half where a decimal comma is written, and a time is "1:05 PM" in the US.
package struct NumberConventionMiddleware<Context: RequestContext>: RouterMiddleware {
    package init() {}

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try await RequestConventions(acceptLanguage: request.headers[.acceptLanguage]).bound { try await next(request, context) }
    }
}

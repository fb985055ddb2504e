import FoodDiaryBase
import Hummingbird

/// Reads every form in the number convention of the browser's first language, so "0,5" is half.
package struct NumberConventionMiddleware<Context: RequestContext>: RouterMiddleware {
    package init() {}

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try await NumberConvention.$current.withValue(NumberConvention(acceptLanguage: request.headers[.acceptLanguage])) {
            try await next(request, context)
        }
    }
}

import FoodDiaryBase
import Hummingbird

/// Answers every request in the browser's language, as far as this server has it, and reads every
/// form and writes every page in its number and clock conventions: "0,5" is half where a decimal
/// comma is written, and a time is "1:05 PM" in the US. A signed-in person's own choice of language
/// replaces the browser's further in (`PersonalConventionsMiddleware`).
package struct BrowserConventionsMiddleware<Context: RequestContext>: RouterMiddleware {
    let languages: Languages

    package init(languages: Languages) {
        self.languages = languages
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let acceptLanguage = request.headers[.acceptLanguage]
        return try await RequestConventions(acceptLanguage: acceptLanguage, language: languages.preferred(acceptLanguage: acceptLanguage))
            .bound {
                try await next(request, context)
            }
    }
}

import Hummingbird

/// `Public/` under `/static/` only: other addresses never reach the file middleware, so its
/// answers to odd paths ("/photos/../x" is a 400 there) cannot replace our own 404s.
package struct StaticFilesMiddleware: RouterMiddleware {
    package typealias Context = AppRequestContext
    let files: FileMiddleware<AppRequestContext, LocalFileSystem>

    package init(files: FileMiddleware<AppRequestContext, LocalFileSystem>) {
        self.files = files
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.uri.path.hasPrefix("/static/") else { return try await next(request, context) }
        return try await files.handle(request, context: context, next: next)
    }
}

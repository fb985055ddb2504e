import Hummingbird
import Logging

/// One log line per request: method, path, status and how long it took.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        var status = "error"
        defer {
            let elapsed = ContinuousClock.now - start
            let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
            context.logger.info("\(request.method) \(request.uri.path) \(status) \(milliseconds.formatted(.number.precision(.fractionLength(1)))) ms")
        }
        do {
            let response = try await next(request, context)
            status = String(response.status.code)
            return response
        } catch let error as any HTTPResponseError {
            status = String(error.status.code)
            throw error
        }
    }
}

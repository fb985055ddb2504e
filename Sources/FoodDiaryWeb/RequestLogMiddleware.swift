import Hummingbird
import Logging

/// One log line per request: method, path, status and how long it took.
package struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    package init() {}

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        var status = "error"
        defer {
            let elapsed = ContinuousClock.now - start
            // Microseconds, written as milliseconds with three decimals: pages take about one.
            let microseconds = elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000
            let fraction = String(microseconds % 1000)
            let milliseconds = "\(microseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
            context.logger.info("\(request.method) \(Self.loggable(request.uri.path)) \(status) \(milliseconds) ms")
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

    /// The path with any secret it carries (an invitation's) left out: logs are read by more
    /// people, and kept longer, than the links they mention.
    package static func loggable(_ path: String) -> String {
        path.hasPrefix("/invite/") ? "/invite/…" : path
    }
}

import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import Logging
import NIOHTTP1

/// Turns every error into a page a person can act on (or JSON under `/api/`), never a stack trace.
package struct ErrorPageMiddleware: RouterMiddleware {
    package typealias Context = AppRequestContext
    let renderer: PageRenderer

    package init(renderer: PageRenderer) {
        self.renderer = renderer
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPParserError {
            // A body whose framing broke (a chunk size of "zz"): Hummingbird answers 400 and closes
            // the connection, which is all that can be done with the rest of the bytes.
            throw error
        } catch {
            let problem = Problem(error)
            if problem.status == .internalServerError {
                context.logger.error("Unhandled error on \(request.method) \(request.uri.path): \(String(reflecting: error))")
            } else if DiskFull.caused(error) {
                context.logger.warning("The disk is full: \(request.method) \(request.uri.path) saved nothing")
            }
            var response: Response
            if request.uri.path.hasPrefix("/fdc/") {
                response = try jsonResponse(FoodDataCentralError(problem), status: problem.status)
            } else if request.uri.path.hasPrefix("/api/") {
                response = try jsonResponse(JSONError(error: problem.message, status: Int(problem.status.code)), status: problem.status)
            } else {
                response = await renderer.renderPage(
                    WebPageTemplate.error, ErrorView(problem: problem), for: context, status: problem.status)
            }
            response.headers.append(contentsOf: problem.extraHeaders)
            return response
        }
    }
}

/// What went wrong, in words for the person who asked.
package struct Problem {
    package let status: HTTPResponse.Status
    package let message: String
    package let extraHeaders: HTTPFields

    package init(_ error: any Error) {
        switch error {
        case is CSRFRejection:
            status = .forbidden
            message = tr("This form has expired or came from another site, so nothing was changed. Go back, reload the page and try again.")
            extraHeaders = [:]
        case is CancellationError:
            // The server is stopping and gave this request all the time it could.
            status = .serviceUnavailable
            message = tr("The diary server is restarting, so this was not saved. Wait a moment, then send it again.")
            extraHeaders = [.retryAfter: "10"]
        case let busy as Overloaded:
            status = .serviceUnavailable
            message = tr("Many searches are running at once, so this one was put off. This page tries again by itself in a second.")
            // Browsers follow `Refresh` on a page they got: the person does not have to.
            extraHeaders = [.retryAfter: "\(busy.retryAfterSeconds)", HTTPField.Name("Refresh")!: "\(busy.retryAfterSeconds)"]
        case _ where DiskFull.caused(error):
            status = HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage")
            message =
                tr(
                    "The disk the diary is kept on is full, so nothing was saved. Free some space, then try again; everything saved before is safe."
                )
            extraHeaders = [:]
        case let refusal as any Refusal:
            status = refusal.kind.status
            message = refusal.message
            extraHeaders = [:]
        case let error as HTTPError:
            status = error.status
            message = error.body ?? Self.defaultMessage(for: error.status)
            extraHeaders = error.headers
        case let error as any HTTPResponseError:
            status = error.status
            message = Self.defaultMessage(for: error.status)
            extraHeaders = [:]
        default:
            status = .internalServerError
            message = Self.defaultMessage(for: .internalServerError)
            extraHeaders = [:]
        }
    }

    static func defaultMessage(for status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound: tr("There is nothing at this address. It may have been deleted, or the link is mistyped.")
        case .methodNotAllowed: tr("This address does not accept that kind of request.")
        case .contentTooLarge: tr("That was too large to accept.")
        case .badRequest: tr("The request could not be understood.")
        case .internalServerError: tr("Something went wrong on our side and nothing was changed. The details are in the server log.")
        default: status.reasonPhrase
        }
    }
}

package struct JSONError: Encodable {
    let error: String
    let status: Int
}

/// api.data.gov's error shape, `{"error": {"code": …, "message": …}}`, which FoodData Central's clients read.
package struct FoodDataCentralError: Encodable {
    struct Body: Encodable { let code: String; let message: String }
    let error: Body

    init(_ problem: Problem) {
        let code =
            switch problem.status.code {
            case 401: "API_KEY_INVALID"
            case 404: "NOT_FOUND"
            case 400, 413, 422: "BAD_REQUEST"
            default: "ERROR"
            }
        error = Body(code: code, message: problem.message)
    }
}

/// The error page's view model.
package struct ErrorView: Sendable {
    let title: String
    let status: Int
    let message: String

    init(problem: Problem) {
        title = Self.title(of: problem.status)
        status = Int(problem.status.code)
        message = problem.message
    }

    /// The page's heading: the status in words a person reads, in their language.
    static func title(of status: HTTPResponse.Status) -> String {
        switch status.code {
        case 400: tr("That could not be read")
        case 401: tr("Sign in first")
        case 403: tr("Not allowed")
        case 404: tr("Not found")
        case 405: tr("Not here")
        case 409: tr("Changed meanwhile")
        case 413: tr("Too large")
        case 429: tr("Too many at once")
        case 503: tr("Not just now")
        case 507: tr("The disk is full")
        default: tr("Something went wrong")
        }
    }
}

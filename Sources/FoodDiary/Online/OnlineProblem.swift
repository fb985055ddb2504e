import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import Hummingbird

extension OutboundHTTP {
    /// An exchange whose failures are the add-food page's: too large is unreadable, and no
    /// answer at all is the service being out of reach.
    func answer(
        _ url: URL, method: String = "GET", headers: [(String, String)], body: Data? = nil,
        deadline: Duration
    ) async throws(OnlineProblem) -> Response {
        do {
            return try await send(url, method: method, headers: headers, body: body)
        } catch .tooLarge {
            throw .malformed
        } catch .timedOut {
            throw .timedOut(after: deadline)
        } catch {
            throw .unreachable
        }
    }
}

/// Why nothing came from an online source, in words the add-food page can show.
enum OnlineProblem: Error, Equatable {
    case unreachable
    case timedOut(after: Duration)
    case rateLimited(retryAfter: Duration)
    case keyRefused(String)
    case refused(Int)
    case notFound
    case failed(Int)
    case malformed
    case unusable(String)

    func message(usingDemoKey: Bool, source: String = tr("FoodData Central")) -> String {
        switch self {
        case .unreachable: return tr("\(source) can’t be reached; these are your offline results.")
        case .timedOut(let deadline):
            return tr("\(source) did not answer within \(deadline.components.seconds) seconds; these are your offline results.")
        case .rateLimited(let wait):
            let minutes = max(1, Int((wait.components.seconds + 59) / 60))
            return source != "FoodData Central"
                ? tr("\(source) asks to wait before the next lookup; try again in \(minutes) min.")
                : tr("FoodData Central’s limit for this key is reached; try again in \(minutes) min.")
                    + (usingDemoKey
                        ? tr(" The shared DEMO_KEY allows 30 searches an hour; a free key of your own allows 1,000 (Settings).") : "")
        case .keyRefused(let code): return tr("FoodData Central refused the API key (\(code)). Check it on the Settings page.")
        case .refused(let status): return tr("\(source) refused the request (HTTP \(status)); these are your offline results.")
        case .notFound: return tr("\(source) no longer has that food.")
        case .failed(let status): return tr("\(source) had a problem (HTTP \(status)); these are your offline results. Try again later.")
        case .malformed: return tr("\(source) sent an answer this diary could not read; these are your offline results.")
        case .unusable(let why): return tr("That \(source) food can’t be added: \(why).")
        }
    }
}

extension OnlineProblem {
    /// A pick that could not be fetched: the other server's trouble is a gateway's answer, not ours.
    var status: HTTPResponse.Status {
        switch self {
        case .rateLimited: .tooManyRequests
        case .notFound: .notFound
        case .unusable: .unprocessableContent
        case .keyRefused, .refused: .badGateway
        case .unreachable: .serviceUnavailable
        case .timedOut: .gatewayTimeout
        case .failed, .malformed: .badGateway
        }
    }
}

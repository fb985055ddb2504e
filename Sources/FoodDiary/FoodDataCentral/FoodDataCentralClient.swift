import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// FoodData Central's API as this diary uses it: a keyword search and one food's details, through
/// FoundationNetworking (libcurl). Callers bound each call by `deadline` (`FoodDataCentralOnline`);
/// the session's own timeouts are the same, in case a request outlives its caller.
struct FoodDataCentralClient: Sendable {
    static let deadline: Duration = .seconds(5)
    /// The largest answer accepted: a page of 25 foods is about 100 KB, one food’s details under 50 KB.
    static let maxResponseBytes = 4 << 20

    let baseURL: URL
    private let session: URLSession

    /// `timeout`: the session's own limit, a backstop behind the caller's deadline.
    init(baseURL: URL, timeout: TimeInterval = 5) {
        self.baseURL = baseURL
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.urlCache = nil
        session = URLSession(configuration: configuration)
    }

    struct SearchPage: Sendable {
        let totalHits: Int
        let foods: [FoodDataCentralFood]
    }

    /// `POST /v1/foods/search` for these data types; hits of a type this diary does not keep are left out.
    func search(query: String, dataTypes: [String], pageSize: Int, key: String) async throws(OnlineProblem) -> SearchPage {
        let body: [String: Any] = ["query": query, "dataType": dataTypes, "pageSize": pageSize, "pageNumber": 1]
        var request = URLRequest(url: baseURL.appendingPathComponent("v1/foods/search"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try? JSONSerialization.data(withJSONObject: body)
        let data = try await send(request, key: key)
        guard let object = JSONValue.object(data), let foods = object["foods"] as? [[String: Any]] else { throw .malformed }
        return SearchPage(totalHits: JSONValue.integer(object["totalHits"]).map(Int.init) ?? foods.count,
                          foods: foods.compactMap { try? FoodDataCentralFood(json: $0) })
    }

    /// `GET /v1/food/{fdcId}` in full; some foods answer 404 in full and 200 abridged, so one retry.
    func food(fdcId: Int64, key: String) async throws(OnlineProblem) -> (food: FoodDataCentralFood, details: Data) {
        let url = baseURL.appendingPathComponent("v1/food/\(fdcId)")
        let data: Data
        do {
            data = try await send(URLRequest(url: url), key: key)
        } catch .notFound {
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
            components.queryItems = [URLQueryItem(name: "format", value: "abridged")]
            data = try await send(URLRequest(url: components.url!), key: key)
        }
        guard let object = JSONValue.object(data) else { throw .malformed }
        do {
            return (try FoodDataCentralFood(json: object), data)
        } catch {
            throw .unusable((error as? FoodDataCentralFood.Unreadable)?.description ?? "unreadable")
        }
    }

    /// The key travels in a header (api.data.gov accepts `X-Api-Key`), never in a URL a log could keep.
    private func send(_ request: URLRequest, key: String) async throws(OnlineProblem) -> Data {
        var request = request
        request.setValue(key, forHTTPHeaderField: "X-Api-Key")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let (data, response): (Data, URLResponse)
        do {
            (data, response) = try await uncancelled(request)
        } catch let error as URLError {
            throw error.code == .timedOut ? .timedOut : .unreachable
        } catch {
            throw .unreachable
        }
        guard let http = response as? HTTPURLResponse else { throw .malformed }
        guard data.count <= Self.maxResponseBytes else { throw .malformed }
        switch http.statusCode {
        case 200: return data
        case 404: throw .notFound
        case 429: throw .rateLimited(retryAfter: Self.retryAfter(http))
        case 400, 401, 403:
            let code = (JSONValue.object(data)?["error"] as? [String: Any]).flatMap { JSONValue.text($0["code"]) }
            throw code?.hasPrefix("API_KEY") == true ? .keyRefused(code!) : .refused(http.statusCode)
        default: throw .failed(http.statusCode)
        }
    }

    /// A request no Swift task's cancellation reaches: `session.data(for:)` cancels its task when
    /// the awaiting task is cancelled (a deadline passing, a sibling failing), and on Linux that
    /// cancel deadlocked with the task's own completion on the session's queue, freezing the
    /// server. A stalled request ends at the session's timeout instead; the caller's deadline
    /// has long answered the page by then.
    private func uncancelled(_ request: URLRequest) async throws -> (Data, URLResponse) {
        try await withCheckedThrowingContinuation { continuation in
            session.dataTask(with: request) { data, response, error in
                if let error {
                    continuation.resume(throwing: error)
                } else if let data, let response {
                    continuation.resume(returning: (data, response))
                } else {
                    continuation.resume(throwing: URLError(.badServerResponse))
                }
            }.resume()
        }
    }

    /// `Retry-After` when the gateway sends it; otherwise api.data.gov's window is an hour.
    static func retryAfter(_ response: HTTPURLResponse) -> Duration {
        if let seconds = response.value(forHTTPHeaderField: "Retry-After").flatMap(Int.init), seconds >= 0 {
            return .seconds(seconds)
        }
        return .seconds(3600)
    }
}

/// Why nothing came from FoodData Central, in words the add-food page can show.
enum OnlineProblem: Error, Equatable {
    case unreachable
    case timedOut
    case rateLimited(retryAfter: Duration)
    case keyRefused(String)
    case refused(Int)
    case notFound
    case failed(Int)
    case malformed
    case unusable(String)

    func message(usingDemoKey: Bool) -> String {
        switch self {
        case .unreachable: return "FoodData Central can’t be reached; these are your offline results."
        case .timedOut: return "FoodData Central did not answer within 5 seconds; these are your offline results."
        case .rateLimited(let wait):
            let minutes = max(1, Int((wait.components.seconds + 59) / 60))
            return "FoodData Central’s limit for this key is reached; try again in \(minutes) min."
                + (usingDemoKey ? " The shared DEMO_KEY allows 30 searches an hour; a free key of your own allows 1,000 (Settings)." : "")
        case .keyRefused(let code): return "FoodData Central refused the API key (\(code)). Check it on the Settings page."
        case .refused(let status): return "FoodData Central refused the request (HTTP \(status)); these are your offline results."
        case .notFound: return "FoodData Central no longer has that food."
        case .failed(let status): return "FoodData Central had a problem (HTTP \(status)); these are your offline results. Try again later."
        case .malformed: return "FoodData Central sent an answer this diary could not read; these are your offline results."
        case .unusable(let why): return "That FoodData Central food can’t be added: \(why)."
        }
    }
}

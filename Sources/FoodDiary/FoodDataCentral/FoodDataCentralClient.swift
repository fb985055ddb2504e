import FoodDiaryCatalog
import FoodDiaryWeb
import Foundation

/// FoodData Central's API as this diary uses it: a keyword search and one food's details, through
/// `OutboundHTTP` (libcurl). Callers bound each call by `deadline` (`FoodDataCentralOnline`); each
/// exchange's own timeout is the same, in case a request outlives its caller.
struct FoodDataCentralClient: Sendable {
    /// The largest answer accepted: a page of 25 foods is about 100 KB, one food’s details under 50 KB.
    static let maxResponseBytes = 4 << 20

    let baseURL: URL
    let deadline: Duration
    private let http: OutboundHTTP

    init(baseURL: URL, deadline: Duration = .seconds(5)) {
        self.baseURL = baseURL
        self.deadline = deadline
        http = OutboundHTTP(timeout: deadline, maxBytes: Self.maxResponseBytes)
    }

    struct SearchPage: Sendable {
        let totalHits: Int
        let foods: [FoodDataCentralFood]
    }

    /// `POST /v1/foods/search` for these data types; hits of a type this diary does not keep are left out.
    func search(query: String, dataTypes: [String], pageSize: Int, key: String) async throws(OnlineProblem) -> SearchPage {
        let body: [String: Any] = ["query": query, "dataType": dataTypes, "pageSize": pageSize, "pageNumber": 1]
        let data = try await send(
            baseURL.appendingPathComponent("v1/foods/search"), method: "POST", key: key,
            body: try? JSONSerialization.data(withJSONObject: body))
        guard let object = JSONValue.object(data), let foods = object["foods"] as? [[String: Any]] else { throw .malformed }
        // Only foods of the types asked.
        let asked = Set(dataTypes.compactMap { FoodDataCentralFood.dataTypes[$0] })
        return SearchPage(
            totalHits: JSONValue.integer(object["totalHits"]).map(Int.init) ?? foods.count,
            foods: foods.compactMap { try? FoodDataCentralFood(json: $0) }.filter { asked.contains($0.dataType) })
    }

    /// `GET /v1/food/{fdcId}` in full; some foods answer 404 in full and 200 abridged, so one retry.
    func food(fdcId: Int64, key: String) async throws(OnlineProblem) -> (food: FoodDataCentralFood, details: Data) {
        let url = baseURL.appendingPathComponent("v1/food/\(fdcId)")
        let data: Data
        do {
            data = try await send(url, key: key)
        } catch .notFound {
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
            components.queryItems = [URLQueryItem(name: "format", value: "abridged")]
            data = try await send(components.url!, key: key)
        }
        guard let object = JSONValue.object(data) else { throw .malformed }
        let food: FoodDataCentralFood
        do {
            food = try FoodDataCentralFood(json: object)
        } catch {
            throw .unusable((error as? FoodDataCentralFood.Unreadable)?.description ?? "unreadable")
        }
        // Its id decides which catalog row it replaces, for everyone: it must be the food asked for.
        guard food.fdcId == fdcId else { throw .malformed }
        return (food, data)
    }

    /// The key travels in a header (api.data.gov accepts `X-Api-Key`), never in a URL a log could keep.
    private func send(_ url: URL, method: String = "GET", key: String, body: Data? = nil) async throws(OnlineProblem) -> Data {
        var headers = [("X-Api-Key", key), ("Accept", "application/json")]
        if body != nil { headers.append(("Content-Type", "application/json")) }
        let answer = try await http.answer(url, method: method, headers: headers, body: body, deadline: deadline)
        let data = answer.body
        switch answer.status {
        case 200: return data
        case 404: throw .notFound
        case 429: throw .rateLimited(retryAfter: Self.retryAfter(answer.retryAfter))
        case 400, 401, 403:
            let code = (JSONValue.object(data)?["error"] as? [String: Any]).flatMap { JSONValue.text($0["code"]) }
            throw code?.hasPrefix("API_KEY") == true ? .keyRefused(code!) : .refused(answer.status)
        default: throw .failed(answer.status)
        }
    }

    /// `Retry-After` when the gateway sends it; otherwise api.data.gov's window is an hour.
    static func retryAfter(_ header: String?) -> Duration {
        if let seconds = header.flatMap(Int.init), seconds >= 0 {
            return .seconds(seconds)
        }
        return .seconds(3600)
    }
}

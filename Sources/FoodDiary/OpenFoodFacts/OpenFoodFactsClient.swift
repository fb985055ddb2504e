import FoodDiaryWeb
import Foundation

/// Open Food Facts' read API as this diary uses it: one product by its barcode, through
/// `OutboundHTTP` (libcurl), with the User-Agent Open Food Facts asks every app to send. Callers
/// bound each call by a deadline; each exchange's own timeout is the same.
public struct OpenFoodFactsClient: Sendable {
    public static let officialBaseURL = URL(string: "https://world.openfoodfacts.org")!
    /// A product with the fields asked for is a few kilobytes; a whole product page under 200 KB.
    static let maxResponseBytes = 1 << 20
    /// Only what the diary keeps: a whole product is ten times larger.
    static let fields = ["code", "product_name", "product_name_en", "generic_name", "brands", "quantity", "product_quantity_unit",
                         "serving_quantity", "serving_quantity_unit", "serving_size", "nutriments"]
    static let userAgent = "FoodDiary/\(AppVersion.current) (self-hosted food diary)"

    let baseURL: URL
    let deadline: Duration
    private let http: OutboundHTTP

    init(baseURL: URL, deadline: Duration = .seconds(5)) {
        self.baseURL = baseURL
        self.deadline = deadline
        http = OutboundHTTP(timeout: deadline, maxBytes: Self.maxResponseBytes)
    }

    /// `GET /api/v2/product/{code}`: the product and its answer as kept, or why there is none.
    func product(barcode digits: String) async throws(OnlineProblem) -> (product: OpenFoodFactsProduct, answer: Data) {
        var components = URLComponents(url: baseURL.appendingPathComponent("api/v2/product/\(digits)"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "fields", value: Self.fields.joined(separator: ","))]
        let answer = try await http.answer(components.url!, headers: [("User-Agent", Self.userAgent), ("Accept", "application/json")], deadline: deadline)
        switch answer.status {
        case 200: break
        // Open Food Facts answers an unknown barcode with 404 and `status: 0`.
        case 404: throw .notFound
        // Its limits are per minute (100 product reads), so a refusal without Retry-After waits one.
        case 429: throw .rateLimited(retryAfter: answer.retryAfter.flatMap(Int.init).map { .seconds(max(0, $0)) } ?? .seconds(60))
        case 400, 401, 403: throw .refused(answer.status)
        default: throw .failed(answer.status)
        }
        guard let object = JSONValue.object(answer.body) else { throw .malformed }
        if JSONValue.integer(object["status"]) == 0 { throw .notFound }
        do {
            return (try OpenFoodFactsProduct(answer: object, asked: digits), answer.body)
        } catch {
            throw .unusable(error.description)
        }
    }
}

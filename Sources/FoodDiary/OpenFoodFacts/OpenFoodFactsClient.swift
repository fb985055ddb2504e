import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryWeb
import Foundation

/// Open Food Facts' read API as this diary uses it: one product by its barcode, and a search by
/// name among the products sold in one country, through
/// `OutboundHTTP` (libcurl), with the User-Agent Open Food Facts asks every app to send. Callers
/// bound each call by a deadline; each exchange's own timeout is the same.
public struct OpenFoodFactsClient: Sendable {
    public static let officialBaseURL = URL(string: "https://world.openfoodfacts.org")!
    /// A product with the fields asked for is a few kilobytes; a whole product page under 200 KB.
    static let maxResponseBytes = 1 << 20
    /// Only what the diary keeps: a whole product is ten times larger.
    static let fields = [
        "code", "product_name", "product_name_en", "generic_name", "brands", "categories", "quantity", "product_quantity_unit",
        "serving_quantity", "serving_quantity_unit", "serving_size", "nutriments", "image_front_url", "image_front_small_url"
    ]
    /// A front photo at 400 px is 20–60 KB; a full-size one a few hundred.
    static let maxImageBytes = 2 << 20
    static let userAgent = "FoodDiary/\(AppVersion.current) (self-hosted food diary)"

    let baseURL: URL
    let deadline: Duration
    private let http: OutboundHTTP
    private let images: OutboundHTTP

    init(baseURL: URL, deadline: Duration = .seconds(5)) {
        self.baseURL = baseURL
        self.deadline = deadline
        http = OutboundHTTP(timeout: deadline, maxBytes: Self.maxResponseBytes)
        images = OutboundHTTP(timeout: deadline, maxBytes: Self.maxImageBytes)
    }

    /// A product's photo, only from Open Food Facts' own hosts (images.openfoodfacts.org beside
    /// world.openfoodfacts.org): an answer can't send the server to fetch from anywhere else.
    /// Its bytes are checked as an upload's are by whoever keeps them.
    func image(_ url: URL) async throws(OnlineProblem) -> Data {
        guard isTheirs(url) else { throw .unusable(tr("its photo is not on Open Food Facts")) }
        let answer = try await images.answer(url, headers: [("User-Agent", Self.userAgent)], deadline: deadline)
        guard answer.status == 200 else { throw answer.status == 404 ? .notFound : .failed(answer.status) }
        return answer.body
    }

    func isTheirs(_ url: URL) -> Bool {
        guard let host = url.host?.lowercased(), let base = baseURL.host?.lowercased(), url.scheme == baseURL.scheme,
            url.user == nil, url.port == baseURL.port
        else { return false }
        if host == base { return true }
        // A name, not an address: the base's own domain and any host under it.
        let labels = base.split(separator: ".")
        guard labels.count >= 2, !labels.allSatisfy({ $0.allSatisfy(\.isNumber) }) else { return false }
        return host.hasSuffix("." + labels.suffix(2).joined(separator: "."))
    }

    struct SearchPage: Sendable {
        let count: Int
        let products: [OpenFoodFactsProduct]
    }

    static let pageSize = 10

    /// `GET /cgi/search.pl`, the full-text search (the v2 API filters but does not search words),
    /// most scanned first. Products it can't read (no name, no nutrition, no barcode) are left out.
    func search(terms: String, country: ProductCountry?) async throws(OnlineProblem) -> SearchPage {
        var components = URLComponents(url: baseURL.appendingPathComponent("cgi/search.pl"), resolvingAgainstBaseURL: false)!
        var items = [
            ("search_terms", terms), ("search_simple", "1"), ("action", "process"), ("json", "1"),
            ("page_size", "\(Self.pageSize)"), ("sort_by", "unique_scans_n"), ("fields", Self.fields.joined(separator: ","))
        ]
        if let country { items += [("tagtype_0", "countries"), ("tag_contains_0", "contains"), ("tag_0", country.tag)] }
        components.queryItems = items.map { URLQueryItem(name: $0.0, value: $0.1) }
        let answer = try await get(components.url!)
        guard let object = JSONValue.object(answer.body), let products = object["products"] as? [[String: Any]] else { throw .malformed }
        let read = products.compactMap { try? OpenFoodFactsProduct(product: $0) }
        return SearchPage(count: JSONValue.integer(object["count"]).map(Int.init) ?? read.count, products: read)
    }

    /// `GET /api/v2/product/{code}`: the product and its answer as kept, or why there is none.
    func product(barcode digits: String) async throws(OnlineProblem) -> (product: OpenFoodFactsProduct, answer: Data) {
        var components = URLComponents(url: baseURL.appendingPathComponent("api/v2/product/\(digits)"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "fields", value: Self.fields.joined(separator: ","))]
        let answer = try await get(components.url!)
        guard let object = JSONValue.object(answer.body) else { throw .malformed }
        if JSONValue.integer(object["status"]) == 0 { throw .notFound }
        do {
            return (try OpenFoodFactsProduct(answer: object, asked: digits), answer.body)
        } catch {
            throw .unusable(error.description)
        }
    }

    private func get(_ url: URL) async throws(OnlineProblem) -> OutboundHTTP.Response {
        let answer = try await http.answer(
            url, headers: [("User-Agent", Self.userAgent), ("Accept", "application/json")], deadline: deadline)
        switch answer.status {
        case 200: return answer
        // Open Food Facts answers an unknown barcode with 404 and `status: 0`.
        case 404: throw .notFound
        // Its limits are per minute (100 product reads, 10 searches), so a refusal without Retry-After waits one.
        case 429: throw .rateLimited(retryAfter: answer.retryAfter.flatMap(Int.init).map { .seconds(max(0, $0)) } ?? .seconds(60))
        case 400, 401, 403: throw .refused(answer.status)
        default: throw .failed(answer.status)
        }
    }
}

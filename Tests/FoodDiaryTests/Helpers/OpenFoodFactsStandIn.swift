@testable import FoodDiary
import FoodDiaryApp
import FoodDiaryStorage
import HummingbirdTesting
import Foundation
import HTTPTypes
import Hummingbird
import NIOConcurrencyHelpers
import NIOCore
@testable import FoodDiaryPhotos

/// A local server answering Open Food Facts' product read (`/api/v2/product/{code}`) and its
/// full-text search (`/cgi/search.pl`, filtered by a country's tag) with the shapes real answers
/// have: numbers as strings, energy in kJ only, salt without sodium, a drink labelled per 100 ml
/// with or without a serving, an unknown barcode as 404 with `status: 0`. Its products are made up.
final class OpenFoodFactsStandIn: Sendable {
    enum Mode: Sendable, Equatable {
        case normal, slow, huge, malformed, rateLimited
        /// Every answer is about this barcode, whatever was asked.
        case answering(code: String)
    }

    struct Seen: Sendable { let path: String; let userAgent: String?; let query: String? }

    /// A Swiss muesli bar: energy in kJ only, salt and no sodium, values as strings.
    static let bar = "7610000012345"
    /// A German apple juice per 100 ml, with both energies and a 200 ml serving.
    static let juice = "4000000067890"
    /// A product Open Food Facts knows without a name.
    static let nameless = "5000000000017"
    /// Still water sold by the litre, with no serving on its label.
    static let water = "4000000011113"
    /// A British apple juice, for a search in another country.
    static let britishJuice = "5000000000024"
    /// A hazelnut spread whose code has a true check digit, so a drawn picture of it scans.
    static let spread = "4000000035022"

    private let state = NIOLockedValueBox((mode: Mode.normal, seen: [Seen]()))
    private let server = StandInServer()
    var port: Int { server.port }
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    var mode: Mode {
        get { state.withLockedValue { $0.mode } }
        set { state.withLockedValue { $0.mode = newValue } }
    }
    var seen: [Seen] { state.withLockedValue { $0.seen } }

    func start() async throws {
        let router = Router()
        router.get("/api/v2/product/:code") { request, context -> Response in try await self.product(request, context) }
        router.get("/cgi/search.pl") { request, _ -> Response in try await self.search(request) }
        let photo = try Self.samplePhoto()
        router.get("/images/products/:code/front.jpg") { request, context -> Response in
            self.state.withLockedValue { $0.seen.append(Seen(path: request.uri.path, userAgent: request.headers[.userAgent], query: nil)) }
            // The water's "photo" is a text file wearing a .jpg name.
            let body = context.parameters.get("code") == Self.water ? ByteBuffer(string: "not a photo\n") : ByteBuffer(bytes: photo)
            return Response(status: .ok, headers: [.contentType: "image/jpeg"], body: .init(byteBuffer: body))
        }
        try await server.start(router, label: "off-stand-in")
    }

    func stop() async { await server.stop() }

    static var products: [String: [String: Any]] {
        [
            bar: [
                "code": bar, "product_name": "Birchermüesli-Riegel", "brands": "Alpenkorn, Migros", "quantity": "6 x 25 g",
                "serving_quantity": "25", "serving_size": "1 Riegel (25 g)",
                "nutriments": [
                    "energy-kj_100g": "1690", "fat_100g": "9.5", "saturated-fat_100g": 2.1, "carbohydrates_100g": "66",
                    "sugars_100g": 28.0, "fiber_100g": "5.6", "proteins_100g": "7.4", "salt_100g": "0.15", "energy_unit": "kJ"
                ],
                "countries_tags": ["en:switzerland"]
            ],
            juice: [
                "code": juice, "product_name": "Apfelsaft naturtrüb", "brands": "Obsthof", "quantity": "1 l", "product_quantity_unit": "ml",
                "categories": "Beverages, Fruit juices, Apple juices, de:Naturtrübe Apfelsäfte",
                "serving_quantity": 200, "serving_size": "200 ml",
                "nutriments": [
                    "energy-kcal_100g": 46, "energy-kj_100g": 195, "carbohydrates_100g": 10.8, "sugars_100g": 10.2,
                    "proteins_100g": 0.1, "fat_100g": 0.1, "sodium_100g": 0.004, "salt_100g": 0.01, "potassium_100g": "0.12"
                ],
                "countries_tags": ["en:germany", "en:austria"]
            ],
            water: [
                "code": water, "product_name": "Mineralwasser still", "brands": "Quelle", "quantity": "1,5 l",
                "nutriments": [
                    "energy-kcal_100g": 0, "energy-kj_100g": 0, "carbohydrates_100g": 0, "sodium_100g": "0.0021", "calcium_100g": 0.0115
                ],
                "countries_tags": ["en:germany"]
            ],
            britishJuice: [
                "code": britishJuice, "product_name": "Cloudy apple juice (Apfelsaft style)", "brands": "Orchard", "quantity": "1 L",
                "serving_quantity": 150, "serving_size": "150ml",
                "nutriments": [
                    "energy-kcal_100g": 44, "carbohydrates_100g": 10.3, "sugars_100g": 9.9, "proteins_100g": 0.3, "salt_100g": 0
                ],
                "countries_tags": ["en:united-kingdom"]
            ],
            spread: [
                "code": spread, "product_name": "Haselnusscreme", "brands": "Nussig", "quantity": "400 g",
                "serving_quantity": "15", "serving_size": "1 EL (15 g)",
                "nutriments": [
                    "energy-kcal_100g": 539, "fat_100g": 30.9, "carbohydrates_100g": 57.5, "sugars_100g": 56.3, "proteins_100g": 6.3,
                    "salt_100g": 0.107
                ],
                "countries_tags": ["en:germany"]
            ],
            nameless: ["code": nameless, "nutriments": ["energy-kcal_100g": 100]]
        ]
    }

    private func product(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        state.withLockedValue {
            $0.seen.append(Seen(path: request.uri.path, userAgent: request.headers[.userAgent], query: request.uri.query))
        }
        let asked = context.parameters.get("code") ?? ""
        switch mode {
        case .slow: try await Task.sleep(for: .seconds(30))
        case .huge: return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(repeating: UInt8(ascii: " "), count: 3 << 20)))
        case .malformed: return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: "<html>Service Unavailable</html>")))
        case .rateLimited: return Response(status: .tooManyRequests, headers: [.retryAfter: "42"])
        case .answering(let code):
            return Self.json(["code": code, "status": 1, "product": Self.products[Self.bar]!.merging(["code": code]) { $1 }])
        case .normal: break
        }
        guard let product = Self.products[asked] else {
            return Self.json(["code": asked, "status": 0, "status_verbose": "product not found"], status: .notFound)
        }
        return Self.json(["code": asked, "status": 1, "status_verbose": "product found", "product": withPhoto(product)])
    }

    /// Every word in the name, in the country's products when a tag is given; most made up first.
    private func search(_ request: Request) async throws -> Response {
        state.withLockedValue {
            $0.seen.append(Seen(path: request.uri.path, userAgent: request.headers[.userAgent], query: request.uri.query))
        }
        switch mode {
        case .slow: try await Task.sleep(for: .seconds(30))
        case .huge: return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(repeating: UInt8(ascii: " "), count: 3 << 20)))
        case .malformed: return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: "<html>Service Unavailable</html>")))
        case .rateLimited: return Response(status: .tooManyRequests)
        case .answering, .normal: break
        }
        let parameters = request.uri.queryParameters
        let words = String(parameters["search_terms"] ?? "").lowercased().split(separator: " ")
        let country = parameters["tag_0"].map(String.init)
        let found = Self.products.values.filter { product in
            let name = (product["product_name"] as? String ?? "").lowercased()
            let countries = product["countries_tags"] as? [String] ?? []
            return !words.isEmpty && words.allSatisfy { name.contains($0) } && (country.map(countries.contains) ?? true)
        }.sorted { ($0["code"] as! String) < ($1["code"] as! String) }
        return Self.json(["count": found.count, "page": 1, "page_size": 10, "skip": 0, "products": found.map(withPhoto)])
    }

    /// The juice's and the water's photos are here; the bar's points at a cloud's metadata address,
    /// which the diary must never fetch.
    private func withPhoto(_ product: [String: Any]) -> [String: Any] {
        var product = product
        let code = product["code"] as? String ?? ""
        product["image_front_url"] =
            code == Self.bar
            ? "http://169.254.169.254/latest/meta-data/front.jpg"
            : "\(baseURL.absoluteString)/images/products/\(code)/front.jpg"
        return product
    }

    private static func samplePhoto() throws -> [UInt8] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("off-front-\(UUID().uuidString).jpg").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try ImageLibrary.writeSampleJPEG(to: path, width: 400, height: 300)
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    private static func json(_ value: Any, status: HTTPResponse.Status = .ok) -> Response {
        let data = try! JSONSerialization.data(withJSONObject: value)
        return Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

extension OpenFoodFactsStandIn {
    /// The app on the fixture catalog with its Open Food Facts at a fresh stand-in, a minute per
    /// call: with the whole suite running, a loaded machine must not turn an answer into a timeout.
    static func withApp(
        configure: @escaping (inout AppConfig) -> Void = { _ in },
        _ body: @escaping @Sendable (OpenFoodFactsStandIn, any TestClientProtocol, AppDatabase) async throws -> Void
    ) async throws {
        let standIn = OpenFoodFactsStandIn()
        try await standIn.start()
        do {
            try await TestEnvironment.withRunningApp(
                withFixtureCatalog: true,
                configure: { config in
                    config.offBaseURL = standIn.baseURL
                    config.fdcDeadline = .seconds(60)
                    configure(&config)
                }
            ) { client, database, _, _ in try await body(standIn, client, database) }
        } catch {
            await standIn.stop()
            throw error
        }
        await standIn.stop()
    }
}

extension Result where Failure == OnlineProblem {
    /// Why an online call failed, nil when it did not.
    var problem: OnlineProblem? { if case .failure(let problem) = self { problem } else { nil } }
}

import FoodDiaryWeb
import Foundation
import HTTPTypes
import Logging
import Hummingbird
import NIOConcurrencyHelpers
import NIOCore
import ServiceLifecycle

/// A local server speaking FoodData Central's API with the shapes its real answers have (flat
/// nutrients in search, nested in details, label nutrients per serving, the `postassium` spelling,
/// a nutrient without `unitName`, group headers without amounts). Its foods are our own, made up.
/// `mode` makes it misbehave as the real service can.
final class FoodDataCentralStandIn: Sendable {
    /// `hostile`: a branded search is refused at once (403 API_KEY_INVALID) while its generic
    /// sibling answers half a second later, and details take turns to stall, fail and send garbage.
    /// `huge`: every answer is 500 MB, streamed. `redirecting`: every request is sent on to that
    /// base URL with 307. `answering`: details are the almond bar's under another fdcId.
    enum Mode: Sendable, Equatable {
        case normal, slow, rateLimited, serverError, malformed, hostile, huge
        case redirecting(to: String)
        case answering(fdcId: Int64)
    }

    struct Seen: Sendable { let path: String; let apiKeyHeader: String?; let query: String? }

    private let state = NIOLockedValueBox((mode: Mode.normal, seen: [Seen]()))
    private let hostileTurn = NIOLockedValueBox(0)
    /// Megabytes of a huge answer written before the client stopped reading.
    let hugeMegabytesSent = NIOLockedValueBox(0)
    private let server = StandInServer()
    var port: Int { server.port }

    var mode: Mode {
        get { state.withLockedValue { $0.mode } }
        set { state.withLockedValue { $0.mode = newValue } }
    }
    var seen: [Seen] { state.withLockedValue { $0.seen } }
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/fdc")! }

    static let bar: Int64 = 2_000_111, drink: Int64 = 2_000_222, porridge: Int64 = 2_000_333, srBanana: Int64 = 173_944

    func start() async throws {
        let router = Router()
        router.post("/fdc/v1/foods/search") { request, context -> Response in try await self.search(request, context) }
        router.get("/fdc/v1/food/:id") { request, context -> Response in try await self.details(request, context) }
        try await server.start(router, label: "fdc-stand-in")
    }

    /// Stops listening: from now on a connection to it is refused, as with no network.
    func stop() async { await server.stop() }

    private func record(_ request: Request) {
        let seen = Seen(path: request.uri.path, apiKeyHeader: request.headers[HTTPField.Name("X-Api-Key")!], query: request.uri.query)
        state.withLockedValue { $0.seen.append(seen) }
    }

    /// Whatever `mode` says instead of an answer, or nil to answer properly.
    private func misbehaviour(_ request: Request, branded: Bool = false, details: Bool = false) async throws -> Response? {
        switch mode {
        case .normal, .answering: return nil
        case .huge:
            let megabyte = ByteBuffer(repeating: UInt8(ascii: " "), count: 1 << 20)
            return Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody { writer in
                    for _ in 0..<500 {
                        try await writer.write(megabyte)
                        self.hugeMegabytesSent.withLockedValue { $0 += 1 }
                        // A moment for the socket to drain, so what is counted went to the client rather than into a buffer here.
                        try await Task.sleep(for: .milliseconds(2))
                    }
                    try await writer.finish(nil)
                })
        case .redirecting(let target):
            let path = request.uri.path.replacingOccurrences(of: "/fdc", with: "", options: .anchored)
            return Response(status: .temporaryRedirect, headers: [.location: target + path])
        case .hostile where branded:
            return Response(
                status: .forbidden, headers: [.contentType: "application/json"],
                body: .init(
                    byteBuffer: ByteBuffer(string: #"{"error":{"code":"API_KEY_INVALID","message":"An invalid api_key was supplied."}}"#)))
        case .hostile where details:
            let turn = hostileTurn.withLockedValue { turn in
                defer { turn += 1 }
                return turn % 3
            }
            if turn == 0 { try await Task.sleep(for: .seconds(8)) }
            return turn == 1
                ? Response(status: .internalServerError)
                : Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: "<html>garbage")))
        case .hostile:
            try await Task.sleep(for: .milliseconds(500))
            return nil
        case .slow:
            try await Task.sleep(for: .seconds(8))
            return nil
        case .rateLimited:
            return Response(
                status: .tooManyRequests,
                headers: [
                    .contentType: "application/json", HTTPField.Name("Retry-After")!: "1800",
                    HTTPField.Name("X-RateLimit-Limit")!: "1000", HTTPField.Name("X-RateLimit-Remaining")!: "0"
                ],
                body: .init(
                    byteBuffer: ByteBuffer(string: #"{"error":{"code":"OVER_RATE_LIMIT","message":"You have exceeded your rate limit."}}"#))
            )
        case .serverError:
            return Response(status: .internalServerError, body: .init(byteBuffer: ByteBuffer(string: "upstream trouble")))
        case .malformed:
            return Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(string: #"{"foods": [{"fdcId": 1, "#)))
        }
    }

    private func search(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        record(request)
        var request = request
        let body = try await request.collectBody(upTo: 1 << 16)
        let criteria = try JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any] ?? [:]
        let types = Set(criteria["dataType"] as? [String] ?? [])
        if let odd = try await misbehaviour(request, branded: types == ["Branded"]) { return odd }
        let words = ((criteria["query"] as? String) ?? "").lowercased().split(separator: " ")
        let foods = Self.searchHits.filter { hit in
            let type = hit["dataType"] as! String
            let text = ((hit["description"] as! String) + " " + ((hit["gtinUpc"] as? String) ?? "")).lowercased()
            return (types.isEmpty || types.contains(type)) && words.allSatisfy { text.contains($0) }
        }
        return Self.json([
            "totalHits": foods.count, "currentPage": 1, "totalPages": 1, "pageList": [1],
            "foodSearchCriteria": [
                "query": criteria["query"] ?? "", "generalSearchInput": criteria["query"] ?? "",
                "pageNumber": 1, "numberOfResultsPerPage": 50, "pageSize": 10, "requireAllWords": false
            ],
            "foods": foods, "aggregations": ["dataType": [String: Int](), "nutrients": [String: Int]()]
        ])
    }

    private func details(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        record(request)
        if let odd = try await misbehaviour(request, details: true) { return odd }
        guard let id = context.parameters.get("id").flatMap(Int64.init), var food = Self.foods[id] else {
            return Response(status: .notFound)
        }
        if case .answering(let other) = mode { food["fdcId"] = other }
        return Self.json(food)
    }

    private static func json(_ value: Any) -> Response {
        let data = try! JSONSerialization.data(withJSONObject: value)
        return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    private static func flat(_ number: String, _ id: Int, _ name: String, _ unit: String, _ value: Double) -> [String: Any] {
        ["nutrientId": id, "nutrientName": name, "nutrientNumber": number, "unitName": unit, "value": value, "derivationCode": "LCCS"]
    }

    private static func nested(_ number: String, _ id: Int, _ name: String, _ unit: String?, _ amount: Double?) -> [String: Any] {
        var nutrient: [String: Any] = ["id": id, "number": number, "name": name, "rank": 100]
        if let unit { nutrient["unitName"] = unit }
        var entry: [String: Any] = ["type": "FoodNutrient", "id": 90_000 + id, "nutrient": nutrient]
        if let amount { entry["amount"] = amount }
        return entry
    }

    /// Search hits: per 100 g (or ml), upper-case units, no label nutrients.
    nonisolated(unsafe) static let searchHits: [[String: Any]] = [
        [
            "fdcId": srBanana, "description": "Bananas, raw", "dataType": "SR Legacy", "publishedDate": "2019-04-01", "ndbNumber": 9040,
            "foodCategory": "Fruits and Fruit Juices", "score": 900.1, "foodNutrients": [flat("208", 1008, "Energy", "KCAL", 89)]
        ],
        [
            "fdcId": porridge, "description": "Oat porridge, cooked with water", "dataType": "Survey (FNDDS)",
            "publishedDate": "2024-10-31",
            "foodCode": "56203210", "foodCategory": "Oatmeal", "score": 800.2, "foodNutrients": [flat("208", 1008, "Energy", "KCAL", 71)]
        ],
        [
            "fdcId": bar, "description": "ALMOND CRUNCH BAR", "dataType": "Branded", "publishedDate": "2025-02-14",
            "gtinUpc": "000111222333",
            "brandOwner": "Hillside Snacks Co.", "foodCategory": "Snack, Energy & Granola Bars", "servingSize": 45.0,
            "servingSizeUnit": "g",
            "householdServingFullText": "1 BAR", "score": 700.3,
            "foodNutrients": [flat("208", 1008, "Energy", "KCAL", 467), flat("307", 1093, "Sodium, Na", "MG", 211)]
        ],
        [
            "fdcId": drink, "description": "LEMON SPARKLING WATER", "dataType": "Branded", "publishedDate": "2025-03-01",
            "gtinUpc": "0099887766554",
            "brandOwner": "Clearbrook Beverages", "foodCategory": "Water", "servingSize": 355.0, "servingSizeUnit": "MLT",
            "householdServingFullText": "1 CAN", "score": 600.4, "foodNutrients": [flat("307", 1093, "Sodium, Na", "MG", 4)]
        ]
    ]

    /// Details, full format: nested nutrients, lower-case units, label nutrients per serving.
    nonisolated(unsafe) static let foods: [Int64: [String: Any]] = [
        bar: [
            "fdcId": bar, "description": "ALMOND CRUNCH BAR", "dataType": "Branded", "foodClass": "Branded", "publicationDate": "2/14/2025",
            "brandOwner": "Hillside Snacks Co.", "gtinUpc": "000111222333", "brandedFoodCategory": "Snack, Energy & Granola Bars",
            "servingSize": 45.0, "servingSizeUnit": "g", "householdServingFullText": "1 BAR", "foodPortions": [] as [Any],
            // Label values per 45 g serving; USDA's per-100 g values below are rounded, as the real ones are.
            "labelNutrients": [
                "calories": ["value": 210.0], "fat": ["value": 12.0], "saturatedFat": ["value": 1.5],
                "sodium": ["value": 95.0], "carbohydrates": ["value": 22.0], "sugars": ["value": 9.0],
                "protein": ["value": 6.0], "postassium": ["value": 180.0]
            ],
            "foodNutrients": [
                nested("208", 1008, "Energy", "kcal", 467), nested("204", 1004, "Total lipid (fat)", "g", 26.7),
                nested("307", 1093, "Sodium, Na", "mg", 211), nested("203", 1003, "Protein", nil, 13.3),
                nested("291", 1079, "Fiber, total dietary", "g", 6.7)
            ]
        ],
        drink: [
            "fdcId": drink, "description": "LEMON SPARKLING WATER", "dataType": "Branded", "foodClass": "Branded",
            "publicationDate": "3/1/2025", "brandOwner": "Clearbrook Beverages", "gtinUpc": "0099887766554", "brandedFoodCategory": "Water",
            "servingSize": 355.0, "servingSizeUnit": "MLT", "householdServingFullText": "1 CAN", "foodPortions": [] as [Any],
            "labelNutrients": [String: Any](),
            "foodNutrients": [nested("208", 1008, "Energy", "kcal", 0), nested("307", 1093, "Sodium, Na", "mg", 4)]
        ],
        porridge: [
            "fdcId": porridge, "description": "Oat porridge, cooked with water", "dataType": "Survey (FNDDS)", "foodClass": "Survey",
            "publicationDate": "10/31/2024", "foodCode": "56203210",
            "wweiaFoodCategory": ["wweiaFoodCategoryCode": 4802, "wweiaFoodCategoryDescription": "Oatmeal"],
            "foodPortions": [["id": 1, "portionDescription": "1 cup", "gramWeight": 234.0, "sequenceNumber": 1, "modifier": "10205"]],
            "foodNutrients": [
                nested("951", 2045, "Proximates", nil, nil), nested("208", 1008, "Energy", "kcal", 71),
                nested("203", 1003, "Protein", "g", 2.5), nested("205", 1005, "Carbohydrate, by difference", "g", 12.0)
            ]
        ]
    ]
}

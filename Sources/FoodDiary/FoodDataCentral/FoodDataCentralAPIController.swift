import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryStorage
import FoodDiaryWeb
import Foundation
import GRDB
import Hummingbird

/// `/fdc/v1`: FoodData Central's API over this server's catalog, so scripts and apps written for
/// it can use a home server instead. Same paths, parameters and JSON shapes (see `FDCShapes`); a
/// personal access token is the `api_key` (or `X-Api-Key`), as api.data.gov's key is there.
struct FoodDataCentralAPIController: Sendable {
    let catalog: CatalogDatabase

    static let maxPageSize = 200
    static let maxIDs = 20
    static let maxBodyBytes = 64 << 10
    /// How deep a search's pages go: the ranking reads the likeliest matches, not every one.
    static let maxResults = 1_000

    func addRoutes(to routes: Routes) {
        routes.get("/fdc/v1/foods/search", use: search)
        routes.post("/fdc/v1/foods/search", use: search)
        routes.get("/fdc/v1/food/:fdcId", use: food)
        routes.get("/fdc/v1/foods", use: foods)
        routes.post("/fdc/v1/foods", use: foods)
    }

    /// A search's criteria from the query string (GET) or a JSON body (POST), checked as FoodData Central checks them.
    struct Criteria: Sendable {
        var query: String
        var dataTypes: [String]
        var pageSize = 50
        var pageNumber = 1
        var brandOwner: String?
        var sortBy: String?
        var sortAscending = true

        static let sortFields = ["dataType.keyword", "lowercaseDescription.keyword", "fdcId", "publishedDate"]

        init(fields: [String: Any]) throws {
            guard let query = JSONValue.text(fields["query"]) ?? JSONValue.text(fields["generalSearchInput"]) else {
                throw Self.bad(tr("`query` is required: the words to search for."))
            }
            self.query = String(query.prefix(200))
            let types: [String] =
                (fields["dataType"] as? [Any])?.compactMap { $0 as? String }
                ?? (fields["dataType"] as? String).map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? []
            for type in types where FoodDataCentralFood.dataTypes[type] == nil {
                throw Self.bad(tr("`dataType` “\(type.prefix(40))” is not one of Branded, Foundation, Survey (FNDDS), SR Legacy."))
            }
            dataTypes = types
            if let value = fields["pageSize"] {
                guard let size = JSONValue.integer(value), (1...Int64(maxPageSize)).contains(size) else {
                    throw Self.bad(tr("`pageSize` must be a whole number from 1 to \(maxPageSize)."))
                }
                pageSize = Int(size)
            }
            if let value = fields["pageNumber"] {
                // FoodData Central answers pageNumber 0 and 1 alike with the first page.
                guard let number = JSONValue.integer(value), (0...Int64(maxResults)).contains(number) else {
                    throw Self.bad(tr("`pageNumber` must be a whole number from 1 up."))
                }
                pageNumber = max(1, Int(number))
            }
            brandOwner = JSONValue.text(fields["brandOwner"])
            if let sort = JSONValue.text(fields["sortBy"]) {
                guard Self.sortFields.contains(sort) else {
                    throw Self.bad(tr("`sortBy` must be one of \(Self.sortFields.joined(separator: ", "))."))
                }
                sortBy = sort
            }
            if let order = JSONValue.text(fields["sortOrder"]) {
                guard order == "asc" || order == "desc" else { throw Self.bad("`sortOrder` must be asc or desc.") }
                sortAscending = order == "asc"
            }
        }

        /// The narrowest of the catalog's tiers that holds every type asked for.
        var scope: FoodSearch.Scope {
            let types = Set(dataTypes.compactMap { FoodDataCentralFood.dataTypes[$0] })
            if types.isEmpty || (types.contains(.branded) && types.count > 1) { return .all }
            return types == [.branded] ? .branded : .generic
        }

        static func bad(_ message: String) -> HTTPError { HTTPError(.badRequest, message: message) }
    }

    @Sendable func search(_ request: Request, context: AppRequestContext) async throws -> Response {
        let criteria = try Criteria(fields: try await fields(request))
        let (foods, totalHits, published) = try await catalog.search { db -> ([FoodDetails], Int, String) in
            let limit = min(criteria.pageNumber * criteria.pageSize, Self.maxResults)
            let result = try FoodSearch.search(db, query: criteria.query, brand: criteria.brandOwner, scope: criteria.scope, limit: limit)
            let wanted = Set(criteria.dataTypes.compactMap { FoodDataCentralFood.dataTypes[$0] })
            // FoodData Central's own foods only: a kept Open Food Facts product is no fdcId's.
            var matches = result.foods.filter { $0.dataType != .openFoodFacts && (wanted.isEmpty || wanted.contains($0.dataType)) }
            if let sort = criteria.sortBy { matches = Self.sorted(matches, by: sort, ascending: criteria.sortAscending) }
            // Filtered here, the count is of what was ranked; otherwise it is the index's own.
            let exact = wanted.isEmpty || wanted == Self.types(of: criteria.scope)
            let total = exact ? max(result.totalHits, matches.count) : matches.count
            let page = matches.dropFirst((criteria.pageNumber - 1) * criteria.pageSize).prefix(criteria.pageSize)
            return (try page.compactMap { try FoodDetails.fetch(db, id: $0.id) }, total, try Self.publishedDate(db))
        }
        let totalPages = (totalHits + criteria.pageSize - 1) / criteria.pageSize
        let firstListed = max(1, min(criteria.pageNumber - 5, totalPages - 9))
        var byType: [String: Int] = [:]
        for food in foods { byType[FDCShapes.dataTypeName(food.summary.dataType), default: 0] += 1 }
        let echo = FDCShapes.SearchResult.Criteria(
            query: criteria.query, generalSearchInput: criteria.query, pageNumber: criteria.pageNumber, pageSize: criteria.pageSize,
            dataType: criteria.dataTypes.isEmpty ? nil : criteria.dataTypes, brandOwner: criteria.brandOwner, sortBy: criteria.sortBy,
            sortOrder: criteria.sortBy == nil ? nil : criteria.sortAscending ? "asc" : "desc")
        return try jsonResponse(
            FDCShapes.SearchResult(
                totalHits: totalHits, currentPage: criteria.pageNumber, totalPages: totalPages,
                pageList: totalPages == 0 ? [] : Array(firstListed...min(totalPages, firstListed + 9)), foodSearchCriteria: echo,
                foods: foods.enumerated().map { FDCShapes.searchFood($1, score: Double(foods.count - $0), publishedDate: published) },
                aggregations: .init(dataType: byType)))
    }

    @Sendable func food(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let id = context.parameters.get("fdcId").flatMap(Int64.init), let catalogID = FDCShapes.catalogID(id) else {
            throw HTTPError(.notFound, message: tr("No food has fdcId \(context.parameters.get("fdcId")?.prefix(40) ?? "")."))
        }
        let parameters = try request.formQuery()
        let (abridged, numbers) = try Self.format(
            parameters["format"], nutrients: parameters["nutrients"].map { $0.split(separator: ",").map(String.init) })
        guard
            let (food, published) = try await catalog.read({ db in
                try FoodDetails.fetch(db, id: catalogID).map { ($0, try Self.publishedDate(db)) }
            })
        else {
            throw HTTPError(.notFound, message: tr("No food has fdcId \(id)."))
        }
        return try jsonResponse(FDCShapes.details(food, abridged: abridged, numbers: numbers, publishedDate: published))
    }

    /// Several foods by fdcId, in the order asked; unknown ids are left out, as FoodData Central does.
    @Sendable func foods(_ request: Request, context: AppRequestContext) async throws -> Response {
        let fields = try await fields(request)
        let ids: [Int64] =
            (fields["fdcIds"] as? [Any])?.compactMap(JSONValue.integer)
            ?? (fields["fdcIds"] as? String)?.split(separator: ",").compactMap { Int64($0.trimmingCharacters(in: .whitespaces)) } ?? []
        guard !ids.isEmpty, ids.count <= Self.maxIDs else { throw Criteria.bad(tr("`fdcIds` must list 1 to \(Self.maxIDs) food ids.")) }
        let numbers =
            (fields["nutrients"] as? [Any])?.compactMap(JSONValue.text)
            ?? (fields["nutrients"] as? String).map { $0.split(separator: ",").map(String.init) }
        let (abridged, wanted) = try Self.format(JSONValue.text(fields["format"]), nutrients: numbers)
        let (found, published) = try await catalog.read { db in
            (try ids.compactMap(FDCShapes.catalogID).compactMap { try FoodDetails.fetch(db, id: $0) }, try Self.publishedDate(db))
        }
        return try jsonResponse(found.map { FDCShapes.details($0, abridged: abridged, numbers: wanted, publishedDate: published) })
    }

    /// The query string of a GET, or the JSON object a POST sends.
    private func fields(_ request: Request) async throws -> [String: Any] {
        guard request.method == .post else {
            var fields: [String: Any] = [:]
            for (name, value) in try request.formQuery().all { fields[name] = value }
            return fields
        }
        var request = request
        let body = try await request.collectBody(upTo: Self.maxBodyBytes)
        guard let object = JSONValue.object(Data(buffer: body)) else {
            throw Criteria.bad("Send the criteria as a JSON object, with Content-Type: application/json.")
        }
        return object
    }

    private static func format(_ text: String?, nutrients: [String]?) throws -> (abridged: Bool, numbers: Set<String>?) {
        guard [nil, "full", "abridged"].contains(text) else { throw Criteria.bad(tr("`format` must be full or abridged.")) }
        if let nutrients, nutrients.count > 25 { throw Criteria.bad(tr("`nutrients` may list at most 25 nutrient numbers.")) }
        return (text == "abridged", nutrients.map { Set($0.map { $0.trimmingCharacters(in: .whitespaces) }) })
    }

    private static func types(of scope: FoodSearch.Scope) -> Set<FoodDataType> {
        switch scope {
        case .all: [.branded, .foundation, .srLegacy, .surveyFNDDS]
        case .generic: [.foundation, .srLegacy, .surveyFNDDS]
        case .branded: [.branded]
        }
    }

    private static func sorted(_ foods: [FoodSummary], by field: String, ascending: Bool) -> [FoodSummary] {
        let ordered: [FoodSummary] =
            switch field {
            case "dataType.keyword": foods.sorted { FDCShapes.dataTypeName($0.dataType) < FDCShapes.dataTypeName($1.dataType) }
            case "lowercaseDescription.keyword": foods.sorted { $0.description.lowercased() < $1.description.lowercased() }
            case "fdcId": foods.sorted { FDCShapes.fdcId($0) < FDCShapes.fdcId($1) }
            default: foods
            }
        return ascending ? ordered : ordered.reversed()
    }

    /// When the catalog was built, as FoodData Central writes dates.
    private static func publishedDate(_ db: Database) throws -> String {
        String((try String.fetchOne(db, sql: "SELECT value FROM catalog_info WHERE key = 'imported_at'") ?? "").prefix(10))
    }
}

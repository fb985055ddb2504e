import Foundation
import Hummingbird

/// JSON search and details over the embedded catalog.
struct FoodsAPIController: Sendable {
    let catalog: CatalogDatabase
    static let maxLimit = 200

    func addRoutes(to routes: Routes) {
        routes.get("/api/foods/search", use: search)
        routes.get("/api/foods/:id", use: detail)
    }

    @Sendable func search(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = try request.formQuery()["q"] ?? ""
        let brand = try request.formQuery()["brand"]
        var limit = 25
        if let text = try request.formQuery()["limit"] {
            guard let value = Int(text), (1...Self.maxLimit).contains(value) else {
                throw HTTPError(.badRequest, message: "`limit` must be a whole number from 1 to \(Self.maxLimit).")
            }
            limit = value
        }
        let chosenLimit = limit
        let scope = try FoodSearch.Scope(formValue: try request.formQuery()["kind"])
        let result = try await catalog.search { db in try FoodSearch.search(db, query: query, brand: brand, scope: scope, limit: chosenLimit) }
        return try jsonResponse(SearchJSON(totalHits: result.totalHits, totalHitsIsFloor: result.totalIsFloor,
                                           correctedQuery: result.correctedQuery, foods: result.foods))
    }

    @Sendable func detail(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let text = context.parameters.get("id"), let id = Int64(text),
              let food = try await catalog.read({ db in try FoodDetails.fetch(db, id: id) })
        else { throw HTTPError(.notFound, message: "No food has id \(context.parameters.get("id") ?? "").") }
        return try jsonResponse(FoodJSON(food))
    }
}

struct SearchJSON: Encodable {
    let totalHits: Int
    /// True when the branded foods were counted only up to a thousand.
    let totalHitsIsFloor: Bool
    let correctedQuery: String?
    let foods: [FoodSummary]
}

struct FoodJSON: Encodable {
    struct Nutrient: Encodable { let number: String; let name: String; let unit: String; let valuePer100g: Double }
    struct Portion: Encodable { let amount: Double; let description: String; let gramWeight: Double }

    let id: Int64
    let ndbNumber: String?
    let dataType: FoodDataType
    let description: String
    let commonName: String?
    let foodGroup: String
    let brandOwner: String?
    let nutrients: [Nutrient]
    let portions: [Portion]

    init(_ food: FoodDetails) {
        id = food.summary.id
        ndbNumber = food.summary.ndbNumber
        dataType = food.summary.dataType
        description = food.summary.description
        commonName = food.commonName
        foodGroup = food.summary.foodGroup
        brandOwner = food.summary.brandOwner
        nutrients = food.nutrients.map { Nutrient(number: $0.number, name: $0.name, unit: $0.unit, valuePer100g: $0.amountPer100g) }
        portions = food.portions.map { Portion(amount: $0.amount, description: $0.description, gramWeight: $0.gramWeight) }
    }
}

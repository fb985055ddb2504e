import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryWeb
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
        let parameters = try request.formQuery()
        let query = parameters["q"] ?? ""
        let brand = parameters["brand"]
        var limit = 25
        if let text = parameters["limit"] {
            guard let value = Int(text), (1...Self.maxLimit).contains(value) else {
                throw HTTPError(.badRequest, message: tr("`limit` must be a whole number from 1 to \(Self.maxLimit)."))
            }
            limit = value
        }
        let chosenLimit = limit
        let scope = try FoodSearch.Scope(formValue: parameters["kind"])
        let result = try await catalog.search { db in
            try FoodSearch.search(db, query: query, brand: brand, scope: scope, limit: chosenLimit)
        }
        return SearchJSON(
            totalHits: result.totalHits, totalHitsIsFloor: result.totalIsFloor,
            correctedQuery: result.correctedQuery, foods: result.foods
        ).text.response()
    }

    @Sendable func detail(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let text = context.parameters.get("id"), let id = Int64(text),
            let food = try await catalog.read({ db in try FoodDetails.fetch(db, id: id) })
        else { throw HTTPError(.notFound, message: tr("No food has id \(context.parameters.get("id") ?? "").")) }
        return try jsonResponse(FoodJSON(food))
    }
}

struct SearchJSON: Encodable {
    let totalHits: Int
    /// True when the branded foods were counted only up to `FoodSearch.brandedCountLimit`.
    let totalHitsIsFloor: Bool
    let correctedQuery: String?
    let foods: [FoodSummary]

    /// What `jsonResponse` would write for it, written directly.
    var text: JSONText {
        var text = JSONText()
        text.object { members in
            members.member("correctedQuery", correctedQuery.map { query in { $0.string(query) } })
            members.member("foods") { $0.array(foods) { text, food in food.write(to: &text) } }
            members.member("totalHits") { $0.number(Int64(totalHits)) }
            members.member("totalHitsIsFloor") { $0.bool(totalHitsIsFloor) }
        }
        return text
    }
}

extension FoodSummary {
    /// Its `Codable` members, sorted by key.
    func write(to text: inout JSONText) {
        text.object { members in
            members.member("brandOwner", brandOwner.map { owner in { $0.string(owner) } })
            members.member("dataType") { $0.string(dataType.rawValue) }
            members.member("description") { $0.string(description) }
            // The name says the unit, as `NutrientKind.jsonKey` does.
            if EnergyUnit.shown == .kJ {
                members.member("energyKjPer100g", energyKcalPer100g.map { kcal in { $0.number(NutrientKind.energyKcal.shown(kcal)) } })
            } else {
                members.member("energyKcalPer100g", energyKcalPer100g.map { kcal in { $0.number(kcal) } })
            }
            members.member("foodGroup") { $0.string(foodGroup) }
            members.member("id") { $0.number(id) }
            members.member("measureUnit") { $0.string(measureUnit.rawValue) }
            members.member("ndbNumber", ndbNumber.map { number in { $0.string(number) } })
        }
    }
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
        nutrients = food.shownNutrients.map { Nutrient(number: $0.number, name: $0.name, unit: $0.unit, valuePer100g: $0.amountPer100g) }
        portions = food.portions.map { Portion(amount: $0.amount, description: $0.description, gramWeight: $0.gramWeight) }
    }
}

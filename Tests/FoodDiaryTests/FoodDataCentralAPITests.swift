import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
@testable import FoodDiary
@testable import FoodDiaryCatalog
import FoodDiaryWeb

/// `/fdc/v1`: FoodData Central's API over this server's catalog, in its shapes.
@Suite struct FoodDataCentralAPITests {
    static func json(_ response: TestResponse) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(buffer: response.body))
    }

    @Test func searchAnswersInFoodDataCentralsShape() async throws {
        try await TestEnvironment.withFixtureApp { client, _ in
            let response = try await client.get("/fdc/v1/foods/search?query=bananas&dataType=SR%20Legacy&pageSize=2")
            #expect(response.status == .ok)
            let body = try #require(try Self.json(response) as? [String: Any])
            #expect(Set(body.keys) == ["totalHits", "currentPage", "totalPages", "pageList", "foodSearchCriteria", "foods", "aggregations"])
            #expect(body["currentPage"] as? Int == 1 && body["totalHits"] as? Int == 1 && body["pageList"] as? [Int] == [1])
            let criteria = try #require(body["foodSearchCriteria"] as? [String: Any])
            #expect(criteria["query"] as? String == "bananas" && criteria["generalSearchInput"] as? String == "bananas")
            #expect(criteria["dataType"] as? [String] == ["SR Legacy"] && criteria["pageSize"] as? Int == 2)
            let food = try #require((body["foods"] as? [[String: Any]])?.first)
            #expect(food["fdcId"] as? Int == 800_009_040 && food["localFood"] as? Bool == true)
            #expect(food["description"] as? String == "Bananas, raw" && food["dataType"] as? String == "SR Legacy")
            #expect(food["ndbNumber"] as? Int == 9040 && food["foodCategory"] as? String == "Fruits and Fruit Juices")
            let energy = try #require((food["foodNutrients"] as? [[String: Any]])?.first { $0["nutrientNumber"] as? String == "208" })
            #expect(energy["nutrientId"] as? Int == 1008 && energy["unitName"] as? String == "KCAL" && energy["value"] as? Double == 89)
            #expect(((body["aggregations"] as? [String: Any])?["dataType"] as? [String: Int]) == ["SR Legacy": 1])
        }
    }

    @Test func postSearchPagesAndFiltersByDataType() async throws {
        try await TestEnvironment.withFixtureApp { client, _ in
            func search(_ criteria: [String: Any]) async throws -> (HTTPResponse.Status, [String: Any]) {
                let body = try JSONSerialization.data(withJSONObject: criteria)
                let response = try await client.execute(
                    uri: "/fdc/v1/foods/search", method: .post,
                    headers: [
                        .contentType: "application/json", .cookie: browserCookies(),
                        CSRFTokens.headerName: testToken
                    ],
                    body: ByteBuffer(bytes: body))
                return (response.status, (try? Self.json(response) as? [String: Any]) ?? [:])
            }
            let (status, first) = try await search(["query": "raw", "pageSize": 1, "pageNumber": 1])
            #expect(status == .ok)
            let total = try #require(first["totalHits"] as? Int)
            #expect(total >= 2 && first["totalPages"] as? Int == total)
            let (_, second) = try await search(["query": "raw", "pageSize": 1, "pageNumber": 2])
            let ids = [first, second].compactMap { ($0["foods"] as? [[String: Any]])?.first?["fdcId"] as? Int }
            #expect(ids.count == 2 && ids[0] != ids[1], "page 2 follows page 1")
            let (_, generic) = try await search(["query": "raw", "dataType": ["Foundation", "Survey (FNDDS)"]])
            #expect(
                (generic["foods"] as? [[String: Any]])?.allSatisfy { ["Foundation", "Survey (FNDDS)"].contains($0["dataType"] as? String) }
                    == true)
            for bad: [String: Any] in [
                ["pageSize": 500, "query": "x"], ["query": "x", "dataType": ["Bogus"]], ["dataType": ["Branded"]],
                ["query": "x", "sortBy": "calories"]
            ] {
                #expect(try await search(bad).0 == .badRequest, "\(bad)")
            }
        }
    }

    @Test func detailsComeFullOrAbridgedAndManyAtOnce() async throws {
        try await TestEnvironment.withFixtureApp { client, _ in
            let full = try #require(try Self.json(try await client.get("/fdc/v1/food/800009040")) as? [String: Any])
            #expect(full["foodClass"] as? String == "FinalFood" && full["ndbNumber"] as? Int == 9040)
            let nutrient = try #require((full["foodNutrients"] as? [[String: Any]])?.first)
            #expect(nutrient["type"] as? String == "FoodNutrient" && nutrient["amount"] != nil)
            #expect((nutrient["nutrient"] as? [String: Any])?["number"] is String)
            #expect((full["foodCategory"] as? [String: Any])?["description"] as? String == "Fruits and Fruit Juices")
            let abridged = try #require(
                try Self.json(try await client.get("/fdc/v1/food/800009040?format=abridged&nutrients=208")) as? [String: Any])
            #expect((abridged["foodNutrients"] as? [[String: Any]])?.map { $0["number"] as? String } == ["208"])
            #expect(abridged["ndbNumber"] as? String == "9040")
            let many = try #require(
                try Self.json(try await client.get("/fdc/v1/foods?fdcIds=800009040,123456,800001001")) as? [[String: Any]])
            #expect(many.map { $0["fdcId"] as? Int } == [800_009_040, 800_001_001], "unknown ids are left out")
            #expect(try await client.get("/fdc/v1/food/9040").status == .notFound, "a bare NDB number is no fdcId")
            #expect(try await client.get("/fdc/v1/food/800009040?format=tiny").status == .badRequest)
            #expect(
                try await client.get("/fdc/v1/foods?fdcIds=" + (1...21).map { String(800_000_000 + $0) }.joined(separator: ",")).status
                    == .badRequest)
        }
    }

    @Test func aPersonalTokenIsTheApiKeyAndNothingElseGetsIn() async throws {
        try await TestEnvironment.withRunningApp(withFixtureCatalog: true) { client, _, config, _ in
            let accounts = try AccountsDatabase.open(path: config.accountsPath)
            let owner = try #require(try await accounts.account(named: TestPerson.name))
            let token = try await accounts.createToken(accountID: owner.id, name: "FDC script", now: TestEnvironment.fixedNow)
            #expect(try await client.execute(uri: "/fdc/v1/food/800009040?api_key=\(token.text)", method: .get).status == .ok)
            #expect(
                try await client.execute(uri: "/fdc/v1/food/800009040", method: .get, headers: [HTTPField.Name("X-Api-Key")!: token.text])
                    .status == .ok)
            #expect(try await client.execute(uri: "/fdc/v1/food/800009040?api_key=DEMO_KEY", method: .get).status == .unauthorized)
            #expect(try await client.execute(uri: "/fdc/v1/food/800009040", method: .get).status == .unauthorized)
            // Only on /fdc/v1: elsewhere a key in the address is no credential.
            #expect(try await client.execute(uri: "/api/foods/9040?api_key=\(token.text)", method: .get).status == .unauthorized)
        }
    }

    /// The client written for FoodData Central, pointed at this server's own `/fdc/v1`: the same
    /// code reads both, so the shapes are the same.
    @Test func ourFoodDataCentralClientReadsOurOwnAPI() async throws {
        try await TestEnvironment.withRunningApp(withFixtureCatalog: true, testing: .live) { client, _, config, _ in
            let accounts = try AccountsDatabase.open(path: config.accountsPath)
            let owner = try #require(try await accounts.account(named: TestPerson.name))
            let token = try await accounts.createToken(accountID: owner.id, name: "FDC client", now: TestEnvironment.fixedNow)
            let port = try #require(client.port)
            // No deadline of its own here: the suite's other tests load the machine.
            let fdc = FoodDataCentralClient(baseURL: URL(string: "http://localhost:\(port)/fdc")!, deadline: .seconds(120))
            let page = try await fdc.search(
                query: "broccoli", dataTypes: FoodDataCentralOnline.genericDataTypes, pageSize: 5, key: token.text)
            let broccoli = try #require(page.foods.first)
            #expect(broccoli.fdcId == 800_011_090 && broccoli.dataType == .srLegacy && broccoli.ndbNumber == "11090")
            #expect(broccoli.energyKcalPer100 != nil)
            let (details, _) = try await fdc.food(fdcId: broccoli.fdcId, key: token.text)
            #expect(details.nutrientsPer100 == broccoli.nutrientsPer100)
            #expect(
                details.portions == [
                    .init(amount: 1, description: "cup chopped", gramWeight: 91),
                    .init(amount: 0.5, description: "cup, chopped or diced", gramWeight: 44)
                ])
            await #expect(throws: OnlineProblem.keyRefused("API_KEY_INVALID")) {
                try await fdc.food(fdcId: broccoli.fdcId, key: "DEMO_KEY")
            }
        }
    }
}

import FoodDiaryBase
import Foundation
import HTTPTypes
import HummingbirdTesting
import MCP
import NIOCore
import FoodDiaryStorage
import Testing
@testable import FoodDiary
@testable import FoodDiaryApp
import FoodDiaryWeb

/// Issue 64: `/mcp` for the assistant a person chooses, driven by the Model Context Protocol's own
/// Swift client over a real socket, on the real USDA catalog.
@Suite(.serialized, .enabled(if: RealSR28.isPresent, "USDA SR28 not fetched: run scripts/fetch-data.sh"))
struct AssistantTests {
    /// A running app on the real catalog, reached through 127.0.0.1.
    static func withApp(_ body: @escaping @Sendable (LoopbackTestServer.Client, AppDatabase, AppConfig) async throws -> Void) async throws {
        try await TestEnvironment.withRunningApp(
            testing: .live, prepare: { config in try await RealSR28.copyCatalog(to: config.catalogPath) }
        ) { client, database, config, _ in
            try await body(try #require(client as? LoopbackTestServer.Client), database, config)
        }
    }

    /// A token made on the account page, as a person makes one.
    static func token(_ client: any TestClientProtocol, writes: Bool, session: String = TestPerson.sessionID, csrf: String = testToken)
        async throws -> String
    {
        let made = try await client.postForm(
            "/account/tokens",
            [
                ("current_password", TestPerson.password), ("name", writes ? "Claude Desktop" : "Reading assistant"),
                ("access", writes ? "write" : "read")
            ],
            token: csrf, session: session)
        return try #require(
            made.text.firstMatch(of: #/<input id="new-token-text" class="secret" value="(fdt_[A-Za-z0-9_-]+)"/#).map { String($0.output.1) }
        )
    }

    /// The official client, connected (initialised) with the token.
    static func connect(port: Int?, token: String) async throws -> MCP.Client {
        let transport = HTTPClientTransport(
            endpoint: URL(string: "http://127.0.0.1:\(try #require(port))/mcp")!, streaming: false,
            requestModifier: { request in
                var request = request
                request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
                return request
            })
        let client = MCP.Client(name: "FoodDiary tests", version: "1")
        _ = try await client.connect(transport: transport)
        return client
    }

    static func call(_ client: MCP.Client, _ name: String, _ arguments: [String: Value] = [:]) async throws -> CallTool.Result {
        let context: RequestContext<CallTool.Result> = try await client.callTool(name: name, arguments: arguments)
        return try await context.value
    }

    /// A JSON number as MCP's value holds it: whole numbers arrive as integers.
    static func number(_ value: Value?) -> Double? { value?.doubleValue ?? value?.intValue.map(Double.init) }

    /// The first place two values part, for a failing comparison's message.
    static func difference(_ a: Value?, _ b: Value?, at path: String = "") -> String {
        switch (a, b) {
        case (.object(let x)?, .object(let y)?):
            for key in Set(x.keys).union(y.keys).sorted() where x[key] != y[key] { return difference(x[key], y[key], at: path + "." + key) }
            return ""
        case (.array(let x)?, .array(let y)?) where x.count == y.count:
            for (index, pair) in zip(x, y).enumerated() where pair.0 != pair.1 {
                return difference(pair.0, pair.1, at: path + "[\(index)]")
            }
            return ""
        default: return "\(path): \(String(describing: a)) ≠ \(String(describing: b))"
        }
    }

    static func text(_ result: CallTool.Result) -> String {
        result.content.compactMap { if case .text(let text, _, _) = $0 { text } else { nil } }.joined(separator: "\n")
    }

    @Test func anAssistantFindsReadsLogsAndUndoes() async throws {
        try await Self.withApp { client, database, _ in
            let assistant = try await Self.connect(port: client.port, token: try await Self.token(client, writes: true))
            let tools = try await assistant.listTools().tools.map(\.name)
            #expect(Set(tools) == Set(AssistantTool.allCases.map(\.rawValue)))

            // Bananas found, with the amount one tap adds.
            let found = try await Self.call(assistant, "search_foods", ["query": "banana"])
            let foods = try #require(found.structuredContent?.objectValue?["foods"]?.arrayValue)
            let banana = try #require(foods.first { $0.objectValue?["name"]?.stringValue == "Bananas, raw" }?.objectValue)
            #expect(
                banana["id"]?.stringValue == "catalog:9040" && banana["oneTapAmount"]?.stringValue?.contains("medium") == true, "\(banana)")

            // Today read: nothing yet.
            let empty = try await Self.call(assistant, "read_day")
            #expect(
                empty.isError != true && empty.structuredContent?.objectValue?["day"]?.objectValue?["meals"]?.arrayValue?.isEmpty == true)

            // "a banana and a coffee", through the same parser and amounts as "What did you have?".
            let page = try await client.get("/log/text" + queryString(["text": "a banana and a coffee"])).text
            let proposed = TextLogTests.submitted(page).filter { $0.0.hasPrefix("amount.") }.map(\.1)
            let logged = try await Self.call(assistant, "log_foods", ["text": "a banana and a coffee", "slot": "breakfast"])
            #expect(logged.isError != true, "\(Self.text(logged))")
            let savedFoods = logged.structuredContent?.objectValue?["foods"]?.arrayValue ?? []
            let saved = savedFoods.compactMap(\.objectValue)
            #expect(!saved.isEmpty)
            #expect(
                zip(saved.map { $0["amount"]?.stringValue ?? "" }, proposed).allSatisfy { $0.hasPrefix($1) }
                    && saved.count == proposed.count,
                "the page's amounts: \(proposed)")
            #expect(saved.first?["name"]?.stringValue == "Bananas, raw" && Self.text(logged).contains("Saved to breakfast"))
            let entries = try await TextLogTests.entries(database)
            #expect(
                entries.map(\.food.description) == saved.map { $0["name"]?.stringValue ?? "" }
                    && entries.map(\.grams) == saved.map { Self.number($0["grams"]) },
                "\(entries.map(\.grams)) \(saved)")
            #expect(try await client.get("/today").text.contains("Bananas, raw"), "the diary shows what the assistant logged")

            // Taken back: the diary no longer has it, and the account page says what happened.
            let undone = try await Self.call(assistant, "undo_last")
            #expect(undone.isError != true && Self.text(undone).hasPrefix("Took back what was logged Bananas, raw"), "\(Self.text(undone))")
            let entriesLeft = try await TextLogTests.entries(database)
            let todayAfter = try await client.get("/today").text
            #expect(entriesLeft.isEmpty && !todayAfter.contains("Bananas, raw"))
            #expect(try await Self.call(assistant, "undo_last").isError == true, "once")
            let account = try await client.get("/account").text
            #expect(
                account.contains("Claude Desktop · logged Bananas, raw") && account.contains("(taken back)"), "noted on the account page")
        }
    }

    @Test func oneFoodWaterAndAWeighInAreSavedAsSaid() async throws {
        try await Self.withApp { client, database, _ in
            let assistant = try await Self.connect(port: client.port, token: try await Self.token(client, writes: true))
            let yogurt = try await Self.call(
                assistant, "log_food", ["id": "catalog:9040", "amount": "150 g", "date": "2026-03-08", "slot": "snacks"])
            #expect(
                Self.number(yogurt.structuredContent?.objectValue?["foods"]?.arrayValue?.first?.objectValue?["grams"]) == 150,
                "\(Self.text(yogurt))")
            #expect(yogurt.structuredContent?.objectValue?["date"]?.stringValue == "2026-03-08")
            #expect(try await TextLogTests.entries(database).map(\.grams) == [150])
            // Butter with no amount: what one tap adds, a customary serving, never 100 g.
            let butter = try await Self.call(assistant, "log_food", ["id": "catalog:1001"])
            let butterGrams = Self.number(butter.structuredContent?.objectValue?["foods"]?.arrayValue?.first?.objectValue?["grams"]) ?? 0
            #expect(butter.isError != true && (4...15).contains(butterGrams), "\(Self.text(butter))")
            let water = try await Self.call(assistant, "log_water", ["millilitres": 330])
            #expect(water.isError != true && Self.text(water) == "Saved 330 ml of water on \(LocalDate(parsing: "2026-03-09")!.longText).")
            let weight = try await Self.call(assistant, "log_weight", ["pounds": 154.3])
            #expect(Self.text(weight).contains("70 kg"), "\(Self.text(weight))")
            let body = try await Self.call(assistant, "read_body")
            #expect(body.structuredContent?.objectValue?["measures"]?.arrayValue?.isEmpty == false)
            let undone = try await Self.call(assistant, "undo_last")
            #expect(Self.text(undone) == "Took back what was logged a weigh-in of 70 kg on 2026-03-09.", "the last write first")
            let weighIns = try await client.get("/api/body/weight").text
            #expect(weighIns.contains(#""readings":[]"#), "\(weighIns)")
            // Bad input is the tool's error, never the server's.
            for (name, arguments) in [
                ("log_water", ["millilitres": Value.int(0)]), ("log_food", ["id": .string("catalog:999999999")]),
                ("read_day", ["date": .string("2099-01-01")]), ("read_days", ["from": .string("2025-01-01")]),
                ("log_foods", ["text": .string("")]), ("search_foods", ["query": .int(5)]),
                // Issue 76: once a default serving, logged unasked.
                ("log_food", ["id": .string("catalog:9040"), "amount": .string("1e308 g")])
            ] as [(String, [String: Value])] {
                let refused = try await Self.call(assistant, name, arguments)
                #expect(refused.isError == true && !Self.text(refused).isEmpty, "\(name) \(arguments): \(Self.text(refused))")
            }
        }
    }

    /// Issue 82: the assistant reads the plan and its list, and adds to the list with a writing token.
    @Test func theAssistantReadsThePlanAndAddsToTheList() async throws {
        try await Self.withApp { client, database, _ in
            let chili = try await PlanTests.chili(database)
            try await PlanTests.plan(client, recipe: chili, servings: "2", day: "2026-03-10")
            let assistant = try await Self.connect(port: client.port, token: try await Self.token(client, writes: true))
            let added = try await Self.call(assistant, "add_to_shopping_list", ["name": "Kitchen roll", "amount": "2 packs"])
            #expect(added.isError != true && Self.text(added) == "Added Kitchen roll (2 packs) to the shopping list, under pantry.")
            let read = try await Self.call(assistant, "read_plan", ["from": "2026-03-09", "to": "2026-03-15"])
            let plan = read.structuredContent?.objectValue?["plan"]?.objectValue
            let tuesday = plan?["days"]?.arrayValue?[1].objectValue
            #expect(tuesday?["date"]?.stringValue == "2026-03-10", "\(Self.text(read))")
            #expect(tuesday?["planned"]?.arrayValue?.first?.objectValue?["name"]?.stringValue == "Chili")
            #expect(Self.number(tuesday?["totals"]?.objectValue?["energyKcal"]) == 1_000)
            let items = read.structuredContent?.objectValue?["shopping"]?.objectValue?["items"]?.arrayValue ?? []
            #expect(items.contains { $0.objectValue?["name"]?.stringValue == "Kitchen roll" && $0.objectValue?["own"]?.boolValue == true })
            #expect(items.contains { $0.objectValue?["amount"]?.stringValue == "1 onion" })
            // The API reads the same.
            #expect(try await client.get("/api/shopping?from=2026-03-09&to=2026-03-15").text.contains("Kitchen roll"))
            let undone = try await Self.call(assistant, "undo_last")
            #expect(Self.text(undone) == "Took back what was added Kitchen roll (2 packs) to the shopping list.", "\(Self.text(undone))")
            #expect(!(try await client.get("/shopping?from=2026-03-09&to=2026-03-15").text.contains("Kitchen roll")))
            let reader = try await Self.connect(port: client.port, token: try await Self.token(client, writes: false))
            #expect(try await Self.call(reader, "read_plan").isError != true)
            #expect(try await Self.call(reader, "add_to_shopping_list", ["name": "Tea"]).isError == true)
            #expect(try await Self.call(assistant, "read_plan", ["from": "2026-03-09", "to": "2026-06-09"]).isError == true)
        }
    }

    @Test func aTokenThatReadsIsOfferedNoWritingToolAndCannotWrite() async throws {
        try await Self.withApp { client, database, _ in
            let token = try await Self.token(client, writes: false)
            let assistant = try await Self.connect(port: client.port, token: token)
            let tools = try await assistant.listTools().tools
            #expect(
                tools.map(\.name) == AssistantTool.allCases.filter { !$0.writes }.map(\.rawValue)
                    && tools.allSatisfy { $0.annotations.readOnlyHint == true })
            let refused = try await Self.call(assistant, "log_foods", ["text": "a banana"])
            #expect(refused.isError == true && Self.text(refused).contains("may only read"))
            #expect(try await TextLogTests.entries(database).isEmpty)
            #expect(try await Self.call(assistant, "search_foods", ["query": "banana"]).isError != true)
            // And elsewhere in the API: a post that writes is refused, a read is not.
            let bearer: HTTPFields = [.authorization: "Bearer \(token)", .contentType: "application/json"]
            #expect(
                try await client.execute(
                    uri: "/api/health", method: HTTPTypes.HTTPRequest.Method.post, headers: bearer, body: ByteBuffer(string: "{}")
                ).status == .forbidden)
            #expect(try await client.execute(uri: "/api/meals", method: HTTPTypes.HTTPRequest.Method.get, headers: bearer).status == .ok)
        }
    }

    @Test func onlyATokenReachesIt() async throws {
        try await Self.withApp { client, _, _ in
            let initialize =
                #"{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "curl", "version": "1"}}}"#
            let json: HTTPFields = [.contentType: "application/json", .accept: "application/json, text/event-stream"]
            let nobody = try await client.execute(
                uri: "/mcp", method: HTTPTypes.HTTPRequest.Method.post, headers: json, body: ByteBuffer(string: initialize))
            #expect(nobody.status == .unauthorized && nobody.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true)
            var browser = json
            browser[.cookie] = browserCookies()
            let session = try await client.execute(
                uri: "/mcp", method: HTTPTypes.HTTPRequest.Method.post, headers: browser, body: ByteBuffer(string: initialize))
            #expect(
                [.unauthorized, .forbidden].contains(session.status) && !session.text.contains("serverInfo"),
                "a browser's session is not a token")
            var bearer = json
            bearer[.authorization] = "Bearer \(try await Self.token(client, writes: false))"
            let answered = try await client.execute(
                uri: "/mcp", method: HTTPTypes.HTTPRequest.Method.post, headers: bearer, body: ByteBuffer(string: initialize))
            #expect(answered.status == .ok && answered.text.contains(#""serverInfo""#))
            #expect(
                try await client.execute(uri: "/mcp", method: HTTPTypes.HTTPRequest.Method.get, headers: bearer).status
                    == .methodNotAllowed, "no stream from the server")
            let garbage = try await client.execute(
                uri: "/mcp", method: HTTPTypes.HTTPRequest.Method.post, headers: bearer, body: ByteBuffer(string: "{not json"))
            #expect(garbage.status == .badRequest)
        }
    }

    @Test func anotherPersonsDiaryIsNeverReached() async throws {
        try await Self.withApp { client, database, config in
            try await database.addMeal("2026-03-09T08:00", notes: "Sam's private breakfast")
            let sams = try await Self.connect(port: client.port, token: try await Self.token(client, writes: true))
            _ = try await Self.call(sams, "log_foods", ["text": "a banana", "slot": "breakfast"])
            let robin = try await TestPerson.addMember("Robin", in: config)
            let robins = try await Self.connect(
                port: client.port, token: try await Self.token(client, writes: true, session: robin.session, csrf: robin.token))
            let day = try await Self.call(robins, "read_day")
            #expect(
                day.structuredContent?.objectValue?["day"]?.objectValue?["meals"]?.arrayValue?.isEmpty == true, "Robin's own, empty diary")
            #expect(!Self.text(day).contains("private") && !String(describing: day.structuredContent).contains("Bananas"))
            #expect(try await Self.call(robins, "undo_last").isError == true, "Sam's assistant's log is not Robin's to take back")
            #expect(try await TextLogTests.entries(database).count == 1)
            let resource = try await robins.readResource(uri: "fooddiary://today")
            #expect(!String(describing: resource).contains("private") && !String(describing: resource).contains("Bananas"))
        }
    }

    /// What an assistant reads is what the JSON API gives for the same day and days, value for value.
    @Test func readsAreTheAPIsOwnFigures() async throws {
        try await Self.withApp { client, _, _ in
            try await client.postForm(
                "/log/text", TextLogTests.submitted(try await client.get("/log/text" + queryString(["text": TextLogTests.sentence])).text))
            let token = try await Self.token(client, writes: false)
            let assistant = try await Self.connect(port: client.port, token: token)
            func api(_ path: String) async throws -> Value? {
                let body = try await client.execute(
                    uri: path, method: HTTPTypes.HTTPRequest.Method.get, headers: [.authorization: "Bearer \(token)"]
                ).body
                return try JSONDecoder().decode(Value.self, from: Data(buffer: body))
            }
            let day = try await Self.call(assistant, "read_day", ["date": "2026-03-09"])
            let apiDay = try await api("/api/days/2026-03-09")
            #expect(
                day.structuredContent?.objectValue?["day"] == apiDay,
                "\(Self.difference(day.structuredContent?.objectValue?["day"], apiDay))")
            #expect(day.structuredContent?.objectValue?["nutrients"] == (try await api("/api/days/2026-03-09/nutrients")))
            let days = try await Self.call(assistant, "read_days", ["from": "2026-03-03", "to": "2026-03-09"])
            #expect(days.structuredContent == (try await api("/api/trends?days=7")), "a week of totals, as the trends give them")
            #expect(Self.text(days).contains("1 of the 7 days has meals logged"), "\(Self.text(days))")
            let body = try await Self.call(assistant, "read_body")
            #expect(body.structuredContent == (try await api("/api/body")))
        }
    }

    @Test func resourcesAndThePromptReadTheDiary() async throws {
        try await Self.withApp { client, _, _ in
            let assistant = try await Self.connect(port: client.port, token: try await Self.token(client, writes: false))
            let resources = try await assistant.listResources().resources.map(\.uri)
            #expect(resources == ["fooddiary://today", "fooddiary://goals"])
            let today = try await assistant.readResource(uri: "fooddiary://today")
            #expect(String(describing: today).contains("2026-03-09"))
            let prompt = try await assistant.getPrompt(name: "review_my_week")
            #expect(String(describing: prompt.messages).contains("2026-03-03 through 2026-03-09"))
        }
    }
}

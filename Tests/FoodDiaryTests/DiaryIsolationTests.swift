@preconcurrency import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import FoodDiary
import FoodDiaryWeb

/// Each person works in a diary of their own: no id in any address reads or changes another's.
@Suite struct DiaryIsolationTests {
    /// Addresses whose ids name shared things (the food catalog) or a date, which anyone may open.
    static let shared = ["/foods/", "/api/foods/", "/days/", "/api/days/"]

    @Test func noAddressReachesAnotherPersonsDiary() async throws {
        try await TestEnvironment.withRunningApp(withFixtureCatalog: true) { client, database, config, routes in
            // Sam's diary: a meal with a photo, a tag and a food, a saved food, a my food, a recipe with an ingredient, a token.
            let made = try await client.postMultipart(
                "/meals", fields: PlacesAndTagsTests.meal("2026-03-09T12:30", tags: "secret-tag", notes: "Sams secret lunch"),
                files: [MultipartFile(filename: "a.jpg", data: try PhotoUploadTests.sampleJPEG())])
            #expect(made.status == .seeOther)
            let meal = try #require(try await database.read { db in try MealQueries.listPage(db, page: 1) }?.meals.first)
            let sha = try #require(meal.photo?.sha256)
            try await client.postForm("/meals/\(meal.id)/foods", [("source", "catalog:9040"), ("amount", "g125")])
            try await client.postForm("/saved-foods", [("catalog_food", "9040")])
            try await client.postMultipart("/my-foods", fields: MyFoodsAndRecipesTests.granola)
            try await client.postMultipart("/recipes", fields: [("name", "Sams bake"), ("servings", "4")])
            try await client.postForm("/recipes/1/ingredients", [("source", "catalog:9040"), ("amount", "g250")])
            try await client.postForm("/account/tokens", [("current_password", TestPerson.password), ("name", "Sams script")])
            try await client.postForm("/body/weight", [("value", "71.3"), ("date", "2026-03-09")])
            // A measure of Sam's own: Robin's diary has weight and waist too, but not this.
            let arm = try #require(
                try await client.postForm("/settings/body/measures", [("name", "Sams arm"), ("unit", "cm")]).headers[.location])
            #expect(arm.hasPrefix("/body/own7"))
            try await client.postForm("/body/own7", [("value", "30"), ("date", "2026-03-09")])
            try await client.postForm("/water", [("millilitres", "250")])
            try await client.postForm("/activities", [("kind", "swimming_leisure"), ("minutes", "40")])
            try await client.postForm("/steps", [("steps", "9000")])
            func samsDiary() async throws -> [Int] {
                try await database.read { db in
                    try [
                        "meal", "food_entry", "saved_food", "my_food", "recipe", "recipe_ingredient", "photo", "tag", "body_measurement",
                        "water_drink", "activity", "movement_sample"
                    ].map {
                        try Int.fetchOne(db, sql: "SELECT count(*) FROM \($0)") ?? 0
                    }
                }
            }
            let before = try await samsDiary()
            #expect(before.allSatisfy { $0 > 0 }, "\(before)")
            // Sam's passkey is number 1, the number the walk below tries as Robin (issue 63).
            #expect(try await PasskeyTests.register(client, SoftAuthenticator(key: .es256(P256.Signing.PrivateKey()))).status == .ok)

            // Sam's note on the day and a report link (number 1, the number the walk below tries as Robin).
            try await client.postForm("/days/2026-03-09/note", [("note", "Sams secret note")])
            let shared = try await client.postForm("/reports/shares", [("from", "2026-03-01"), ("to", "2026-03-09"), ("days", "7")])
            let link = try #require(shared.text.firstMatch(of: /\/shared\/reports\/[A-Za-z0-9_-]{43}/).map { String($0.output) })

            let robin = try await TestPerson.addMember("Robin", in: config)
            #expect(!(try await client.get("/", session: robin.session).text.contains("secret lunch")), "Robin's list is Robin's")
            #expect(try await client.get("/", session: robin.session).text.contains("No meals yet"))
            for route in routes where !route.isPublic && route.path.contains(":") && !Self.shared.contains(where: route.path.hasPrefix) {
                let path = route.path.split(separator: "/", omittingEmptySubsequences: false).map { part -> String in
                    switch part {
                    case ":sha256": sha
                    case ":size": "thumb"
                    case ":date": "2026-03-09"
                    case ":key": "own7"
                    default: part.hasPrefix(":") ? "1" : String(part)
                    }
                }.joined(separator: "/")
                for method in route.methods {
                    let response =
                        method == .get
                        ? try await client.get(path, session: robin.session)
                        : try await client.postForm(
                            path, [("eaten_at", "2026-03-09T13:00"), ("confirm_name", "Sam")], token: robin.token, session: robin.session)
                    #expect(response.status.code >= 400, "\(method) \(path) answered \(response.status) to Robin")
                    #expect(!response.text.contains("Sams"), "\(method) \(path)")
                }
            }
            // Issue 64: the assistant's endpoint, with a token of Robin's that may write: every tool
            // and resource reaches Robin's diary, never Sam's, and nothing Sam's assistant logged is Robin's to undo.
            let assistantToken = try await client.postForm(
                "/account/tokens", [("current_password", TestPerson.password), ("name", "Robins assistant"), ("access", "write")],
                token: robin.token, session: robin.session)
            let robinsToken = try #require(assistantToken.text.firstMatch(of: /fdt_[A-Za-z0-9_-]{43}/).map { String($0.output) })
            let calls: [String] =
                AssistantTool.allCases.map { tool in
                    let arguments =
                        switch tool {
                        case .searchFoods: #"{"query": "bake"}"# // Sam's recipe is “Sams bake”
                        case .readDays: #"{"from": "2026-03-01"}"#
                        case .logFoods: #"{"text": "a banana"}"#
                        case .logFood: #"{"id": "my:1"}"#
                        case .logWater: #"{"millilitres": 200}"#
                        case .logWeight: #"{"kilograms": 60}"#
                        default: "{}"
                        }
                    return #"{"method": "tools/call", "params": {"name": "\#(tool.rawValue)", "arguments": \#(arguments)}}"#
                } + AssistantResource.allCases.map { #"{"method": "resources/read", "params": {"uri": "\#($0.rawValue)"}}"# }
            for (index, call) in calls.enumerated() {
                let body = "{\"jsonrpc\": \"2.0\", \"id\": \(index + 1), " + call.dropFirst()
                let answer = try await client.execute(
                    uri: "/mcp", method: .post,
                    headers: [
                        .authorization: "Bearer \(robinsToken)", .contentType: "application/json",
                        .accept: "application/json, text/event-stream"
                    ], body: .init(string: body))
                #expect(
                    answer.status == .ok && !answer.text.contains("Sams") && !answer.text.contains("secret"),
                    "\(call): \(answer.text.prefix(300))")
            }
            #expect(try await samsDiary() == before, "nothing of Sam's changed")
            // Issue 81: a link shows its maker's report alone; Robin's report and account are Robin's.
            try await client.postForm("/days/2026-03-09/note", [("note", "Robins own note")], token: robin.token, session: robin.session)
            let sharedPage = try await client.get(link, session: nil).text
            #expect(sharedPage.contains("Sams secret note") && !sharedPage.contains("Robins own note"))
            let robinsReport = try await client.get("/reports?from=2026-03-01&to=2026-03-09", session: robin.session).text
            #expect(robinsReport.contains("Robins own note") && !robinsReport.contains("Sams"))
            #expect(!(try await client.get("/account", session: robin.session).text.contains("Works until")), "Sam's link is not Robin's")
            #expect(try await client.get(link, session: nil).status == .ok, "Robin could not stop Sam's link")
            #expect(try await client.get("/account").text.contains("Test key"), "Sam's passkey is still Sam's")
            #expect(try await client.get("/photos/\(sha)/thumb").status == .ok, "Sam still sees Sam's photo")
            #expect(
                FileManager.default.fileExists(atPath: DiaryFiles(directory: config.diariesDirectory).databasePath(2)),
                "Robin's diary is its own file")
        }
    }
}

@Suite struct DiariesTests {
    @Test func aPersonMakesSwitchesRenamesAndDeletesDiaries() async throws {
        try await TestEnvironment.withRunningApp(withFixtureCatalog: true) { (client, database, config, _) async throws -> Void in
            try await database.addMeal("2026-03-09T12:30", notes: "Everyday lunch")
            #expect(try await client.get("/").text.contains("My diary"), "the top bar names the open diary")
            #expect(try await client.postForm("/diaries", [("name", "  ")]).status == .unprocessableContent)

            let made = try await client.postForm("/diaries", [("name", "Lisbon trip 2026 🇵🇹")])
            #expect(made.headers[.location] == "/?notice=diary_created")
            let trip = try await client.get("/").text
            #expect(trip.contains("No meals yet") && trip.contains("Lisbon trip 2026 🇵🇹"))
            try await client.postForm("/meals", [("eaten_at", "2026-03-10T13:00"), ("notes", "Pastéis de nata")])
            #expect(FileManager.default.fileExists(atPath: DiaryFiles(directory: config.diariesDirectory).databasePath(2)))
            #expect(try await database.mealCount() == 1, "the first diary is untouched")

            #expect(try await client.postForm("/diaries/1/open", []).headers[.location] == "/?notice=diary_opened")
            let everyday = try await client.get("/").text
            #expect(everyday.contains("Everyday lunch") && !everyday.contains("Pastéis"))

            #expect(
                try await client.postForm("/diaries/2/rename", [("name", "Lisbon & Porto")]).headers[.location] == "/diaries?notice=renamed"
            )
            #expect(try await client.get("/diaries").text.contains("Lisbon &amp; Porto"))

            #expect(try await client.postForm("/diaries/2/delete", [("confirm_name", "Lisbon")]).status == .unprocessableContent)
            #expect(
                try await client.postForm("/diaries/2/delete", [("confirm_name", "Lisbon & Porto")]).headers[.location]
                    == "/diaries?notice=deleted")
            #expect(
                !FileManager.default.fileExists(atPath: DiaryFiles(directory: config.diariesDirectory).folder(2)), "its file and photos go")
            let last = try await client.postForm("/diaries/1/delete", [("confirm_name", "My diary")])
            #expect(last.status == .conflict && last.text.contains("only diary"))
            #expect(try await database.mealCount() == 1)
        }
    }

    @Test func nobodyOpensRenamesOrDeletesAnotherPersonsDiary() async throws {
        try await TestEnvironment.withRunningApp { (client, database, config, _) async throws -> Void in
            try await database.addMeal("2026-03-09T12:30", notes: "Sams lunch")
            let robin = try await TestPerson.addMember("Robin", in: config)
            _ = try await client.get("/", session: robin.session)
            for (path, fields) in [
                ("/diaries/1/open", [(String, String)]()), ("/diaries/1/rename", [("name", "Mine now")]),
                ("/diaries/1/delete", [("confirm_name", "My diary")])
            ] {
                #expect(try await client.postForm(path, fields, token: robin.token, session: robin.session).status == .notFound, "\(path)")
            }
            #expect(try await client.get("/diaries/1/delete", session: robin.session).status == .notFound)
            #expect(!(try await client.get("/", session: robin.session).text.contains("Sams lunch")))
            let sams = try await client.get("/").text
            #expect(sams.contains("Sams lunch") && sams.contains("My diary"))
        }
    }

    /// A removed person's diary stays on disk, nobody's; it must not become a later owner's.
    @Test func aRemovedPersonsDiaryGoesToNobody() async throws {
        try await TestEnvironment.withRunningApp { (client, _, config, _) async throws -> Void in
            let robin = try await TestPerson.addMember("Robin", in: config)
            try await client.postForm(
                "/meals", [("eaten_at", "2026-03-09T13:00"), ("notes", "Robins private snack")], token: robin.token, session: robin.session)
            let accounts = try AccountsDatabase.open(path: config.accountsPath)
            _ = try await UserAdministration.remove(name: "Robin", accounts: accounts)
            _ = try await UserAdministration.add(
                name: "Kim", password: "olive oil and bread", owner: true, accounts: accounts, now: TestEnvironment.fixedNow)
            let kim = try #require(try await client.signIn("Kim", "olive oil and bread").cookie(Authentication.sessionCookie))
            let page = try await client.get("/", session: kim).text
            #expect(page.contains("No meals yet") && !page.contains("Robins private snack"))
            #expect(
                FileManager.default.fileExists(atPath: DiaryFiles(directory: config.diariesDirectory).databasePath(2)),
                "Robin's diary is kept")
        }
    }
}

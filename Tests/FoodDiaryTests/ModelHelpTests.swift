import Foundation
import Testing
@testable import FoodDiary
@testable import FoodDiaryApp
import FoodDiaryBase
import FoodDiaryStorage
import GRDB
import HummingbirdTesting
@testable import FoodDiaryPhotos

/// Help from a model the owner runs (issue 42): a meal's photo to proposed foods the person checks,
/// against a stand-in speaking chat completions; with the setting off, nothing is sent.
@Suite struct ModelHelpTests {
    static func withApp(
        model standIn: ChatCompletionsStandIn?, deadline: Duration = .seconds(60),
        _ body: @escaping @Sendable (any TestClientProtocol, AppDatabase, Int64) async throws -> Void
    ) async throws {
        try await TestEnvironment.withRunningApp(
            withFixtureCatalog: true, withGeoNamesFixture: true,
            configure: { config in
                config.model = standIn.map {
                    ModelEndpoint(baseURL: $0.baseURL, model: "qwen2.5vl:7b", key: "local-secret", deadline: deadline)
                }
            }
        ) { client, database, _, _ in
            let made = try await client.postMultipart(
                "/meals", fields: PlacesAndTagsTests.meal("2026-03-08T19:42", latitude: "51.5", longitude: "-0.12", notes: "Private notes"),
                files: [MultipartFile(filename: "dinner.jpg", data: try PhotoUploadTests.sampleJPEG(width: 2000, height: 1500))])
            let meal = try #require(
                made.headers[.location]?.firstMatch(of: /\/meals\/(\d+)/).flatMap { Int64($0.1) },
                "\(made.status) \(made.text.prefix(3000))")
            try await body(client, database, meal)
        }
    }

    static func labelPhoto() throws -> MultipartFile {
        MultipartFile(filename: "label.jpg", data: try PhotoUploadTests.sampleJPEG(width: 3000, height: 2000))
    }

    static func entryCount(_ database: AppDatabase) async throws -> Int {
        try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM food_entry") ?? 0 }
    }

    @Test func withTheSettingOffNothingIsSentAndNothingOffered() async throws {
        // No model named by the owner: the page says so, and asking is refused.
        try await Self.withApp(model: nil) { client, _, meal async throws in
            #expect(try await client.get("/settings/model").text.contains("Off. The server’s owner can name a model"))
            #expect(try await client.postForm("/settings/model", [("help", "on")]).status == .conflict)
            #expect(try await client.postForm("/meals/\(meal)/suggest", []).status == .notFound)
            #expect(!(try await client.get("/meals/\(meal)").text.contains("Suggest foods")))
            #expect(try await client.postMultipart("/my-foods/label", files: [Self.labelPhoto()]).status == .notFound)
        }
        // A model named, but this person has not opted in: no button, a refusal, and no request.
        let standIn = ChatCompletionsStandIn()
        try await standIn.start()
        try await Self.withApp(model: standIn) { client, _, meal async throws in
            let settings = try await client.get("/settings/model").text
            #expect(
                settings.contains("Off for you.") && settings.contains(standIn.baseURL.absoluteString) && !settings.contains("local-secret")
            )
            #expect(!(try await client.get("/meals/\(meal)").text.contains("Suggest foods")))
            #expect(try await client.postForm("/meals/\(meal)/suggest", []).status == .forbidden)
            #expect(!(try await client.get("/my-foods/new").text.contains("Read the label")))
            #expect(try await client.postMultipart("/my-foods/label", files: [Self.labelPhoto()]).status == .forbidden)
            #expect(standIn.requests.isEmpty, "nothing goes to the model until the person says yes")
        }
        await standIn.stop()
    }

    @Test func aMealsPhotoBecomesProposalsThePersonChecksAndConfirmingSavesThem() async throws {
        let standIn = ChatCompletionsStandIn()
        try await standIn.start()
        try await Self.withApp(model: standIn) { client, database, meal async throws in
            #expect(try await client.postForm("/settings/model", [("help", "on")]).status == .seeOther)
            #expect(try await client.get("/meals/\(meal)").text.contains("Suggest foods from the photo"))
            let asked = try await client.postForm("/meals/\(meal)/suggest", [])
            #expect(asked.status == .seeOther)
            let location = try #require(asked.headers[.location])
            #expect(location.hasPrefix("/log/text?meal=\(meal)&text=") && location.hasSuffix("&suggested=1"))
            #expect(try await Self.entryCount(database) == 0, "nothing is saved before the person confirms")

            // What was sent: the model, the schema, a 768 px photo without its place, the time and place name; never the notes.
            let request = try #require(standIn.requests.first)
            #expect(request["model"] as? String == "qwen2.5vl:7b")
            let format = request["response_format"] as? [String: Any], schema = format?["json_schema"] as? [String: Any]
            #expect(format?["type"] as? String == "json_schema" && schema?["name"] as? String == "meal_foods")
            let user = try #require((request["messages"] as? [[String: Any]])?.last?["content"] as? [[String: Any]])
            let hints = try #require(user.first?["text"] as? String)
            #expect(hints.contains("19:42") && hints.contains("Sunday 8 March 2026") && hints.contains("“London, England, GB”"))
            #expect(!String(describing: request).contains("Private notes"))
            let url = try #require((user.last?["image_url"] as? [String: Any])?["url"] as? String)
            #expect(url.hasPrefix("data:image/jpeg;base64,"))
            let jpeg = try #require(Data(base64Encoded: String(url.dropFirst("data:image/jpeg;base64,".count))))
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try jpeg.write(to: URL(fileURLWithPath: directory.path + "/sent.jpg"))
            let header = try ImageLibrary.header(directory.path + "/sent.jpg")
            #expect(max(header.width, header.height) == 768)
            #expect(try ImageLibrary.exif(directory.path + "/sent.jpg").latitude == nil, "no GPS leaves the house")

            // The proposals, as typed text would give them: mapped to catalog foods, the invented one said plainly.
            let page = try await client.get(location).text
            #expect(page.contains(TextLogController.suggestedNotice))
            #expect(page.contains("<option value=\"catalog:9040\" selected>Bananas, raw</option>"))
            #expect(
                page.contains("200 g unicorn steak") && page.contains("No food found."), "an invented food is said plainly, not guessed")
            #expect(!page.contains("plate"), "a weight no food has is left out")
            // A model's guess passes the same guard as a typed line: 400 g of butter is flagged, not trusted.
            let butterRow = try #require(page.firstRange(of: "400 g butter").map { String(page[$0.lowerBound...].prefix(3000)) })
            #expect(butterRow.contains("Check the amount"), "\(butterRow)")
            #expect(!String(page[..<page.range(of: "400 g butter")!.lowerBound]).contains("Check the amount"), "the banana is left alone")
            let added = try await client.postForm("/log/text", TextLogTests.submitted(page))
            #expect(added.status == .seeOther)
            let bananas = try await database.read { db in
                try Row.fetchAll(db, sql: "SELECT description, grams, energy_kcal FROM food_entry WHERE description = 'Bananas, raw'").map {
                    ($0[1] as Double, $0[2] as Double)
                }
            }
            #expect(bananas.count == 1 && bananas.first?.0 == 120 && bananas.first?.1 == 89 * 120 / 100, "exact: 89 kcal per 100 g × 120 g")
        }
        await standIn.stop()
    }

    @Test(arguments: [
        (ChatCompletionsStandIn.Mode.prose, "could not be read as a list of foods"), (.refusal, "declined to describe"),
        (.nothing, "saw no food"), (.failing, "refused or failed"), (.slow, "took too long")
    ])
    func aBadAnswerIsSaidPlainlyAndNothingIsSaved(mode: ChatCompletionsStandIn.Mode, said: String) async throws {
        let standIn = ChatCompletionsStandIn()
        try await standIn.start()
        standIn.mode = mode
        try await Self.withApp(model: standIn, deadline: .seconds(mode == .slow ? 2 : 60)) { client, database, meal async throws in
            #expect(try await client.postForm("/settings/model", [("help", "on")]).status == .seeOther)
            let asked = try await client.postForm("/meals/\(meal)/suggest", [])
            let location = try #require(asked.headers[.location])
            #expect(location.hasPrefix("/meals/\(meal)?notice=suggest_"))
            #expect(try await client.get(location).text.contains(said))
            #expect(try await Self.entryCount(database) == 0)
        }
        await standIn.stop()
    }

    /// Issue 59: a model that connects but answers slowly is slow, not out of reach: the next photo
    /// (this person's or anyone's) is still asked, and the page says which happened.
    @Test func aSlowAnswerLeavesTheModelOnForTheNextPhoto() async throws {
        let standIn = ChatCompletionsStandIn()
        try await standIn.start()
        standIn.mode = .slow
        try await Self.withApp(model: standIn, deadline: .seconds(2)) { client, _, meal async throws in
            #expect(try await client.postForm("/settings/model", [("help", "on")]).status == .seeOther)
            let slow = try await client.postForm("/meals/\(meal)/suggest", [])
            #expect(slow.headers[.location]?.hasPrefix("/meals/\(meal)?notice=suggest_timed_out") == true)
            standIn.mode = .foods
            let asked = standIn.requests.count
            let next = try await client.postForm("/meals/\(meal)/suggest", [])
            #expect(next.headers[.location]?.hasPrefix("/log/text?meal=\(meal)") == true, "\(next.headers[.location] ?? "")")
            #expect(standIn.requests.count == asked + 1, "the model was asked again, not written off as out of reach")
        }
        await standIn.stop()
    }

    /// "A photo of a nutrition label becomes one of My foods with its panel read out, confirmed field by field."
    @Test func aLabelPhotoFillsTheMyFoodFormForThePersonToCheck() async throws {
        let standIn = ChatCompletionsStandIn()
        try await standIn.start()
        try await Self.withApp(model: standIn) { client, database, _ async throws in
            #expect(try await client.postForm("/settings/model", [("help", "on")]).status == .seeOther)
            #expect(try await client.get("/my-foods/new").text.contains("Read the label"))
            // A text file is refused as any upload is, before the model hears of it.
            let fake = try await client.postMultipart(
                "/my-foods/label", files: [MultipartFile(filename: "label.jpg", data: Data("not a photo\n".utf8))])
            #expect(fake.status == .unsupportedMediaType && standIn.requests.isEmpty)

            let read = try await client.postMultipart("/my-foods/label", files: [Self.labelPhoto()])
            #expect(read.status == .ok)
            let page = read.text
            #expect(page.contains("Read by qwen2.5vl:7b from the label. Check each value"))
            #expect(page.contains(#"value="Oat bar, hazelnut""#) && page.contains(#"value="Hafer AG""#) && page.contains(#"value="40""#))
            #expect(page.contains(#"value="180""#))
            #expect(
                page.contains(#"value="4.5""#) && page.contains(#"value="95""#) && !page.contains("99999999"),
                "a value no bar has is left for the person")
            let request = try #require(standIn.requests.last)
            #expect(
                ((request["response_format"] as? [String: Any])?["json_schema"] as? [String: Any])?["name"] as? String == "nutrition_label")
            #expect(
                try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM my_food") } == 0, "nothing kept until saved"
            )

            // Saved as read, after the person's look: exact per serving.
            let saved = try await client.postMultipart(
                "/my-foods",
                fields: TextLogTests.submitted(page, formAction: "/my-foods")
                    .filter { $0.0 != "_csrf" })
            #expect(saved.status == .seeOther)
            let food = try await database.read { db in
                try Row.fetchOne(db, sql: "SELECT name, serving_grams, energy_kcal, protein_g, sodium_mg FROM my_food").map {
                    [
                        $0["name"] as String? ?? "", "\($0["serving_grams"] as Double? ?? 0)", "\($0["energy_kcal"] as Double? ?? 0)",
                        "\($0["protein_g"] as Double? ?? 0)", "\($0["sodium_mg"] as Double? ?? 0)"
                    ]
                }
            }
            #expect(food == ["Oat bar, hazelnut", "40.0", "180.0", "4.5", "95.0"])
        }
        await standIn.stop()
    }

    @Test func aFencedAnswerIsReadAndNamesLoseWhatWouldSplitALine() {
        let foods = SuggestedFood.read(content: "```json\n" + ChatCompletionsStandIn.foods + "\n```")
        #expect(
            foods == [
                SuggestedFood(name: "banana", grams: 120), SuggestedFood(name: "buttered toast white", grams: 45),
                SuggestedFood(name: "unicorn steak", grams: 200), SuggestedFood(name: "butter", grams: 400)
            ])
        #expect(SuggestedFood.read(content: "Sure! Here are the foods.") == nil)
        #expect(SuggestedFood.read(content: #"{"items": [{"name": "rice", "grams": 1e12}]}"#) == [])
        let endpoint = ModelEndpoint(baseURL: URL(string: "https://api.example.com/v1")!, model: "m", key: nil)
        #expect(endpoint.chatCompletionsURL.absoluteString == "https://api.example.com/v1/chat/completions")
        #expect(
            ModelEndpoint(baseURL: URL(string: "http://127.0.0.1:11434")!, model: "m", key: nil).chatCompletionsURL.path
                == "/v1/chat/completions")
    }
}

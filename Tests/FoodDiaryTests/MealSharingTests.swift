import FoodDiaryBase
import Foundation
import GRDB
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import FoodDiary
@testable import FoodDiaryApp
import FoodDiaryStorage
import FoodDiaryWeb

/// "Also log for…": one dinner, logged once, lands in each person's diary with their share.
@Suite struct MealSharingTests {
    /// The hidden fields of a share form: its share key, the meal's version, and whether it splits.
    static func formFields(_ page: String) throws -> [(String, String)] {
        let key = try #require(page.firstMatch(of: /name="share_key" value="([A-Za-z0-9_-]+)"/))
        let version = try #require(page.firstMatch(of: /name="meal_version" value="([0-9a-f]+)"/))
        return [("share_key", String(key.1)), ("meal_version", String(version.1))]
            + (page.contains(#"<input type="hidden" name="split" value="1">"#) ? [("split", "1")] : [])
    }

    @Test func byDefaultEachPersonHadTheSameAndTheSharersMealStaysAsItIs() async throws {
        try await TestEnvironment.withRunningApp(withFixtureCatalog: true) { client, database, config, _ in
            try await database.addMeal("2026-03-09T19:30", notes: "Toast for two")
            try await client.postForm("/meals/1/foods", [("source", "catalog:9040"), ("amount", "grams"), ("grams", "300")])
            _ = try await TestPerson.addMember("Robin", in: config)
            let robinID = try #require(try await AccountsDatabase.open(path: config.accountsPath).account(named: "Robin")).id
            let form = try await client.get("/meals/1/share").text
            // Issue 60: the one other person is who the meal is for, ticked already, above the meal's foods.
            #expect(
                form.contains(
                    #"<input type="checkbox" name="servings_\#(robinID)" value="1" checked> Robin <span class="muted">had the same · 267 kcal"#
                ))
            #expect(
                try #require(form.range(of: "Also log for</legend>")).lowerBound < (try #require(form.range(of: "Your meal · ")).lowerBound)
            )
            #expect(
                !form.contains("own_servings")
                    && form.contains(#"class="section-link" href="/meals/1/share?split=1">Shared a pot? Split it by servings instead"#),
                "splitting is the explicit other choice")
            let nobody = try await client.postForm("/meals/1/share", try Self.formFields(form))
            #expect(nobody.status == .unprocessableContent && nobody.text.contains("Tick at least one person"))
            #expect(try await Self.grams(database) == [300])

            let shared = try await client.postForm("/meals/1/share", try Self.formFields(form) + [("servings_\(robinID)", "1")])
            #expect(shared.headers[.location] == "/meals/1?notice=shared_same")
            #expect(try await Self.grams(database) == [300], "the sharer's meal is untouched: 267 kcal stays 267 kcal")
            #expect(try await Self.grams(try Self.robinsDiary(config)) == [300])
            #expect(try await client.get("/meals/1").text.contains("Also logged for Robin, who had 1 of 1 serving."))
            let split = try await client.get("/meals/1/share?split=1").text
            #expect(
                split.contains(#"data-energy="267.0""#) && split.contains("your meal keeps only your share"),
                "the split page previews its effect")
        }
    }

    static func robinsDiary(_ config: AppConfig) throws -> AppDatabase {
        try AppDatabase.open(path: DiaryFiles(directory: config.diariesDirectory).databasePath(2))
    }

    static func grams(_ database: AppDatabase) async throws -> [Double?] {
        try await database.read { db in try Double?.fetchAll(db, sql: "SELECT grams FROM food_entry ORDER BY id") }
    }

    @Test func aSharedDinnerLandsInBothDiariesWithEachPersonsShare() async throws {
        try await TestEnvironment.withRunningApp(withFixtureCatalog: true) { client, database, config, _ in
            let made = try await client.postMultipart(
                "/meals",
                fields: PlacesAndTagsTests.meal(
                    "2026-03-09T19:30", latitude: "38.7223", longitude: "-9.1393", tags: "dinner",
                    notes: "Bacalhau à Brás 🐟 & salad"),
                files: [MultipartFile(filename: "dinner.jpg", data: try PhotoUploadTests.sampleJPEG())])
            #expect(made.status == .seeOther)
            try await client.postForm("/places/1", [("name", "Our kitchen")])
            try await client.postForm("/meals/1/foods", [("source", "catalog:9040"), ("amount", "grams"), ("grams", "300")])
            try await client.postForm("/meals/1/foods/quick", [("name", "Pot of rice"), ("energy_kcal", "900"), ("protein_g", "18")])
            let robin = try await TestPerson.addMember("Robin", in: config)
            _ = try await client.get("/", session: robin.session)
            let robinID = try #require(try await AccountsDatabase.open(path: config.accountsPath).account(named: "Robin")).id

            let form = try await client.get("/meals/1/share?split=1")
            #expect(form.status == .ok && form.text.contains("Robin had"))
            let fields = try Self.formFields(form.text) + [("own_servings", "1"), ("servings_\(robinID)", "2")]
            let shared = try await client.postForm("/meals/1/share", fields)
            #expect(shared.headers[.location] == "/meals/1?notice=shared")

            // Sam kept a third: 100 g of banana and 300 kcal of rice, each scaled from its own snapshot.
            #expect(try await Self.grams(database) == [100, nil])
            let sams = try await database.read { db in try #require(try MealQueries.mealFoods(db, mealID: 1)) }
            #expect(sams.entries[0].nutrients == sams.entries[0].food.nutrients(forGrams: 100))
            #expect(abs(sams.totals[.energyKcal]! - (89 + 300)) < 1e-9)
            #expect(try await client.get("/meals/1").text.contains("Also logged for Robin, who had 2 of 3 servings."))

            // Robin has two thirds, with the time, place name, photo, notes and tags.
            let robins = try Self.robinsDiary(config)
            #expect(try await Self.grams(robins) == [200, nil])
            let copy = try await robins.read { db in try #require(try MealQueries.mealFoods(db, mealID: 1)) }
            #expect(abs(copy.totals[.energyKcal]! - (178 + 600)) < 1e-9)
            #expect(copy.entries[1].food.basisGrams == nil && copy.entries[1].nutrients[.proteinG] == 12)
            #expect(copy.meal.eatenAt.description == "2026-03-09T19:30" && copy.meal.place?.name == "Our kitchen")
            #expect(copy.meal.notes == "Bacalhau à Brás 🐟 & salad" && copy.meal.tags.map(\.name) == ["dinner"])
            let robinsPage = try await client.get("/meals/1", session: robin.session).text
            #expect(
                robinsPage.contains("Shared by Sam: your share is 2 of 3 servings.") && robinsPage.contains("Bacalhau à Brás 🐟 &amp; salad")
            )
            let sha = try #require(copy.meal.photo?.sha256)
            #expect(try await client.get("/photos/\(sha)/thumb", session: robin.session).status == .ok, "Robin's diary holds the photo")
            let robinsThumb =
                DiaryFiles(directory: config.diariesDirectory).photosDirectory(2) + "/derived/\(sha.prefix(2))/\(sha)-thumb.jpg"
            #expect(
                try FileManager.default.attributesOfItem(atPath: robinsThumb)[.referenceCount] as? Int == 2,
                "Robin's thumbnail is Sam's file linked, not the photo decoded again")
            #expect(
                try FileManager.default.contentsOfDirectory(
                    atPath: DiaryFiles(directory: config.diariesDirectory).photosDirectory(2) + "/tmp"
                ).isEmpty)
            let robinsDay = try await client.get("/days/2026-03-09", session: robin.session).text
            #expect(robinsDay.contains("778 kcal"), "Robin's day counts Robin's share")
            #expect(try await client.get("/days/2026-03-09").text.contains("389 kcal"), "Sam's day counts Sam's share")

            // The same form sent again changes nothing.
            #expect(try await client.postForm("/meals/1/share", fields).headers[.location] == "/meals/1?notice=shared_already")
            #expect(try await Self.grams(database) == [100, nil])
            #expect(try await robins.mealCount() == 1)

            // The copy is Robin's to change or delete; Sam's meal stays.
            #expect(try await client.postForm("/meals/1/delete", [], token: robin.token, session: robin.session).status == .seeOther)
            #expect(try await robins.mealCount() == 0)
            #expect(try await database.mealCount() == 1)
            #expect(try await client.get("/photos/\(sha)/thumb").status == .ok, "Sam's photo stays with Sam's meal")
        }
    }

    @Test func mistakesAreShownAndNothingIsLogged() async throws {
        try await TestEnvironment.withRunningApp(withFixtureCatalog: true) { client, database, config, _ in
            try await database.addMeal("2026-03-09T19:30", notes: "Stew")
            try await client.postForm("/meals/1/foods", [("source", "catalog:9040"), ("amount", "grams"), ("grams", "300")])
            let alone = try await client.get("/meals/1/share?split=1").text
            #expect(!alone.contains("Log for everyone"), "with nobody else there is no share button")
            #expect(
                alone.contains("Nobody else uses this diary server yet") && alone.contains(#"href="/people">Add someone</a>"#),
                "but the owner is told how to add someone (issue 35)")
            let robin = try await TestPerson.addMember("Robin", in: config)
            let robinID = try #require(try await AccountsDatabase.open(path: config.accountsPath).account(named: "Robin")).id
            let hidden = try Self.formFields(try await client.get("/meals/1/share?split=1").text)
            let cases: [([(String, String)], String)] = [
                ([("own_servings", "1")], "at least one person"),
                ([("own_servings", "1"), ("servings_\(robinID)", "two")], "plain number"),
                ([("own_servings", "0"), ("servings_\(robinID)", "1")], "the servings you had"),
                ([("own_servings", "1"), ("servings_\(robinID)", "2"), ("total_servings", "2")], "at least 3"),
                ([("own_servings", "1e3"), ("servings_\(robinID)", "1")], "plain number")
            ]
            for (fields, message) in cases {
                let response = try await client.postForm("/meals/1/share", hidden + fields)
                #expect(response.status == .unprocessableContent, "\(fields)")
                #expect(response.text.contains(message), "\(fields)")
                #expect(response.text.contains("Nothing has been logged or changed"))
            }
            #expect(
                try await client.postForm("/meals/1/share", [("share_key", "guess"), ("own_servings", "1"), ("servings_\(robinID)", "1")])
                    .status == .badRequest)
            #expect(
                try await client.postForm("/meals/9/share", hidden + [("own_servings", "1"), ("servings_\(robinID)", "1")]).status
                    == .notFound)
            #expect(try await Self.grams(database) == [300])
            _ = try await client.get("/", session: robin.session)
            #expect(try await Self.robinsDiary(config).mealCount() == 0)
        }
    }

    /// Two tabs post the share form at once. Before, the version was read outside the write, and in
    /// 11 of 15 rounds both went through: a 400 g meal was logged as 100 + 200 + 200 g.
    @Test func twoSharesOfOneMealAtOnceDivideItOnce() async throws {
        try await TestEnvironment.withRunningApp(withFixtureCatalog: true) { client, database, config, _ in
            let robin = try await TestPerson.addMember("Robin", in: config)
            _ = try await client.get("/", session: robin.session)
            let robinID = try #require(try await AccountsDatabase.open(path: config.accountsPath).account(named: "Robin")).id
            for round in 1...15 {
                let meal = try await database.addMeal("2026-03-09T19:30", notes: "Round \(round)")
                try await client.postForm("/meals/\(meal)/foods", [("source", "catalog:9040"), ("amount", "grams"), ("grams", "400")])
                let tabs = [
                    try Self.formFields(try await client.get("/meals/\(meal)/share?split=1").text),
                    try Self.formFields(try await client.get("/meals/\(meal)/share?split=1").text)
                ]
                let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                    for tab in tabs {
                        group.addTask {
                            try await client.postForm("/meals/\(meal)/share", tab + [("own_servings", "1"), ("servings_\(robinID)", "1")])
                                .status
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(statuses.sorted { $0.code < $1.code } == [.seeOther, .conflict], "round \(round): \(statuses)")
                let kept = try await database.read { db in
                    try Double?.fetchAll(db, sql: "SELECT grams FROM food_entry WHERE meal_id = ?", arguments: [meal])
                }
                #expect(kept == [200], "round \(round)")
            }
            let copies = try await Self.robinsDiary(config).read { db in try Double?.fetchAll(db, sql: "SELECT grams FROM food_entry") }
            #expect(copies == Array(repeating: 200, count: 15), "one copy of each meal for Robin")
        }
    }

    /// "Cooked 6 servings, I had 2": the servings given need not add up to the pot.
    @Test func servingsOfALargerPotScaleByThePot() async throws {
        try await TestEnvironment.withRunningApp(withFixtureCatalog: true) { client, database, config, _ in
            try await database.addMeal("2026-03-09T19:30", notes: "Chilli for the week")
            try await client.postForm("/meals/1/foods", [("source", "catalog:9040"), ("amount", "grams"), ("grams", "1200")])
            let robin = try await TestPerson.addMember("Robin", in: config)
            let robinID = try #require(try await AccountsDatabase.open(path: config.accountsPath).account(named: "Robin")).id
            let hidden = try Self.formFields(try await client.get("/meals/1/share?split=1").text)
            let response = try await client.postForm(
                "/meals/1/share",
                hidden + [
                    ("total_servings", "6"), ("own_servings", "2"),
                    ("servings_\(robinID)", "1.5")
                ])
            #expect(response.status == .seeOther)
            #expect(try await Self.grams(database) == [400])
            _ = try await client.get("/", session: robin.session)
            #expect(try await Self.grams(try Self.robinsDiary(config)) == [300])
            let entry = try await database.read { db in try #require(try EntryQueries.entry(db, mealID: 1, entryID: 1)) }
            #expect(entry.portionLabel == "400 g, 2 of 6 servings of 1200 g")
        }
    }

    /// Two share pages opened at once (two tabs): the second one sent would divide Sam's share
    /// again, so it is refused and shown afresh.
    @Test func aFormOpenedBeforeAnotherShareIsRefused() async throws {
        try await TestEnvironment.withRunningApp(withFixtureCatalog: true) { client, database, config, _ in
            try await database.addMeal("2026-03-09T19:30", notes: "Soup")
            try await client.postForm("/meals/1/foods", [("source", "catalog:9040"), ("amount", "grams"), ("grams", "300")])
            _ = try await TestPerson.addMember("Robin", in: config)
            let robinID = try #require(try await AccountsDatabase.open(path: config.accountsPath).account(named: "Robin")).id
            let first = try Self.formFields(try await client.get("/meals/1/share?split=1").text)
            let second = try Self.formFields(try await client.get("/meals/1/share?split=1").text)
            let fields = [("own_servings", "1"), ("servings_\(robinID)", "2")]
            #expect(try await client.postForm("/meals/1/share", first + fields).status == .seeOther)
            let stale = try await client.postForm("/meals/1/share", second + fields)
            #expect(stale.status == .conflict && stale.text.contains("nothing was logged"))
            #expect(stale.text.contains("Also logged for Robin, who had 2 of 3 servings."), "the fresh form says what was shared")
            #expect(try await Self.grams(database) == [100])
            #expect(try await Self.robinsDiary(config).mealCount() == 1)
        }
    }

    /// The server stopped (kill -9) after Robin's copy was written and before Sam's meal was
    /// scaled: the browser sending the same form again finishes the share and copies nothing twice.
    @Test func aShareStoppedHalfWayIsFinishedBySendingItAgain() async throws {
        try await TestEnvironment.withRunningApp(withFixtureCatalog: true) { client, database, config, _ in
            try await database.addMeal("2026-03-09T19:30", notes: "Curry")
            try await client.postForm("/meals/1/foods", [("source", "catalog:9040"), ("amount", "grams"), ("grams", "300")])
            let robin = try await TestPerson.addMember("Robin", in: config)
            _ = try await client.get("/", session: robin.session)
            let robinID = try #require(try await AccountsDatabase.open(path: config.accountsPath).account(named: "Robin")).id
            let hidden = try Self.formFields(try await client.get("/meals/1/share?split=1").text)
            // What the first attempt got done: Robin's copy, under the form's key.
            let pot = try await database.read { db in try #require(try MealQueries.mealFoods(db, mealID: 1)) }
            let share = ServingShare(servings: 2, of: 3)
            _ = try await Self.robinsDiary(config).insertSharedCopy(
                SharedMealCopy(
                    key: hidden[0].1, sharedBy: "Sam", share: share, eatenAt: pot.meal.eatenAt, utcOffsetMinutes: 0, notes: "Curry",
                    location: nil, locationSource: nil, placeName: nil, photo: nil, tags: [], portions: pot.entries.map(share.portion(of:))),
                now: TestEnvironment.fixedNow)
            let again = try await client.postForm("/meals/1/share", hidden + [("own_servings", "1"), ("servings_\(robinID)", "2")])
            #expect(again.headers[.location] == "/meals/1?notice=shared")
            #expect(try await Self.grams(database) == [100])
            #expect(try await Self.grams(try Self.robinsDiary(config)) == [200], "one copy, not two")
        }
    }

    @Test func aShareOfAQuickAddScalesItsNumbersAndSnapshot() {
        let food = FoodSnapshot(
            dataType: .quickAdd, catalogFoodID: nil, ndbNumber: nil, description: "Takeaway", brandOwner: nil,
            basisGrams: nil, basis: NutrientValues([.energyKcal: 900, .fatG: 30]))
        let entry = FoodEntry(
            id: 1, mealID: 1, food: food, grams: nil, portionLabel: "Quick add", nutrients: food.basis,
            createdAt: TestEnvironment.fixedNow, updatedAt: TestEnvironment.fixedNow)
        let portion = ServingShare(servings: 1, of: 4).portion(of: entry)
        #expect(portion.nutrients == NutrientValues([.energyKcal: 225, .fatG: 7.5]))
        #expect(portion.food.nutrients(forGrams: nil) == portion.nutrients, "its snapshot says what was eaten, as any quick add's")
        #expect(portion.label == "Quick add, 1 of 4 servings")
        #expect(ServingShare(servings: 2, of: 2).portion(of: entry).nutrients == food.basis)
    }
}

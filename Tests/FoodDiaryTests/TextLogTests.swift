import FoodDiaryBase
@testable import FoodDiaryCatalog
import Foundation
import GRDB
import HummingbirdTesting
import Testing
import FoodDiaryStorage
import FoodDiaryWeb
@testable import FoodDiary
@testable import FoodDiaryApp

/// "What did you have?" on the real USDA data: a sentence becomes foods with amounts, each
/// changeable, all added with one tap in exact snapshots.
// One at a time: each test runs an app on a copy of the real catalog, and the whole run's tests
// in parallel already hold thousands of files open (Foundation's Process, which other tests use,
// crashes reading /proc/self/fd when there are too many).
@Suite(.serialized, .enabled(if: RealSR28.isPresent, "USDA SR28 not fetched: run scripts/fetch-data.sh"))
struct TextLogTests {
    static let sentence = "2 eggs, a slice of whole wheat toast with butter and a black coffee"

    /// An app whose catalog is the real one, copied in before it starts.
    static func withApp(_ body: @escaping @Sendable (any TestClientProtocol, AppDatabase) async throws -> Void) async throws {
        try await TestEnvironment.withRunningApp(prepare: { config in try await RealSR28.copyCatalog(to: config.catalogPath) }) {
            client, database, _, _ in
            try await body(client, database)
        }
    }

    /// The proposals form's fields as a browser sends them: hidden fields, ticked boxes, the
    /// selected food and the amount typed; `change` replaces some.
    static func submitted(_ page: String, formAction: String = "/log/text", change: [String: String] = [:], untick: Set<String> = []) -> [(
        String, String
    )] {
        guard let start = page.range(of: "<form method=\"post\" action=\"\(formAction)\"") else { return [] }
        let form = String(page[start.lowerBound...]).components(separatedBy: "</form>")[0]
        var fields: [(String, String)] = []
        for match in form.matches(of: /<input ([^>]*)>/) {
            let attributes = String(match.1)
            guard let name = attributes.firstMatch(of: /name="([^"]*)"/).map({ String($0.1) }) else { continue }
            if attributes.contains("type=\"checkbox\"") && (!attributes.contains("checked") || untick.contains(name)) { continue }
            let value = attributes.firstMatch(of: /value="([^"]*)"/).map { String($0.1) } ?? ""
            fields.append((name, Self.unescaped(value)))
        }
        for match in form.matches(of: /<textarea[^>]*name="([^"]*)"[^>]*>((?s:.*?))<\/textarea>/) {
            fields.append((String(match.1), Self.unescaped(String(match.2))))
        }
        for match in form.matches(of: /<select[^>]*name="([^"]*)"[^>]*>(?s:.*?)<option value="([^"]*)"[^>]* selected/) {
            fields.append((String(match.1), String(match.2)))
        }
        return fields.map { name, value in (name, change[name] ?? value) }
    }

    /// What the page's escaping turned back into the text the browser sends.
    static func unescaped(_ value: String) -> String {
        [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")].reduce(value) {
            $0.replacingOccurrences(of: $1.0, with: $1.1)
        }
    }

    static func entries(_ database: AppDatabase) async throws -> [FoodEntry] {
        try await database.read { db in try FoodEntry.fetchAll(db, sql: "SELECT \(FoodEntry.selectedColumns) FROM food_entry ORDER BY id") }
    }

    /// Issue 74: typed on yesterday's page at 12:34, the review offers which meal it is beside its
    /// Add button (the page's slot chosen), and makes the one picked there at its usual hour.
    @Test func theReviewOffersTheMealBesideAddAndMakesTheOneChosen() async throws {
        try await Self.withApp { client, database in
            let page = try await client.get("/log/text?day=2026-03-08&slot=snacks&text=2%20eggs").text
            #expect(
                page.contains(#"<div class="said-bar">"#)
                    && page.contains(#"<option value="snacks" data-time="15:30" selected>Snacks</option>"#))
            #expect(page.contains(#"<input type="time" name="time" value="15:30" required>"#))
            // Without the page's script the time stays as shown when the meal changes: the meal's usual hour is taken.
            let response = try await client.postForm("/log/text", Self.submitted(page, change: ["slot": "breakfast"]))
            #expect(response.status == .seeOther)
            let meal = try #require(try await database.read { db in try MealQueries.listPage(db, page: 1) }?.meals.first)
            #expect(meal.eatenAt.description == "2026-03-08T08:00", "yesterday's breakfast, as picked")
            let again = try await client.get("/log/text?meal=\(meal.id)&text=toast").text
            #expect(
                again.contains(#"<div class="said-bar">"#) && !again.contains(#"name="slot""#) && !again.contains(#"name="time""#),
                "a meal chosen already is not offered again, nor its time")
        }
    }

    /// Issue 74: "… for lunch" picks the meal the review offers, and is not read as a food.
    @Test func theMealNamedInTheWordsIsTheOneOffered() async throws {
        try await Self.withApp { client, _ in
            let page = try await client.get("/log/text?day=2026-03-08&slot=snacks&text=2%20eggs%20and%20toast%20for%20breakfast").text
            #expect(
                page.contains(#"<option value="breakfast" data-time="08:00" selected>"#) && page.contains(#"name="time" value="08:00""#))
            #expect(Self.submitted(page).filter { $0.0.hasPrefix("source.") }.count == 2, "eggs and toast, no third food")
            #expect(page.contains("Add 2 foods"))
            let today = try await client.get("/log/text?text=lunch:%20soup").text
            #expect(today.contains(#"<option value="lunch" data-time="12:34" selected>"#), "today's lunch, now (12:34)")
        }
    }

    @Test func theWordsThatNameAMealAreSetApartFromTheFoods() {
        let names = MealSlotNames([.dinner: "Tea"])
        let read = { (text: String) in SaidMeal(text, names: names).map { "\($0.slot.rawValue)|\($0.foods)" } }
        #expect(read("2 eggs and toast for breakfast") == "breakfast|2 eggs and toast")
        #expect(read("For lunch: soup and bread") == "lunch|soup and bread")
        #expect(read("for lunch soup") == "lunch|soup")
        #expect(read("Dinner - pasta, salad") == "dinner|pasta, salad")
        #expect(read("an apple as a snack.") == "snacks|an apple")
        #expect(read("fish and chips for tea") == "dinner|fish and chips", "the person's own name for dinner")
        #expect(read("breakfast burrito and coffee") == nil, "a food's name is not a meal")
        #expect(read("2 eggs") == nil)
    }

    /// Issue 74: a time typed for a new meal is its time; one that would put it under another meal
    /// is refused at the field, nothing saved.
    @Test func aTimeTypedIsTheNewMealsAndOneOutsideItsMealIsRefusedAtTheField() async throws {
        try await Self.withApp { client, database in
            let page = try await client.get("/log/text?day=2026-03-08&slot=breakfast&text=2%20eggs").text
            let refused = try await client.postForm("/log/text", Self.submitted(page, change: ["time": "15:30"]))
            #expect(refused.status == .unprocessableContent)
            let answer = refused.text
            #expect(answer.contains(#"name="time" value="15:30" required aria-invalid="true" aria-describedby="said-time-error""#))
            #expect(answer.contains("15:30 is snacks time; breakfast is from 04:00 to 10:59. Change the meal or the time."))
            #expect(
                try await client.postForm("/log/text", Self.submitted(page, change: ["time": "soon"])).text
                    .contains("Write the time as hours and minutes, like 07:30."))
            #expect(try await Self.entries(database).isEmpty)
            #expect(try await client.postForm("/log/text", Self.submitted(page, change: ["time": "09:15"])).status == .seeOther)
            let meal = try #require(try await database.read { db in try MealQueries.listPage(db, page: 1) }?.meals.first)
            #expect(meal.eatenAt.description == "2026-03-08T09:15")
        }
    }

    @Test func theIssuesSentenceBecomesFourFoodsAddedInOneTapWithExactTotals() async throws {
        try await Self.withApp { client, database in
            let page = try await client.get("/log/text" + queryString(["text": Self.sentence])).text
            let fields = Self.submitted(page)
            let sources = fields.filter { $0.0.hasPrefix("source.") }.map(\.1)
            let amounts = fields.filter { $0.0.hasPrefix("amount.") }.map(\.1)
            #expect(sources.count == 4 && amounts == ["2 large", "1 slice", "5 g", "1 cup"], "\(sources) \(amounts)")
            let response = try await client.postForm("/log/text", fields)
            #expect(response.status == .seeOther)
            #expect(response.headers[.location]?.contains("&through=") == true, "back on ＋ with one undo for the four")
            let entries = try await Self.entries(database)
            #expect(
                entries.map(\.food.description).map { $0.prefix(12) } == ["Egg, whole, ", "Bread, whole", "Butter, NFS", "Beverages, c"])
            #expect(entries.map(\.grams) == [100, 25, 5, 237])
            #expect(Set(entries.map(\.mealID)).count == 1, "one meal, made with the first food")
            // Exact: each entry is its catalog food's values for its grams, read afresh from the catalog.
            let catalog = try await RealSR28.catalog.value
            for entry in entries {
                let id = try #require(entry.food.catalogFoodID)
                let details = try #require(try await catalog.read { db in try FoodDetails.fetch(db, id: id) })
                #expect(entry.nutrients == FoodSnapshot(catalogFood: details).nutrients(forGrams: entry.grams))
            }
            let total = entries.map { $0.nutrients.value(.energyKcal, default: 0) }.reduce(0, +)
            #expect(page.contains("Add 4 foods · \(kcalText(total))"), "the page's total is what was saved")
            // Issue 39: the coffee's water (USDA nutrient 255) is kept, and the day shows the water in
            // what was eaten and drunk apart from the water drunk as water.
            #expect((230...237).contains(entries[3].nutrients[.waterG] ?? 0), "\(entries[3].nutrients[.waterG] ?? -1)")
            let water = entries.compactMap { $0.nutrients[.waterG] }.reduce(0, +)
            let today = try await client.get("/today").text
            #expect(today.contains("+ \(UnitSystem.metric.drinkText(millilitres: water)) in what you ate and drank"), "\(water)")
            #expect(today.contains("<strong>0 ml</strong>"), "none of it counts as water drunk")
        }
    }

    @Test func aFoodChangedToAnotherComesBackToCheckItsAmountBeforeAnythingIsSaved() async throws {
        try await Self.withApp { client, database in
            let page = try await client.get("/log/text?text=2%20eggs").text
            let other = try #require(page.firstMatch(of: /<option value="(catalog:\d+)">Egg, whole, cooked, hard-boiled/)).1
            let changed = try await client.postForm("/log/text", Self.submitted(page, change: ["source.0": String(other)]))
            #expect(changed.status == .unprocessableContent)
            #expect(changed.text.contains("Check the foods you changed") && changed.text.contains("<option value=\"\(other)\" selected>"))
            #expect(try await Self.entries(database).isEmpty)
            #expect(try await client.postForm("/log/text", Self.submitted(changed.text)).status == .seeOther)
            #expect(try await Self.entries(database).map(\.food.description) == ["Egg, whole, cooked, hard-boiled"])
        }
    }

    @Test func amountsAreTypedAsPeopleSayThemAndBadOnesAreExplained() async throws {
        try await Self.withApp { client, database in
            let page = try await client.get("/log/text?text=toast%20and%20milk").text
            let bad = try await client.postForm("/log/text", Self.submitted(page, change: ["amount.0": "lots"]))
            #expect(bad.status == .unprocessableContent)
            #expect(bad.text.contains("“lots” is not an amount"))
            let huge = try await client.postForm("/log/text", Self.submitted(page, change: ["amount.1": "40 l"]))
            #expect(huge.status == .unprocessableContent && huge.text.contains("between 0.1 and 5,000"))
            #expect(try await Self.entries(database).isEmpty)
            let typed = try await client.postForm("/log/text", Self.submitted(page, change: ["amount.0": "3 slices", "amount.1": "200 ml"]))
            #expect(typed.status == .seeOther)
            let entries = try await Self.entries(database)
            #expect(
                entries.count == 2 && entries[0].portionLabel.hasPrefix("3 × 1 slice") && entries[1].portionLabel.hasPrefix("200 ml"),
                "\(entries.map { ($0.food.description, $0.portionLabel) })")
        }
    }

    @Test func unknownWordsAreShownNeverDroppedAndUntickedFoodsStayOut() async throws {
        try await Self.withApp { client, database in
            let page = try await client.get("/log/text" + queryString(["text": "an apple, zzqxv & a café au lait 😀"])).text
            #expect(page.contains("“zzqxv”") && page.contains("No food found"))
            #expect(page.contains("/log?day=") && page.contains("q=zzqxv"), "a link to search for it instead")
            #expect(
                try await client.postForm("/log/text", Self.submitted(page, untick: ["keep.0", "keep.2"])).status == .unprocessableContent,
                "nothing ticked that could be added")
            #expect(try await client.postForm("/log/text", Self.submitted(page, untick: ["keep.2"])).status == .seeOther)
            #expect(try await Self.entries(database).map { $0.food.description.prefix(6) } == ["Apples"])
        }
    }

    @Test func thePersonsOwnFoodComesFirst() async throws {
        try await Self.withApp { client, database in
            _ = try await client.postMultipart("/my-foods", fields: MyFoodsAndRecipesTests.granola)
            let page = try await client.get("/log/text?text=2%20granola%20bars%20and%20a%20banana").text
            let fields = Self.submitted(page)
            #expect(fields.first { $0.0 == "source.0" }?.1.hasPrefix("my:") == true)
            #expect(fields.first { $0.0 == "amount.0" }?.1 == "2 bars")
            #expect(try await client.postForm("/log/text", fields).status == .seeOther)
            #expect(try await Self.entries(database).map(\.grams) == [80, 118])
        }
    }

    @Test func aMealsBoxAddsToThatMeal() async throws {
        try await Self.withApp { client, database in
            let meal = try await database.addMeal("2026-03-08T08:10", notes: "Breakfast")
            #expect(try await client.get("/meals/\(meal)").text.contains("<input type=\"hidden\" name=\"meal\" value=\"\(meal)\">"))
            let page = try await client.get("/log/text?meal=\(meal)&text=porridge").text
            #expect(try await client.postForm("/log/text", Self.submitted(page)).status == .seeOther)
            #expect(try await Self.entries(database).map(\.mealID) == [meal])
        }
    }

    @Test func aSearchOnPlusThatSaysAmountsOffersToReadItAsTyped() async throws {
        try await Self.withApp { client, _ async throws in
            #expect(
                try await client.get("/log?q=2%20eggs%2C%20toast").text.contains(
                    "href=\"/log/text?day=2026-03-09&amp;slot=lunch&amp;text=2%20eggs%2C%20toast\""))
            #expect(try await client.get("/log?q=banana").text.contains("/log/text?") == false)
            #expect(try await client.get("/log?q=mac%20and%20cheese").text.contains("/log/text?") == false, "it finds its dish")
            let nothing = try await client.get("/log?q=zzqxv%20with%20qqwyz").text
            #expect(nothing.contains("/log/text?") && !nothing.contains("Nothing matched"), "no dish has the words: each may be a food")
        }
    }

    @Test func hostileFormsAreRefusedWithoutAFiveHundred() async throws {
        try await Self.withApp { client, _ async throws in
            let long = String(repeating: "egg, ", count: 5_000)
            #expect(
                try await client.get("/log/text" + queryString(["text": long])).text.components(separatedBy: "class=\"said-row ").count - 1
                    == TypedFoods.maxFoods)
            #expect(try await client.postForm("/log/text", [("rows", "1000")]).status == .badRequest)
            #expect(
                try await client.postForm(
                    "/log/text", [("rows", "1"), ("typed.0", "egg"), ("keep.0", "1"), ("source.0", "catalog:999999999")]
                ).status == .notFound)
            #expect(
                try await client.postForm("/log/text", [("rows", "1"), ("typed.0", "egg"), ("keep.0", "1"), ("source.0", "recipe:77")])
                    .status == .notFound)
            #expect(
                try await client.postForm("/log/text", [("rows", "1"), ("typed.0", "egg"), ("keep.0", "1"), ("source.0", "../etc")]).status
                    .code < 500)
        }
    }
}

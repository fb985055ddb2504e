import FoodDiaryBase
import Foundation
import GRDB
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import FoodDiary
import FoodDiaryStorage
import FoodDiaryTools
import FoodDiaryWeb

/// Snap now, itemise later: photos that become meals, meals that wait for their foods without
/// ever counting as zero, and the quick ways to fill them in.
@Suite struct SnapAndItemiseTests {
    static let office = Coordinates(latitude: 51.5155, longitude: -0.0922)!
    /// About 120 m east of the office: another place, still "here".
    static let nextDoor = Coordinates(latitude: 51.5155, longitude: -0.0905)!
    /// About 2 km away.
    static let farAway = Coordinates(latitude: 51.5300, longitude: -0.1100)!

    static func food(_ name: String, kcalPer100g: Double, catalogID: Int64? = nil) -> FoodSnapshot {
        FoodSnapshot(
            dataType: .handTyped, catalogFoodID: catalogID, ndbNumber: nil, description: name, brandOwner: nil,
            basisGrams: 100, basis: NutrientValues([.energyKcal: kcalPer100g, .proteinG: 5]))
    }

    @discardableResult
    static func meal(
        _ database: AppDatabase, _ local: String, at point: Coordinates? = nil,
        foods: [(FoodSnapshot, Double)] = []
    ) async throws -> Int64 {
        let id = try await database.createMeal(
            MealInput(
                eatenAt: LocalDateTime(parsing: local)!, utcOffsetMinutes: 0, notes: "",
                location: point.map { .point($0, source: .typed) } ?? .none), now: TestEnvironment.fixedNow)
        for (food, grams) in foods {
            _ = try await database.addEntry(
                mealID: id, food: food, amount: ChosenAmount(grams: grams, label: "\(Int(grams)) g"),
                now: TestEnvironment.fixedNow)
        }
        return id
    }

    static func entries(_ database: AppDatabase, _ mealID: Int64) async throws -> [FoodEntry] {
        try await database.read { db in try MealQueries.mealFoods(db, mealID: mealID)?.entries ?? [] }
    }

    // MARK: - Snap

    @Test func threePhotosInOneUploadBecomeThreeMealsWithTheirOwnTimesAndPlaces() async throws {
        let paris = try PhotoUploadTests.sampleJPEG(taken: "2026:03:08 08:05:00", latitude: 48.85837, longitude: 2.29448)
        let london = try PhotoUploadTests.sampleJPEG(taken: "2026:03:08 12:40:00", latitude: 51.5155, longitude: -0.0922)
        // No EXIF at all: the upload's time, in the browser's offset, and the phone's location.
        let bare = try PhotoUploadTests.sampleJPEG(width: 640, taken: nil, latitude: nil, longitude: nil)
        try await TestEnvironment.withApp { client, database in
            let response = try await client.postMultipart(
                "/meals/snap", fields: [("utc_offset", "60"), ("latitude", "51.50135"), ("longitude", "-0.14189")],
                files: [
                    MultipartFile(filename: "IMG_1.jpg", data: paris), MultipartFile(filename: "IMG_2.jpg", data: london),
                    MultipartFile(filename: "IMG_3.jpg", data: bare)
                ])
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/meals/to-itemise?notice=snapped")
            let meals = try await database.read { db in try MealQueries.listPage(db, page: 1, of: .toItemise)?.meals ?? [] }
            #expect(meals.count == 3)
            let byTime = Dictionary(uniqueKeysWithValues: meals.map { ($0.eatenAt.description, $0) })
            let first = try #require(byTime["2026-03-08T08:05"]), second = try #require(byTime["2026-03-08T12:40"])
            let third = try #require(byTime["2026-03-09T13:34"], "no EXIF time: now (12:34 UTC) at the browser's +01:00")
            #expect(first.locationSource == .photo && abs(first.location!.latitude - 48.85837) < 1e-5)
            #expect(second.locationSource == .photo && abs(second.location!.longitude + 0.0922) < 1e-5)
            #expect(third.locationSource == .device && third.location == Coordinates(latitude: 51.50135, longitude: -0.14189))
            #expect(Set(meals.compactMap { $0.photo?.sha256 }).count == 3, "each meal shows its own photo")
            #expect(meals.allSatisfy { $0.foodCount == 0 })

            let waiting = try await client.get("/meals/to-itemise?notice=snapped").text
            #expect(waiting.contains("3 meals have a photo or a time but no foods yet"))
            #expect(waiting.contains("Photos saved as meals."))
            let list = try await client.get("/").text
            #expect(list.contains("3 meals to itemise"))
            for meal in meals { #expect(list.contains("/photos/\(meal.photo!.sha256)/thumb")) }
            #expect(
                !list.contains("meal-row-kcal\">0 kcal") && list.contains("to-itemise-badge\">To itemise"),
                "a meal with no foods shows “To itemise”, not zero")
        }
    }

    @Test func anOldPhotoWithoutGPSIsNotPlacedWhereThePhoneIsNow() async throws {
        let yesterday = try PhotoUploadTests.sampleJPEG(taken: "2026:03:08 19:00:00", latitude: nil, longitude: nil)
        try await TestEnvironment.withApp { client, database in
            let response = try await client.postMultipart(
                "/meals/snap", fields: [("utc_offset", "0"), ("latitude", "51.50135"), ("longitude", "-0.14189")],
                files: [MultipartFile(filename: "old.jpg", data: yesterday)], accept: "application/json")
            #expect(response.status == .created)
            let meal = try #require(try await database.read { db in try MealQueries.listPage(db, page: 1)?.meals.first })
            #expect(meal.eatenAt.description == "2026-03-08T19:00")
            #expect(meal.location == nil, "taken 17 hours ago: where the phone is now says nothing of it")
        }
    }

    @Test func aRetriedPhotoGivesBackItsMealAndAddsNothing() async throws {
        let jpeg = try PhotoUploadTests.sampleJPEG(taken: nil, latitude: nil, longitude: nil)
        try await TestEnvironment.withConfiguredApp { client, database, config in
            // The file's own time (File.lastModified) stands in for the missing EXIF time.
            let fileTime = "1773050400000" // 2026-03-09 10:00 UTC
            let first = try await client.postMultipart(
                "/meals/snap", fields: [("utc_offset", "0"), ("file_time_ms", fileTime)],
                files: [MultipartFile(filename: "a.jpg", data: jpeg)], accept: "application/json")
            #expect(first.status == .created)
            let answer = try JSONSerialization.jsonObject(with: Data(buffer: first.body)) as! [String: Any]
            let meal = try #require((answer["meals"] as? [[String: Any]])?.first)
            #expect(meal["isNew"] as? Bool == true && meal["time"] as? String == "10:00")
            // Issue 35: the page's "Today" strip was drawn before the photo; the answer gives its new count.
            #expect(answer["todayNotItemised"] as? String == "+ 1 meal not itemised")
            // The answer was lost; the phone sends the same photo again.
            let again = try await client.postMultipart(
                "/meals/snap", fields: [("utc_offset", "0"), ("file_time_ms", fileTime)],
                files: [MultipartFile(filename: "a.jpg", data: jpeg)], accept: "application/json")
            #expect(again.status == .ok)
            let second = try JSONSerialization.jsonObject(with: Data(buffer: again.body)) as! [String: Any]
            let same = try #require((second["meals"] as? [[String: Any]])?.first)
            #expect(same["id"] as? Int == meal["id"] as? Int && same["isNew"] as? Bool == false)
            #expect(try await database.mealCount() == 1)
            #expect(try await PhotoUploadTests.photoRows(database) == 1)
            #expect(PhotoUploadTests.storedFiles(config).count == 3, "one original, one large copy, one thumbnail")

            let text = try await client.postMultipart(
                "/meals/snap", files: [MultipartFile(filename: "notes.jpg", data: Data("just text\n".utf8))],
                accept: "application/json")
            #expect(text.status == .unsupportedMediaType)
            #expect(text.text.contains("is not a photo FoodDiary can keep"))
            let none = try await client.postMultipart("/meals/snap", fields: [("utc_offset", "0")], accept: "application/json")
            #expect(none.status == .unprocessableContent && none.text.contains("at least one photo"))
            let badTime = try await client.postMultipart(
                "/meals/snap", fields: [("file_time_ms", "yesterday")],
                files: [MultipartFile(filename: "a.jpg", data: jpeg)])
            #expect(badTime.status == .unprocessableContent && badTime.text.contains("milliseconds since 1970"))
            let badPlace = try await client.postMultipart(
                "/meals/snap", fields: [("latitude", "91"), ("longitude", "0")],
                files: [MultipartFile(filename: "a.jpg", data: jpeg)])
            #expect(badPlace.status == .unprocessableContent && badPlace.text.contains("Latitude must be between"))
            #expect(try await database.mealCount() == 1)
        }
    }

    @Test func aPhotoThatIsNotOneIsNamedWhileTheOthersAreKept() async throws {
        let jpeg = try PhotoUploadTests.sampleJPEG()
        try await TestEnvironment.withApp { client, database in
            let response = try await client.postMultipart(
                "/meals/snap",
                files: [
                    MultipartFile(filename: "dinner.jpg", data: jpeg),
                    MultipartFile(filename: "holiday <b>.jpg", data: Data("text wearing a .jpg name".utf8))
                ])
            #expect(response.status == .ok)
            #expect(response.text.contains("holiday &lt;b&gt;.jpg</strong>: That file is not a photo"))
            #expect(response.text.contains("dinner.jpg</strong>: Saved as the meal at 19:42"))
            #expect(try await database.mealCount() == 1)
        }
    }

    // MARK: - Never hidden, never zero

    @Test func aMealNotItemisedIsNeverCountedAsZero() async throws {
        try await TestEnvironment.withApp { client, database in
            try await database.setGoals(DailyGoals([.energyKcal: 2000]))
            // Monday 9 March (the app's today) has an itemised lunch and a breakfast photo still to itemise.
            try await Self.meal(database, "2026-03-09T12:30", foods: [(Self.food("Soup", kcalPer100g: 100), 500)])
            let breakfast = try await Self.meal(database, "2026-03-09T08:00")
            try await Self.meal(database, "2026-03-08T12:30", foods: [(Self.food("Soup", kcalPer100g: 100), 900)])

            let day = try await client.get("/days/2026-03-09").text
            #expect(day.contains("<strong>500 kcal</strong> <span class=\"not-itemised\">+ 1 meal not itemised</span>"))
            #expect(day.contains("1 meal to itemise") && day.contains("href=\"/meals/\(breakfast)\""))
            #expect(day.contains("to-itemise-badge\">To itemise"))
            let today = try await client.get("/today").text
            #expect(today.contains("+ 1 meal not itemised"))
            #expect(today.contains("status-not-itemised\">+ 1 meal not itemised"), "the strip on every page says so too")
            let meal = try await client.get("/meals/\(breakfast)").text
            #expect(meal.contains("<strong>To itemise</strong>") && !meal.contains("<strong>0 kcal</strong>"))

            let json =
                try JSONSerialization.jsonObject(with: Data(buffer: try await client.get("/api/days/2026-03-09").body)) as! [String: Any]
            #expect(json["mealsNotItemised"] as? Int == 1)
            let dayMeals = try #require(json["meals"] as? [[String: Any]])
            let waitingJSON = try #require(dayMeals.first { ($0["id"] as? NSNumber)?.int64Value == breakfast })
            #expect(waitingJSON["energyKcal"] is NSNull && waitingJSON["foodCount"] as? Int == 0, "unknown in JSON too, never 0 kcal")
            #expect(dayMeals.contains { $0["energyKcal"] as? Double == 500 })
            let detail =
                try JSONSerialization.jsonObject(with: Data(buffer: try await client.get("/api/meals/\(breakfast)").body)) as! [String: Any]
            #expect(detail["energyKcal"] is NSNull && (detail["totals"] as? [String: Any])?["energyKcal"] is NSNull)
            let trends = try await client.get("/trends?days=7").text
            #expect(
                trends.contains(
                    "Average 900 kcal a day over the 1 complete day with meals. 1 incomplete day (meals not itemised) left out."))
            #expect(trends.contains("chart-bar incomplete"))
            #expect(trends.contains("Monday 9 March 2026: 500 kcal, incomplete (+ 1 meal not itemised)"))
            let rows =
                try JSONSerialization.jsonObject(with: Data(buffer: try await client.get("/api/trends?days=7").body)) as! [String: Any]
            let last = try #require((rows["rows"] as? [[String: Any]])?.last)
            #expect(last["date"] as? String == "2026-03-09" && last["mealsNotItemised"] as? Int == 1)

            // Itemised, the day is whole again.
            #expect(
                try await client.postForm("/meals/\(breakfast)/foods/quick", [("name", "Porridge"), ("energy_kcal", "210")]).status
                    == .seeOther)
            let after = try await client.get("/days/2026-03-09").text
            #expect(after.contains("<strong>710 kcal</strong>") && !after.contains("not itemised") && !after.contains("to itemise"))
            // Another day's meal waiting: that day says so; the strip, about today, does not.
            try await Self.meal(database, "2026-03-07T12:00")
            let saturday = try await client.get("/days/2026-03-07").text
            #expect(saturday.contains("+ 1 meal not itemised") && !saturday.contains("status-not-itemised"))
        }
    }

    @Test func theCountOfFoodsTheDatabaseKeepsFollowsEveryChange() async throws {
        try await TestEnvironment.withDatabase { database in
            let id = try await Self.meal(database, "2026-03-09T12:30", foods: [(Self.food("Soup", kcalPer100g: 100), 500)])
            let other = try await Self.meal(database, "2026-03-09T13:30")
            func counts() async throws -> [Int] {
                try await database.read { db in try Int.fetchAll(db, sql: "SELECT entry_count FROM meal ORDER BY id") }
            }
            #expect(try await counts() == [1, 0])
            let entry = try #require(try await Self.entries(database, id).first)
            try await database.write { db in
                try db.execute(sql: "UPDATE food_entry SET meal_id = ? WHERE id = ?", arguments: [other, entry.id])
            }
            #expect(try await counts() == [0, 1])
            try await database.write { db in try db.execute(sql: "DELETE FROM food_entry") }
            #expect(try await counts() == [0, 0])
            #expect(try await database.read { db in try ItemisingQueries.waiting(db, limit: 6) }.count == 2)
        }
    }

    // MARK: - Like this one, and a quick estimate

    @Test func likeThisOneOffersMealsHereAtThisTimeAndCopiesTheirFoods() async throws {
        try await TestEnvironment.withApp { client, database in
            let soup = Self.food("Lentil soup", kcalPer100g: 90), bread = Self.food("Rye bread", kcalPer100g: 250)
            try await Self.meal(database, "2026-03-02T12:30", at: Self.office, foods: [(soup, 300), (bread, 60)])
            let latest = try await Self.meal(database, "2026-03-05T12:45", at: Self.office, foods: [(soup, 300), (bread, 60)])
            try await Self.meal(
                database, "2026-03-06T12:40", at: Self.nextDoor, foods: [(Self.food("Caesar salad", kcalPer100g: 150), 250)])
            try await Self.meal(database, "2026-03-06T19:00", at: Self.office, foods: [(Self.food("Office pizza", kcalPer100g: 260), 300)])
            try await Self.meal(database, "2026-03-07T12:30", at: Self.farAway, foods: [(Self.food("Burger", kcalPer100g: 250), 250)])
            let lunch = try await Self.meal(database, "2026-03-09T12:35", at: Self.office)

            let page = try await client.get("/meals/\(lunch)").text
            #expect(page.contains("Meals you had here at about this time of day."))
            #expect(page.contains("Lentil soup + Rye bread") && page.contains("had 2 times") && page.contains("Use these 2 foods"))
            #expect(page.contains("Caesar salad"), "120 m away is still here")
            #expect(!page.contains("Office pizza"), "dinner is not like lunch")
            #expect(!page.contains("Burger"), "2 km away is not here")
            let soupAt = try #require(page.range(of: "Lentil soup")), saladAt = try #require(page.range(of: "Caesar salad"))
            #expect(soupAt.lowerBound < saladAt.lowerBound, "the meal had most often comes first")
            let waitingFoods = try #require(page.range(of: "id=\"foods\"")), waitingWhere = try #require(page.range(of: "<h2>Where</h2>"))
            #expect(waitingFoods.lowerBound < waitingWhere.lowerBound, "a meal to itemise shows its foods first, above the map")
            #expect(page.components(separatedBy: "id=\"foods\"").count == 2, "one foods section")

            let copied = try await client.postForm("/meals/\(lunch)/like/\(latest)", [])
            #expect(copied.status == .seeOther && copied.headers[.location] == "/meals/\(lunch)?notice=like_copied#foods")
            let itemised = try await client.get("/meals/\(lunch)").text
            let foodsAt = try #require(itemised.range(of: "id=\"foods\"")), whereAt = try #require(itemised.range(of: "<h2>Where</h2>"))
            #expect(foodsAt.lowerBound < whereAt.lowerBound, "issue 60: once itemised, the meal's page still leads with its foods")
            let entries = try await Self.entries(database, lunch), source = try await Self.entries(database, latest)
            #expect(entries.map(\.food) == source.map(\.food) && entries.map(\.grams) == source.map(\.grams))
            #expect(entries.map { $0.nutrients } == source.map { $0.nutrients })
            // Amounts stay editable: the copy is an entry like any other.
            let changed = try await client.postForm("/meals/\(lunch)/foods/\(entries[0].id)", [("amount", "grams"), ("grams", "450")])
            #expect(changed.status == .seeOther)
            #expect(try await Self.entries(database, lunch)[0].grams == 450)
            #expect(try await Self.entries(database, latest)[0].grams == 300, "the past meal is untouched")

            #expect(try await client.postForm("/meals/\(lunch)/like/\(lunch)", []).status == .notFound)
            #expect(try await client.postForm("/meals/\(lunch)/like/99999", []).status == .notFound)
            #expect(try await client.postForm("/meals/99999/like/\(latest)", []).status == .notFound)
            #expect(try await client.postForm("/meals/\(lunch)/like/abc", []).status == .notFound)
        }
    }

    @Test func withoutAPlaceOrAnythingHereLikeThisOneLooksAtTheTimeOfDayLately() async throws {
        try await TestEnvironment.withApp { client, database in
            try await Self.meal(database, "2026-03-04T07:50", foods: [(Self.food("Porridge", kcalPer100g: 70), 300)])
            try await Self.meal(database, "2026-01-04T07:50", foods: [(Self.food("Old muesli", kcalPer100g: 350), 60)])
            try await Self.meal(database, "2026-03-04T13:00", foods: [(Self.food("Sandwich", kcalPer100g: 250), 200)])
            let breakfast = try await Self.meal(database, "2026-03-09T08:10")
            let page = try await client.get("/meals/\(breakfast)").text
            #expect(page.contains("Meals you had at about this time of day in the last 30 days."))
            #expect(page.contains("Porridge") && !page.contains("Old muesli") && !page.contains("Sandwich"))
            // Somewhere new: nothing was eaten here, so the time of day lately it is.
            let elsewhere = try await Self.meal(database, "2026-03-09T08:05", at: Self.farAway)
            let new = try await client.get("/meals/\(elsewhere)").text
            #expect(new.contains("Meals you had at about this time of day in the last 30 days.") && new.contains("Porridge"))
        }
    }

    @Test func aQuickEstimateCountsUntilTheFoodsReplaceIt() async throws {
        try await TestEnvironment.withApp { client, database in
            let meal = try await Self.meal(database, "2026-03-09T20:00")
            let wrong = try await client.postForm("/meals/\(meal)/estimate", [("kcal", "lots")])
            #expect(wrong.status == .unprocessableContent)
            #expect(wrong.text.contains("id=\"estimate-error\"") && wrong.text.contains("value=\"lots\""))
            let empty = try await client.postForm("/meals/\(meal)/estimate", [("kcal", " ")])
            #expect(empty.status == .unprocessableContent && empty.text.contains("Type about how much energy, like 600 kcal"))
            let ok = try await client.postForm("/meals/\(meal)/estimate", [("kcal", "650")])
            #expect(ok.status == .seeOther && ok.headers[.location] == "/meals/\(meal)?notice=estimated#foods")
            let entries = try await Self.entries(database, meal)
            #expect(entries.count == 1 && entries[0].food.description == "Quick estimate" && entries[0].nutrients[.energyKcal] == 650)
            let day = try await client.get("/days/2026-03-09").text
            #expect(day.contains("<strong>650 kcal</strong>") && !day.contains("not itemised"))
            #expect(try await client.postForm("/meals/99999/estimate", [("kcal", "650")]).status == .notFound)
        }
    }

    // MARK: - Usual foods

    @Test func atAPlaceVisitedOftenTheUsualFoodComesFirstInItsUsualAmount() async throws {
        try await TestEnvironment.withApp { client, database in
            let flatWhite = Self.food("Flat white", kcalPer100g: 50, catalogID: 9001)
            let croissant = Self.food("Croissant", kcalPer100g: 400), muffin = Self.food("Blueberry muffin", kcalPer100g: 380)
            for day in 1...4 { try await Self.meal(database, "2026-03-0\(day)T08:30", at: Self.office, foods: [(flatWhite, 240)]) }
            try await Self.meal(database, "2026-03-05T08:30", at: Self.office, foods: [(flatWhite, 480), (croissant, 60)])
            try await Self.meal(database, "2026-03-06T08:30", at: Self.office, foods: [(croissant, 60)])
            try await Self.meal(database, "2026-03-07T08:30", at: Self.nextDoor, foods: [(muffin, 110)])
            try await Self.meal(database, "2026-03-07T08:30", at: Self.farAway, foods: [(Self.food("Bagel", kcalPer100g: 270), 100)])
            let coffee = try await Self.meal(database, "2026-03-09T08:40", at: Self.office)

            let page = try await client.get("/meals/\(coffee)/foods/new").text
            #expect(page.contains("Last time here"))
            let order = ["Flat white", "Croissant", "Blueberry muffin"].compactMap { page.range(of: $0)?.lowerBound }
            #expect(order.count == 3 && order == order.sorted(), "most logged here first")
            #expect(page.contains("240 g · 5 times · 120 kcal"), "its usual amount (4 of 5 times), not the latest")
            #expect(!page.contains("Bagel"))

            let usual = try await database.read { db in try FoodSuggestions.forMeal(db, try MealQueries.meal(db, id: coffee)!) }
            let first = try #require(usual?.foods.first)
            let added = try await client.postForm("/meals/\(coffee)/foods/usual", [("entry", String(first.entryID))])
            #expect(added.status == .seeOther && added.headers[.location] == "/meals/\(coffee)?notice=food_added#foods")
            let entries = try await Self.entries(database, coffee)
            #expect(
                entries.count == 1 && entries[0].food == flatWhite && entries[0].grams == 240 && entries[0].nutrients[.energyKcal] == 120)
            let after = try await client.get("/meals/\(coffee)/foods/new").text
            #expect(!after.contains("Flat white") && after.contains("Croissant"), "what the meal has is not suggested again")

            #expect(try await client.postForm("/meals/\(coffee)/foods/usual", [("entry", "abc")]).status == .badRequest)
            #expect(try await client.postForm("/meals/\(coffee)/foods/usual", [("entry", "99999")]).status == .notFound)
            #expect(try await client.postForm("/meals/99999/foods/usual", [("entry", String(first.entryID))]).status == .notFound)
        }
    }

    @Test func withoutAPlaceTheFoodsUsualAtThisTimeAreSuggested() async throws {
        try await TestEnvironment.withApp { client, database in
            for day in 2...4 {
                try await Self.meal(database, "2026-03-0\(day)T07:45", foods: [(Self.food("Porridge", kcalPer100g: 70), 300)])
            }
            try await Self.meal(database, "2026-03-04T12:45", foods: [(Self.food("Sandwich", kcalPer100g: 250), 200)])
            try await Self.meal(database, "2026-01-10T07:45", foods: [(Self.food("Old muesli", kcalPer100g: 350), 60)])
            let breakfast = try await Self.meal(database, "2026-03-09T08:15")
            let page = try await client.get("/meals/\(breakfast)/foods/new").text
            #expect(page.contains("Usually at this time") && page.contains("Porridge"))
            #expect(!page.contains("Sandwich") && !page.contains("Old muesli"))
            // A search shows the search, not the suggestions.
            #expect(!(try await client.get("/meals/\(breakfast)/foods/new?q=oats").text.contains("Usually at this time")))
            // Issue 35: an unusual hour with no place once got nothing; now the foods of the last meals.
            let lonely = try await Self.meal(database, "2026-03-09T03:00")
            let often = try await client.get("/meals/\(lonely)/foods/new").text
            #expect(often.contains("What you have often") && often.contains("Porridge") && often.contains("Old muesli"))
        }
    }

    @Test func aDiaryWithNoHistorySuggestsNothingAndShowsNoEmptyRow() async throws {
        try await TestEnvironment.withApp { client, database in
            let first = try await Self.meal(database, "2026-03-09T03:00")
            #expect(!(try await client.get("/meals/\(first)/foods/new").text.contains("usual-heading")), "nothing to suggest, no empty row")
        }
    }

    @Test func theSuggestionBenchmarkAsksEachQuestionOfAMealHereAndOneWithNoPlace() async throws {
        try await TestEnvironment.withDatabase { database in
            for day in 1...3 {
                try await Self.meal(
                    database, "2026-03-0\(day)T12:20", at: Self.office, foods: [(Self.food("Lentil soup", kcalPer100g: 90), 300)])
                try await Self.meal(database, "2026-03-0\(day)T08:10", foods: [(Self.food("Porridge", kcalPer100g: 70), 300)])
            }
            let figures = try await SuggestionBenchmark.run(database, rounds: 3, now: TestEnvironment.fixedNow)
            #expect(figures.meals == 6 && figures.mealsAtBusiestPlace == 3)
            #expect(figures.rows.map(\.shown) == [1, 1, 1, 1, 1], "each question found what the diary holds")
            #expect(figures.rows.allSatisfy { $0.p50Milliseconds > 0 && $0.p99Milliseconds >= $0.p50Milliseconds })
        }
    }
}

import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import FoodDiary
import FoodDiaryWeb

@Suite struct MealPagesTests {
    @Test func emptyListInvitesTheFirstMeal() async throws {
        try await TestEnvironment.withApp { client, _ in
            let response = try await client.get("/")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            #expect(response.text.contains("No meals yet"))
        }
    }

    @Test func newFormDefaultsToNowAndCarriesTheBrowsersToken() async throws {
        let newYork = TimeZone(identifier: "America/New_York")!
        try await TestEnvironment.withApp(timeZone: newYork) { client, _ in
            let page = try await client.get("/meals/new").text
            #expect(page.contains(#"name="eaten_at" value="2026-03-09T08:34""#))
            #expect(page.contains(#"name="utc_offset" id="utc_offset" value="-240""#))
            #expect(page.contains(#"name="_csrf" value="\#(testToken)""#))
            #expect(page.contains(#"href="/">Cancel</a>"#))
        }
    }

    /// Issue 35: "UTC+00:00" on every meal read as noise; only one eaten elsewhere says its zone.
    @Test func aMealEatenInTheServersZoneShowsNoOffset() async throws {
        try await TestEnvironment.withApp { client, _ in
            #expect(try await client.postForm("/meals", [("eaten_at", "2026-03-09T13:30"), ("utc_offset", "0")]).status == .seeOther)
            let page = try await client.get("/meals/1").text
            #expect(page.contains("13:30") && !page.contains("UTC+00:00") && !page.contains("time-zone"))
        }
    }

    @Test func savingAMealShowsItOnTheDetailPageAndTheList() async throws {
        try await TestEnvironment.withApp { client, database in
            let created = try await client.postForm(
                "/meals",
                [
                    ("eaten_at", "2026-03-09T12:30"), ("utc_offset", "60"), ("notes", "Pasta <script>alert(1)</script>\r\nwith pesto")
                ])
            #expect(created.status == .seeOther)
            #expect(created.headers[.location] == "/meals/1?notice=created")

            let detail = try await client.get("/meals/1?notice=created").text
            #expect(detail.contains("Meal added."))
            #expect(detail.contains("Monday 9 March 2026"))
            #expect(detail.contains("UTC+01:00"), "eaten in another time zone than the server's (UTC)")
            #expect(detail.contains("Pasta &lt;script&gt;alert(1)&lt;/script&gt;\nwith pesto"))
            #expect(!detail.contains("<script>alert"))

            let list = try await client.get("/").text
            #expect(list.contains(#"<time datetime="2026-03-09">Monday 9 March 2026</time>"#))
            #expect(list.contains("12:30"))
            #expect(list.contains("Pasta &lt;script&gt;"))
            #expect(list.contains("0 kcal"))
            #expect(try await database.mealCount() == 1)
        }
    }

    /// The list and day pages are kept between changes to the diary; each kind of change must show at once.
    @Test func theListAndDayPagesFollowEveryChangeStraightAway() async throws {
        try await TestEnvironment.withFixtureApp { client, database in
            let id = try await database.addMeal("2026-03-09T12:30", notes: "Lunch")
            #expect(try await client.get("/").text.contains("0 kcal"))
            try await client.postForm("/meals/\(id)/foods", [("source", "catalog:9040"), ("amount", "g100")])
            #expect(try await client.get("/").text.contains("89 kcal"))
            try await client.postForm("/meals/\(id)/edit", [("eaten_at", "2026-03-09T12:30"), ("utc_offset", "0"), ("notes", "Late lunch")])
            #expect(try await client.get("/").text.contains("Late lunch"))
            #expect(try await client.get("/days/2026-03-09").text.contains("Late lunch"))
            try await client.postForm("/goals", [("energy_kcal", "1234")])
            #expect(try await client.get("/days/2026-03-09").text.contains("1,234"), "the day page follows the goals too")
            try await client.postForm("/meals/\(id)/delete", [])
            #expect(try await client.get("/").text.contains("No meals yet"))
            #expect(!(try await client.get("/days/2026-03-09").text.contains("Late lunch")))
        }
    }

    @Test func listSectionsDaysAcrossMidnightAndOffsetsNewestFirst() async throws {
        try await TestEnvironment.withApp { client, database in
            try await database.addMeal("2026-03-09T23:30", offset: 60, notes: "Paris dinner")
            try await database.addMeal("2026-03-10T00:15", offset: -300, notes: "New York snack")
            let html = try await client.get("/").text
            let tuesday = try #require(html.range(of: "Tuesday 10 March 2026"))
            let snack = try #require(html.range(of: "New York snack"))
            let monday = try #require(html.range(of: "Monday 9 March 2026"))
            let dinner = try #require(html.range(of: "Paris dinner"))
            #expect(tuesday.lowerBound < snack.lowerBound)
            #expect(snack.lowerBound < monday.lowerBound)
            #expect(monday.lowerBound < dinner.lowerBound)
        }
    }

    @Test func pagingLinksAndBadPageNumbers() async throws {
        try await TestEnvironment.withApp { client, database in
            for minute in 0..<51 {
                try await database.addMeal("2026-03-09T11:\(String(minute).leftPadded(to: 2))")
            }
            let first = try await client.get("/").text
            #expect(first.contains("Page 1 of 2"))
            #expect(first.contains(#"href="/?page=2""#))
            let second = try await client.get("/?page=2")
            #expect(second.status == .ok)
            #expect(second.text.contains("11:00"))
            #expect(try await client.get("/?page=3").status == .notFound)
            #expect(try await client.get("/?page=0").status == .badRequest)
            #expect(try await client.get("/?page=two").status == .badRequest)
        }
    }

    @Test(arguments: [
        ("", "Enter when you ate"),
        ("not a date", "“not a date” is not a date and time"),
        ("2026-02-30T12:00", "“2026-02-30T12:00” is not a date and time")
    ])
    func badDatesShowTheFormAgainWithWhatWasTyped(date: String, message: String) async throws {
        try await TestEnvironment.withApp { client, database in
            let response = try await client.postForm("/meals", [("eaten_at", date), ("notes", "my typed notes")])
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains(message))
            #expect(response.text.contains(">my typed notes</textarea>"))
            #expect(response.text.contains(#"name="_csrf" value="\#(testToken)""#))
            #expect(try await database.mealCount() == 0)
        }
    }

    @Test func overlongNotesAreRefusedAndKept() async throws {
        try await TestEnvironment.withApp { client, database in
            let notes = String(repeating: "n", count: 10_001)
            let response = try await client.postForm("/meals", [("eaten_at", "2026-03-09T12:30"), ("notes", notes)])
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains("at most 10,000 characters"))
            #expect(response.text.contains(notes))
            #expect(try await database.mealCount() == 0)
        }
    }

    @Test func editingChangesTheMealAndKeepsItsID() async throws {
        try await TestEnvironment.withApp { client, database in
            let id = try await database.addMeal("2026-03-09T12:30", offset: -300, notes: "before")
            let form = try await client.get("/meals/\(id)/edit").text
            #expect(form.contains(#"value="2026-03-09T12:30""#))
            #expect(form.contains(">before</textarea>"))

            let saved = try await client.postForm(
                "/meals/\(id)/edit",
                [
                    ("eaten_at", "2026-03-08T20:00"), ("utc_offset", "-300"), ("notes", "after")
                ])
            #expect(saved.status == .seeOther)
            #expect(saved.headers[.location] == "/meals/\(id)?notice=saved")
            let meal = try #require(try await database.read { db in try MealQueries.meal(db, id: id) })
            #expect(meal.notes == "after")
            #expect(meal.eatenAt.description == "2026-03-08T20:00")
            #expect(meal.utcOffsetMinutes == -300)
        }
    }

    @Test func invalidEditChangesNothing() async throws {
        try await TestEnvironment.withApp { client, database in
            let id = try await database.addMeal("2026-03-09T12:30", notes: "original")
            let response = try await client.postForm("/meals/\(id)/edit", [("eaten_at", "soon"), ("notes", "typed")])
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains(">typed</textarea>"))
            #expect(response.text.contains(#"action="/meals/\#(id)/edit""#))
            let meal = try await database.read { db in try MealQueries.meal(db, id: id) }
            #expect(meal?.notes == "original")
        }
    }

    @Test func deleteAsksFirstThenRemovesTheMeal() async throws {
        try await TestEnvironment.withApp { client, database in
            let id = try await database.addMeal("2026-03-09T12:30", notes: "to go")
            let confirm = try await client.get("/meals/\(id)/delete")
            #expect(confirm.status == .ok)
            #expect(confirm.text.contains("Delete this meal?"))
            #expect(confirm.text.contains(#"<form method="post" action="/meals/\#(id)/delete""#))
            #expect(try await database.mealCount() == 1)

            let deleted = try await client.postForm("/meals/\(id)/delete", [])
            #expect(deleted.status == .seeOther)
            #expect(deleted.headers[.location] == "/?notice=deleted")
            #expect(try await database.mealCount() == 0)
            #expect(try await client.get("/?notice=deleted").text.contains("Meal deleted."))
            #expect(try await client.get("/meals/\(id)").status == .notFound)
            #expect(try await client.postForm("/meals/\(id)/delete", []).status == .notFound)
        }
    }

    @Test(arguments: ["/meals/999", "/meals/abc", "/meals/-1", "/meals/999/edit", "/meals/999/delete", "/no/such/page"])
    func unknownAddressesGetAFriendly404(uri: String) async throws {
        try await TestEnvironment.withApp { client, _ in
            let response = try await client.get(uri)
            #expect(response.status == .notFound)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            #expect(response.text.contains("Back to your meals"))
        }
    }

    @Test func unknownMealOnEditPostIs404AndCreatesNothing() async throws {
        try await TestEnvironment.withApp { client, database in
            let response = try await client.postForm("/meals/999/edit", [("eaten_at", "2026-03-09T12:30")])
            #expect(response.status == .notFound)
            #expect(response.text.contains("There is no meal number 999"))
            #expect(try await database.mealCount() == 0)
        }
    }

    @Test(arguments: [
        ("/meals/1", HTTPRequest.Method.put, "GET, HEAD"),
        ("/meals/1", .delete, "GET, HEAD"),
        ("/meals", .delete, "GET, POST, HEAD"),
        ("/meals/1/delete", .patch, "GET, POST, HEAD"),
        ("/", .post, "GET, HEAD")
    ])
    func wrongMethodsGet405WithAllow(uri: String, method: HTTPRequest.Method, allow: String) async throws {
        try await TestEnvironment.withApp { client, database in
            try await database.addMeal("2026-03-09T12:30")
            let response = try await client.execute(uri: uri, method: method)
            #expect(response.status == .methodNotAllowed)
            #expect(response.headers[.allow] == allow)
            #expect(try await database.mealCount() == 1)
        }
    }

    @Test func staticFilesAreServedFromPublic() async throws {
        try await TestEnvironment.withApp { client, _ in
            let css = try await client.get("/static/css/app.css")
            #expect(css.status == .ok)
            #expect(css.headers[.contentType]?.hasPrefix("text/css") == true)
            #expect(try await client.get("/static/../Package.swift").status != .ok)
        }
    }
}

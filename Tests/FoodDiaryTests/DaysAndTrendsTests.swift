import FoodDiaryBase
import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import HummingbirdTesting
import Testing
@testable import FoodDiary
import FoodDiaryWeb

@Suite struct DaysAndTrendsTests {
    struct DayBody: Decodable {
        struct Meal: Decodable { let id: Int64; let localTime: String; let energyKcal: Double? }
        let date: String
        let meals: [Meal]
        let totals: FoodEntryTests.Nutrients
        let goals: [String: Double?]
    }

    struct TrendsBody: Decodable {
        struct Row: Decodable { let date: String; let mealCount: Int; let energyKcal: Double?; let proteinG: Double? }
        let days: Int
        let rows: [Row]
    }

    @Test func aDayHoldsTheMealsOfItsWallClockWhateverTheOffset() async throws {
        try await TestEnvironment.withFixtureApp { client, database in
            // 23:30 at UTC-05:00 is already the 10th in UTC, but it was eaten on the 9th.
            let late = try await database.addMeal("2026-03-09T23:30", offset: -300, notes: "late snack")
            let early = try await database.addMeal("2026-03-09T00:15", offset: 60, notes: "after midnight")
            try await database.addMeal("2026-03-10T00:00", offset: 0, notes: "next day")
            try await database.addMeal("2026-03-08T23:59", offset: 0, notes: "day before")
            try await client.postForm("/meals/\(late)/foods", [("source", "catalog:9040"), ("amount", "g125")])
            try await client.postForm("/meals/\(early)/foods", [("source", "catalog:1001"), ("amount", "g25")])

            let day = try JSONDecoder().decode(DayBody.self, from: Data(try await client.get("/api/days/2026-03-09").text.utf8))
            #expect(day.meals.map(\.id) == [early, late], "oldest first")
            #expect(day.totals.energyKcal == 89 * 1.25 + 717 * 0.25)
            #expect(day.totals.energyKcal == day.meals.compactMap(\.energyKcal).reduce(0, +))
            #expect(day.goals["energyKcal"] == .some(nil), "every goal is named, null when unset")

            let page = try await client.get("/days/2026-03-09").text
            #expect(
                page.contains("late snack") && page.contains("after midnight") && !page.contains("next day") && !page.contains("day before")
            )
            #expect(page.contains("/days/2026-03-08") && page.contains("/days/2026-03-10"), "previous and next")
            #expect(page.contains("Bananas, raw"), "each meal's foods are on the day")
            #expect(try await client.get("/days?date=2026-03-10").headers[.location] == "/days/2026-03-10")
            #expect(try await client.get("/days?date=yesterday").status == .badRequest)
            #expect(try await client.get("/days/2026-02-30").status == .notFound)
        }
    }

    @Test func todayIsTheServersLocalDayAndTheStripShowsItEverywhere() async throws {
        // fixedNow is 12:34 UTC on 9 March; in Auckland (UTC+13) it is already the 10th.
        try await TestEnvironment.withApp(timeZone: TimeZone(identifier: "Pacific/Auckland")!) { client, database in
            try await database.addMeal("2026-03-10T08:00", offset: 780, notes: "kiwi breakfast")
            let today = try await client.get("/today").text
            #expect(today.contains("kiwi breakfast") && today.contains("Tuesday 10 March 2026"))
            for page in ["/", "/foods", "/places", "/trends"] {
                #expect(try await client.get(page).text.contains("class=\"status-strip\""), "\(page) shows today's strip")
            }
        }
    }

    /// Issue 35: "Add a meal" on a past day's empty page opened a meal dated today, now.
    @Test func addingFromAPastDayOpensTheFormOnThatDay() async throws {
        try await TestEnvironment.withFixtureApp { client, _ in
            let empty = try await client.get("/days/2026-03-05").text
            #expect(empty.contains("href=\"/meals/new?day=2026-03-05\""), "the past day's own link")
            #expect(try await client.get("/days/2026-03-09").text.contains("href=\"/meals/new\""), "today's needs no day")
            let form = try await client.get("/meals/new?day=2026-03-05").text
            #expect(form.contains("value=\"2026-03-05T12:34\""), "that day, at the time of day it is now")
            // The browser fills in its own clock time, on that day rather than its own today.
            #expect(form.contains("data-day=\"2026-03-05\""))
            #expect(!(try await client.get("/meals/new").text.contains("data-day")))
            for wrong in ["yesterday", "2026-02-30", "%3Cb%3E"] {
                let refused = try await client.get("/meals/new?day=\(wrong)")
                #expect(refused.status == .badRequest && refused.text.contains("is not a day"), "\(wrong)")
            }
        }
    }

    /// Issue 35: the Goal and Average labels overlapped on a phone when the two were close.
    @Test func theGoalAndAverageLabelsNeverOverlap() throws {
        let days = (1...7).map { LocalDate(parsing: "2026-03-0\($0)")! }
        for (goal, average) in [
            (2000.0, 2050.0), (2000, 2200), (2000, 2300), (2000, 2400), (2000, 1950), (2000, 2000), (2000, 1200), (1500, 2600)
        ] {
            let chart = BarChartView(
                label: "Energy", days: days, stacks: days.map { _ in [(average, "kcal")] }, titles: days.map(\.description),
                unit: "kcal", goal: goal, average: average, overGoal: [], incomplete: [])
            let goalRule = try #require(chart.rules.first { $0.kind == "goal" }),
                averageRule = try #require(chart.rules.first { $0.kind == "average" })
            let goalLabel = try #require(Double(goalRule.labelY)), averageLabel = try #require(Double(averageRule.labelY))
            #expect(abs(goalLabel - averageLabel) >= 14, "goal \(goal), average \(average): labels at \(goalLabel) and \(averageLabel)")
        }
    }

    @Test func goalsAreValidatedAndDrawnAsBarsThatMarkOverGoal() async throws {
        try await TestEnvironment.withFixtureApp { client, database in
            for (field, value, message) in [
                ("energy_kcal", "jkl", "a daily energy goal in kcal as a plain number"),
                ("protein_g", "-5", "a daily protein goal in g as a plain number"),
                ("sodium_mg", "1e308", "a daily sodium goal in mg as a plain number"),
                ("fat_g", "5000", "a daily fat goal in g from 0.1 to 2,000")
            ] {
                let response = try await client.postForm("/goals", [(field, value)])
                #expect(response.status == .unprocessableContent && response.text.contains(message), "\(field)=\(value)")
            }
            #expect(try await database.read { db in try DailyGoals.fetch(db) }.isEmpty)

            // "2,000", as the diary writes it (issue 35).
            #expect(
                try await client.postForm("/goals", [("energy_kcal", "2,000"), ("fat_g", "0.2"), ("protein_g", "")]).status == .seeOther)
            let goals = try await database.read { db in try DailyGoals.fetch(db) }
            #expect(goals[.energyKcal] == 2000 && goals[.fatG] == 0.2 && goals[.proteinG] == nil)
            #expect(try await client.get("/goals").text.contains("value=\"2000\""))

            let id = try await database.addMeal("2026-03-09T12:00")
            try await client.postForm("/meals/\(id)/foods", [("source", "catalog:9040"), ("amount", "g500")])
            let page = try await client.get("/today").text
            // 445 kcal of 2,000: 22 %; 1.65 g of fat against 0.2 g: over.
            #expect(page.contains("<strong>445 kcal</strong> / 2,000 kcal · 22 %"))
            #expect(page.contains("style=\"width: 22.2%\""))
            #expect(page.contains("goal-bar over") && page.contains("825 % · over"))
            #expect(page.contains("style=\"width: 100.0%\""), "an over-goal bar is full, not wider")
            let strip = try await client.get("/foods").text
            #expect(strip.contains("<strong>445 kcal</strong> / 2,000 kcal"))
        }
    }

    @Test func trendsHaveARowForEveryDayIncludingEmptyOnes() async throws {
        try await TestEnvironment.withFixtureApp { client, database in
            let monday = try await database.addMeal("2026-03-09T08:00")
            let friday = try await database.addMeal("2026-03-06T20:00")
            try await client.postForm("/meals/\(monday)/foods", [("source", "catalog:9040"), ("amount", "g250")])
            try await client.postForm("/meals/\(friday)/foods", [("source", "catalog:1001"), ("amount", "g25")])
            try await database.addMeal("2026-03-01T08:00", notes: "outside the week")

            let week = try JSONDecoder().decode(TrendsBody.self, from: Data(try await client.get("/api/trends?days=7").text.utf8))
            #expect(week.days == 7)
            #expect(
                week.rows.map(\.date) == ["2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06", "2026-03-07", "2026-03-08", "2026-03-09"])
            #expect(week.rows.map(\.mealCount) == [0, 0, 0, 1, 0, 0, 1])
            #expect(week.rows.map(\.energyKcal) == [0, 0, 0, 179.25, 0, 0, 222.5])
            let month = try JSONDecoder().decode(TrendsBody.self, from: Data(try await client.get("/api/trends?days=30").text.utf8))
            #expect(month.rows.count == 30 && month.rows.first?.date == "2026-02-08")
            #expect(try await client.get("/api/trends?days=9").status == .badRequest)
            #expect(try await client.get("/trends?days=abc").status == .badRequest)
        }
    }

    @Test(arguments: [7, 30])
    func trendChartsAreWellFormedSVGWithOneLinkedBarPerDay(days: Int) async throws {
        try await TestEnvironment.withFixtureApp { client, database in
            try await client.postForm("/goals", [("energy_kcal", "150")])
            let id = try await database.addMeal("2026-03-09T08:00")
            try await client.postForm("/meals/\(id)/foods", [("source", "catalog:9040"), ("amount", "g250")])
            let page = try await client.get("/trends?days=\(days)").text
            let charts = page.ranges(of: /<svg class="chart[\s\S]*?<\/svg>/).map { String(page[$0]) }
            #expect(charts.count == 2)
            for svg in charts {
                let counter = BarCounter()
                let parser = XMLParser(data: Data(svg.utf8))
                parser.delegate = counter
                #expect(parser.parse(), "well-formed XML: \(parser.parserError.map(String.init(describing:)) ?? "")")
                #expect(counter.bars == days, "one linked bar per day")
                #expect(counter.titles >= days + 1, "the chart and every bar have a title")
                #expect(counter.links.last == "/days/2026-03-09")
            }
            #expect(charts[0].contains("chart-bar over"), "222.5 kcal is over the 150 kcal goal")
            #expect(charts[0].contains("Goal 150 kcal") && charts[0].contains("Average 223 kcal"))
            #expect(page.contains("Monday 9 March 2026: 222 kcal"), "as the day page words 222.5 kcal")
        }
    }

    final class BarCounter: NSObject, XMLParserDelegate {
        var bars = 0, titles = 0
        var links: [String] = []
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if name == "a", let href = attributes["href"] { bars += 1; links.append(href) }
            if name == "title" { titles += 1 }
        }
    }
}

@Suite struct FavouritesTests {
    @Test func logAgainCopiesTheFoodsAndLeavesTheOriginalAlone() async throws {
        try await TestEnvironment.withFixtureApp { client, database in
            let id = try await database.addMeal("2026-03-08T08:00", notes: "Yesterday's breakfast")
            try await client.postForm(
                "/meals/\(id)/edit",
                [("eaten_at", "2026-03-08T08:00"), ("utc_offset", "0"), ("notes", "Yesterday's breakfast"), ("tags", "breakfast")])
            try await client.postForm("/meals/\(id)/foods", [("source", "catalog:9040"), ("amount", "p1"), ("count", "1")])
            try await client.postForm(
                "/meals/\(id)/foods/typed",
                [("name", "Coffee"), ("serving_grams", "250"), ("energy_kcal", "2"), ("amount", "serving"), ("count", "1")])
            let before = try await FoodEntryTests.meal(client, id)

            #expect(
                try await client.postForm("/meals/\(id)/favourite", [("favourite", "1")]).headers[.location]
                    == "/meals/\(id)?notice=starred")
            let favourites = try await client.get("/favourites").text
            #expect(
                favourites.contains("Yesterday&#39;s breakfast") || favourites.contains("Yesterday&#x27;s breakfast")
                    || favourites.contains("Yesterday's breakfast"))
            #expect(favourites.contains("/meals/\(id)/log-again"))

            let form = try await client.get("/meals/\(id)/log-again").text
            #expect(form.contains("value=\"2026-03-09T12:34\""), "now, in the server's zone")
            let bad = try await client.postForm("/meals/\(id)/log-again", [("eaten_at", "soon"), ("utc_offset", "0")])
            #expect(bad.status == .unprocessableContent)
            let response = try await client.postForm(
                "/meals/\(id)/log-again", [("eaten_at", "2026-03-09T08:05"), ("utc_offset", "0"), ("notes", "")])
            let location = try #require(response.headers[.location])
            let match = try #require(location.firstMatch(of: /\/meals\/(\d+)/))
            let copyID = try #require(Int64(match.1))
            #expect(copyID != id)

            let copy = try await FoodEntryTests.meal(client, copyID)
            #expect(copy.foods.map(\.description) == before.foods.map(\.description))
            #expect(copy.foods.map(\.portion) == before.foods.map(\.portion))
            #expect(copy.totals == before.totals)
            #expect(Set(copy.foods.map(\.id)).isDisjoint(with: before.foods.map(\.id)), "copies, not shared rows")
            let copied = try await database.read { db in try MealQueries.meal(db, id: copyID)! }
            #expect(copied.notes.isEmpty && copied.photo == nil && copied.tags.map(\.name) == ["breakfast"] && !copied.isFavourite)

            // The original is untouched, even when the copy changes.
            try await client.postForm("/meals/\(copyID)/foods/\(copy.foods[0].id)", [("amount", "g500")])
            let after = try await FoodEntryTests.meal(client, id)
            #expect(after.totals == before.totals && after.foods.map(\.grams) == before.foods.map(\.grams))

            #expect(try await client.postForm("/meals/\(id)/favourite", [("favourite", "0")]).status == .seeOther)
            #expect(try await client.get("/favourites").text.contains("No favourites yet"))
            #expect(try await client.postForm("/meals/\(id)/favourite", [("favourite", "yes")]).status == .badRequest)
            #expect(try await client.postForm("/meals/999/log-again", [("eaten_at", "2026-03-09T08:05")]).status == .notFound)
        }
    }
}

import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB
import HummingbirdTesting
import Testing
@testable import FoodDiary
import FoodDiaryTools
import FoodDiaryWeb

/// Weigh-ins, measurements, water and the energy target through the pages a person uses.
@Suite struct BodyPagesTests {
    @Test func aWeighInFromTodayStartsTheTrendAndBadNumbersAreExplained() async throws {
        try await TestEnvironment.withApp { client, database in
            let today = try await client.get("/today").text
            #expect(today.contains("action=\"/body/weight\"") && today.contains("inputmode=\"decimal\""), "one field and Save on Today")
            let saved = try await client.postForm("/body/weight", [("value", "72,4"), ("back", "today")])
            #expect(saved.status == .seeOther && saved.headers[.location] == "/today#body")
            #expect(try await client.get("/today").text.contains("72.4 kg"))
            #expect(try await Self.values(database, "weight") == [72.4])

            for (typed, message) in [("", "Enter your weight in kg."), ("heavy", "as a plain number"), ("7000", "from 1 to 500")] {
                let refused = try await client.postForm("/body/weight", [("value", typed), ("back", "today")])
                #expect(refused.status == .unprocessableContent && refused.text.contains(message), "\(typed)")
                #expect(refused.text.contains("name=\"back\" value=\"today\""), "the form still goes back to Today")
            }
            let future = try await client.postForm("/body/weight", [("value", "70"), ("date", "2026-03-10")])
            #expect(future.status == .unprocessableContent && future.text.contains("has not come yet"))
            #expect(try await client.postForm("/body/weight", [("value", "70"), ("date", "9/3/2026")]).status == .unprocessableContent)
            let ancient = try await client.postForm("/body/weight", [("value", "70"), ("date", "0001-01-01")])
            #expect(ancient.status == .unprocessableContent && ancient.text.contains("before 1900"), "issue 59")
            #expect(try await Self.values(database, "weight") == [72.4], "nothing refused was kept")
            try await client.postForm("/body/weight", [("value", "74"), ("back", "today")])
            #expect(try await client.get("/today").text.contains("73.2 kg (mean of 2)"), "Today shows what was weighed, not only the trend")
        }
    }

    @Test func thirtyDaysOfWeighInsShowATrendAWeeklyRateAndAChart() async throws {
        try await TestEnvironment.withApp { client, database in
            // 80 kg falling half a kilogram a week, with a day's water either way.
            for day in 0..<30 {
                let date = LocalDate(parsing: "2026-03-09")!.adding(days: day - 29)
                let weight = 80 - 0.5 / 7 * Double(day) + (day % 2 == 0 ? 0.4 : -0.4)
                let typed = NumberText.decimal(weight, maxFractionDigits: 2, grouping: false)
                #expect(try await client.postForm("/body/weight", [("value", typed), ("date", date.description)]).status == .seeOther)
            }
            let page = try await client.get("/body").text
            #expect(page.contains("kg a week") && page.contains("−0.5 kg a week") || page.contains("−0.4 kg a week"), "the weekly rate")
            #expect(
                page.contains("<polyline class=\"chart-trend\"") && page.components(separatedBy: "class=\"chart-reading\"").count == 31,
                "the trend and thirty weigh-ins")
            #expect(try await client.get("/body?days=365").status == .ok)
            #expect(try await client.get("/body?days=12").status == .badRequest)
            let today = try await client.get("/today").text
            #expect(today.contains("kg a week"), "Today shows the rate too")
            let trends = try await client.get("/trends?days=30").text
            #expect(
                trends.contains("Weight trend and weigh-ins, last 30 days") && trends.contains("Trend down"), "intake and weight together")

            // Removing a weigh-in takes it out of the trend.
            let last = try await database.read { db in try Int64.fetchOne(db, sql: "SELECT max(id) FROM body_measurement") }!
            #expect(try await client.postForm("/body/weight/\(last)/delete", []).headers[.location] == "/body?notice=deleted")
            #expect(
                try await client.postForm("/body/waist/\(last - 1)/delete", []).status == .notFound,
                "a reading is removed under its own measure")
            #expect(try await Self.values(database, "weight").count == 29)
        }
    }

    @Test func usUnitsAreReadAndShownInPoundsButStoredInKilograms() async throws {
        try await TestEnvironment.withApp { client, database in
            let saved = try await client.postForm(
                "/settings/body", [("units", "us"), ("water_goal", "64"), ("glass", "12"), ("show_hips", "on")])
            #expect(saved.headers[.location] == "/settings/body?notice=settings")
            try await client.postForm("/body/weight", [("value", "165.4")])
            let stored = try #require(try await Self.values(database, "weight").first)
            #expect(abs(stored - 75.024_18) < 0.000_01)
            #expect(try await client.get("/body").text.contains("165.4 lb"))
            try await client.postForm("/body/waist", [("value", "32")])
            #expect(abs(try #require(try await Self.values(database, "waist").first) - 81.28) < 1e-9)
            #expect(try await client.get("/body/waist").text.contains("32 in"))
            let today = try await client.get("/today").text
            #expect(today.contains("+8 fl oz") && today.contains("+ Glass (12 fl oz)") && today.contains("/ 64 fl oz"))
            #expect(try await client.get("/body").text.contains("Hips"), "a measure shown by choice")

            let wrong = try await client.postForm("/settings/body", [("units", "imperial"), ("glass", "12")])
            #expect(wrong.status == .unprocessableContent && wrong.text.contains("metric or US"))
            let tooBig = try await client.postForm("/settings/body", [("units", "metric"), ("water_goal", "40000"), ("glass", "330")])
            #expect(tooBig.status == .unprocessableContent && tooBig.text.contains("daily water goal in ml"))
        }
    }

    /// Issue 74: the page's form as a browser without its script sends it, only the two choices
    /// changed: the glass and the goal are read in the millilitres written beside them, not refused
    /// as 330 fl oz, and shown in the new units once saved; and back again.
    @Test func switchingToUSUnitsAndKilojoulesSavesInOneGoFromTheDefaults() async throws {
        try await TestEnvironment.withApp { client, database in
            let page = try await client.get("/settings/body").text
            #expect(page.contains(#"name="drink_units" value="metric""#) && page.contains(#"name="glass" inputmode="decimal" value="330""#))
            let toUS = try await client.postForm(
                "/settings/body", [("units", "us"), ("energy", "kJ"), ("drink_units", "metric"), ("water_goal", "2000"), ("glass", "330")])
            #expect(toUS.headers[.location] == "/settings/body?notice=settings", "\(toUS.status)")
            let shown = try await client.get("/settings/body").text
            #expect(
                shown.contains(#"value="11.2" data-drink"#) && shown.contains(#"value="67.6" placeholder"#)
                    && shown.contains(#"name="drink_units" value="us""#))
            #expect(try await client.get("/today").text.contains("+ Glass (11 fl oz)"))
            let stored = try await database.read { db in
                try String.fetchAll(
                    db, sql: "SELECT value FROM setting WHERE key IN ('water_glass_ml', 'water_goal_ml', 'energy_unit') ORDER BY key")
            }
            #expect(stored == ["kJ", "330.0", "2000.0"], "the amounts the person did not touch are kept exactly")

            let back = try await client.postForm(
                "/settings/body", [("units", "metric"), ("energy", "kcal"), ("drink_units", "us"), ("water_goal", "68"), ("glass", "11")])
            #expect(back.status == .seeOther)
            #expect(try await client.get("/settings/body").text.contains(#"value="325" data-drink"#), "11 fl oz typed is 325 ml")
            let refused = try await client.postForm("/settings/body", [("units", "metric"), ("drink_units", "us"), ("glass", "330")])
            #expect(
                refused.status == .unprocessableContent && refused.text.contains("your glass in fl oz from 2 to 67"),
                "what was typed is read in its own unit")
            #expect(
                refused.text.contains(#"name="drink_units" value="us""#) && refused.text.contains(#"<span data-drink-unit>fl oz</span>"#),
                "the refused form keeps the amounts' unit beside them")
        }
    }

    @Test func waterIsAddedInATapCountedAgainstItsGoalAndRemoved() async throws {
        try await TestEnvironment.withApp { client, database in
            try await client.postForm("/settings/body", [("units", "metric"), ("water_goal", "2000"), ("glass", "330")])
            for amount in ["250", "500", "330"] {
                #expect(try await client.postForm("/water", [("millilitres", amount)]).headers[.location] == "/today#water")
            }
            let today = try await client.get("/today").text
            #expect(today.contains("1,080 ml") && today.contains("/ 2,000 ml") && today.contains("54 %"))
            let past = try await client.postForm("/water", [("millilitres", "250"), ("day", "2026-03-07")])
            #expect(past.headers[.location] == "/days/2026-03-07#water")
            #expect(try await client.get("/days/2026-03-07").text.contains("250 ml"), "a past day has its own water")
            #expect(try await client.postForm("/water", [("millilitres", "250"), ("day", "2026-03-10")]).status == .badRequest)
            #expect(try await client.postForm("/water", [("millilitres", "9000")]).status == .badRequest)
            #expect(try await client.postForm("/water", [("millilitres", "nan")]).status == .badRequest)
            // Issue 59: decimal numbers only, and no day before 1900.
            #expect(try await client.postForm("/water", [("millilitres", "0x10")]).status == .badRequest, "not 16 ml")
            #expect(try await client.postForm("/water", [("millilitres", "250"), ("day", "0001-01-01")]).status == .badRequest)
            let first = try await database.read { db in try Int64.fetchOne(db, sql: "SELECT min(id) FROM water_drink") }!
            #expect(try await client.postForm("/water/\(first)/delete", []).headers[.location] == "/today#water")
            #expect(try await client.get("/today").text.contains("830 ml"))
            #expect(try await client.postForm("/water/\(first)/delete", []).status == .notFound, "removed once")
        }
    }

    @Test func aMeasureOfOnesOwnGetsItsPageAndHistory() async throws {
        try await TestEnvironment.withApp { client, database in
            #expect(try await client.postForm("/settings/body/measures", [("name", " "), ("unit", "cm")]).status == .unprocessableContent)
            #expect(
                try await client.postForm("/settings/body/measures", [("name", "Arm"), ("unit", "stone")]).status == .unprocessableContent)
            let made = try await client.postForm("/settings/body/measures", [("name", "Upper arm <b>"), ("unit", "cm")])
            let location = try #require(made.headers[.location])
            // Issue 59: a name is one measure's, built in or their own, whatever its case.
            for taken in ["upper ARM <b>", "WAIST", "weight"] {
                let refused = try await client.postForm("/settings/body/measures", [("name", taken), ("unit", "cm")])
                #expect(refused.status == .unprocessableContent && refused.text.contains("has a measure called"), "\(taken)")
            }
            #expect(location.hasPrefix("/body/own"))
            let key = String(location.dropFirst("/body/".count).prefix { $0 != "?" })
            try await client.postForm("/body/\(key)", [("value", "31.5"), ("date", "2026-03-01")])
            try await client.postForm("/body/\(key)", [("value", "31"), ("date", "2026-03-09")])
            let page = try await client.get("/body/\(key)").text
            #expect(page.contains("Upper arm &lt;b&gt;") && page.contains("31.5 cm") && page.contains("chart-trend"))
            #expect(try await client.get("/body").text.contains("Upper arm &lt;b&gt;"))
            #expect(try await client.get("/body/nothing").status == .notFound)
            #expect(try await client.get("/body/weight").headers[.location] == "/body")
            #expect(try await client.postForm("/body/body_fat", [("value", "90")]).status == .unprocessableContent)
            #expect(try await Self.values(database, key) == [31.5, 31])
            // A long history lists its newest twenty to correct; the chart holds the rest.
            for day in 1...25 {
                try await client.postForm("/body/waist", [("value", "\(80 + day % 3)"), ("date", "2026-02-\(day < 10 ? "0" : "")\(day)")])
            }
            let waist = try await client.get("/body/waist").text
            #expect(
                waist.components(separatedBy: "class=\"reading-remove\"").count == 21
                    && waist.contains("5 earlier readings are in the chart above."))

            // Each page is one read, without a request (issue 61).
            let measured = try #require(try await database.read { db in try BodyQueries.measurePage(db, key: key) })
            #expect(
                measured.measure.name == "Upper arm <b>" && measured.readings.map(\.value) == [31.5, 31]
                    && measured.settings.units == .metric)
            #expect(try await database.read { db in try BodyQueries.measurePage(db, key: "nothing") } == nil)
            let settings = try await database.read { db in try BodyQueries.settingsPage(db) }
            #expect(settings.measures.map(\.key).contains(key) && settings.measures.contains { $0.isWeight })
        }
    }

    @Test func theEnergyTargetFollowsTheTrendOnceThereIsEnoughToGoOn() async throws {
        try await TestEnvironment.withApp { client, database in
            let waiting = try await client.get("/energy").text
            #expect(waiting.contains("Weigh in first"))
            #expect(try await client.get("/body").text.contains("Weigh in first"))
            #expect(try await client.postForm("/energy", [("rate", "1")]).status == .conflict)

            // Six weeks and more of a person burning 2,600 kcal and eating about 2,100.
            let body = SyntheticBody(
                first: LocalDate(parsing: "2026-01-08")!, count: 60, expenditureKcal: 2_600, meanIntakeKcal: 2_100,
                startKilograms: 88, seed: 3, waterSwingKilograms: 0.3)
            try await database.write { db in
                for day in body.days {
                    if let weight = day.scaleKilograms {
                        try db.execute(
                            sql:
                                "INSERT INTO body_measurement (measure_id, value, measured_local, utc_offset_minutes, created_at) VALUES (1, ?, ?, 0, '2026-03-09 12:00:00.000')",
                            arguments: [weight, "\(day.date)T07:30"])
                    }
                    guard day.isLogged else { continue }
                    try db.execute(
                        sql:
                            "INSERT INTO meal (eaten_local, utc_offset_minutes, created_at, updated_at) VALUES (?, 0, '2026-03-09 12:00:00.000', '2026-03-09 12:00:00.000')",
                        arguments: ["\(day.date)T12:00"])
                    try db.execute(
                        sql: """
                            INSERT INTO food_entry (meal_id, data_type, description, grams, portion_label, basis_grams, basis_energy_kcal,
                                energy_kcal, created_at, updated_at)
                            VALUES (?, 'hand_typed', 'Everything eaten', 1, '1 day', 1, ?, ?, '2026-03-09 12:00:00.000',
                                '2026-03-09 12:00:00.000')
                            """, arguments: [db.lastInsertedRowID, day.intakeKcal, day.intakeKcal])
                }
            }
            let page = try await client.get("/energy").text
            let figure = try #require(page.firstMatch(of: /About ([0-9,]+) kcal a day/)?.1)
            let estimate = try #require(Double(figure.replacingOccurrences(of: ",", with: "")))
            #expect(abs(estimate - 2_600) / 2_600 < 0.05, "\(estimate)")
            #expect(page.contains("Lose 0.5 kg a week"))
            #expect(try await client.get("/body").text.contains("Your body burns about \(figure) kcal a day"), "the body page says it too")
            #expect(try await client.postForm("/energy", [("rate", "9")]).status == .badRequest)
            #expect(try await client.postForm("/energy", [("rate", "1")]).headers[.location] == "/energy?notice=accepted")
            let goal = try #require(try await database.read { db in try DailyGoals.fetch(db)[.energyKcal] })
            #expect(abs(goal - (estimate - 550)) <= 15, "the target for half a kilogram a week: \(goal)")
            #expect(
                try await client.get("/energy").text.contains("checked><span class=\"rate-label\">Lose 0.5 kg"),
                "the chosen rate stays chosen")
        }
    }

    @Test func theJSONPagesThroughReadingsAndWaterLikeTheMeals() async throws {
        struct Readings: Decodable {
            struct Reading: Decodable { let value: Double; let localTime: String }
            let unit: String
            let readings: [Reading]
            let next: String?
        }
        struct Water: Decodable {
            struct Drink: Decodable { let ml: Double }
            let drinks: [Drink]
            let next: String?
        }
        struct Summary: Decodable {
            struct Measure: Decodable { let key: String; let unit: String }
            let units: String
            let trendKg: Double?
            let measures: [Measure]
        }
        try await TestEnvironment.withApp { client, _ in
            for (day, weight) in [
                ("2026-03-05", "80"), ("2026-03-06", "79.8"), ("2026-03-07", "79.9"), ("2026-03-08", "79.5"), ("2026-03-09", "79.6")
            ] {
                try await client.postForm("/body/weight", [("value", weight), ("date", day)])
            }
            for amount in ["250", "500", "330"] { try await client.postForm("/water", [("millilitres", amount)]) }
            var address: String? = "/api/body/weight?limit=2&from=2026-03-06"
            var values: [Double] = []
            while let next = address {
                let page = try JSONDecoder().decode(Readings.self, from: Data(try await client.get(next).text.utf8))
                #expect(page.unit == "kg" && page.readings.count <= 2)
                values += page.readings.map(\.value)
                address = page.next
            }
            #expect(values == [79.8, 79.9, 79.5, 79.6], "every reading from the 6th, once, in order")
            let water = try JSONDecoder().decode(Water.self, from: Data(try await client.get("/api/water?limit=2").text.utf8))
            #expect(water.drinks.map(\.ml) == [250, 500] && water.next?.hasPrefix("/api/water?limit=2&after=2026-03-09T12:34_") == true)
            let summary = try JSONDecoder().decode(Summary.self, from: Data(try await client.get("/api/body").text.utf8))
            #expect(summary.units == "metric" && summary.trendKg != nil && summary.measures.first?.key == "weight")
            #expect(try await client.get("/api/body/height").status == .notFound)
            #expect(try await client.get("/api/water?limit=0").status == .badRequest)
            #expect(try await client.get("/api/body/weight?after=yesterday").status == .badRequest)
        }
    }

    static func values(_ database: AppDatabase, _ key: String) async throws -> [Double] {
        try await database.read { db in
            try Double.fetchAll(
                db,
                sql:
                    "SELECT value FROM body_measurement JOIN body_measure b ON b.id = measure_id WHERE b.key = ? ORDER BY measured_local, body_measurement.id",
                arguments: [key])
        }
    }
}

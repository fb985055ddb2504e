import FoodDiaryBase
import Foundation
import HTTPTypes
import GRDB
import HummingbirdTesting
import Testing
@testable import FoodDiary
import FoodDiaryApp
import FoodDiaryStorage

/// A report for a dietitian (issue 81): a range of days with their figures, means and ranges,
/// needs, meal times, the foods eaten most and the notes; its spreadsheet; a read-only link that
/// works signed out until it expires or is stopped; and notes on a day.
@Suite struct ReportTests {
    static let month = "from=2026-02-09&to=2026-03-08"

    /// 9 February to 8 March 2026, 28 days: 20 whole days (porridge at 08:00, 500 kcal; dinner at
    /// 19:30, 1,300 kcal and 10 more each day), two days with only a photo still to itemise at
    /// 12:00, six days with nothing; water on three days; weighed on the first and the last day.
    static func month(_ database: AppDatabase) async throws {
        try await database.write { db in
            func meal(_ local: String) throws -> Int64 {
                try db.execute(
                    sql: "INSERT INTO meal (eaten_local, utc_offset_minutes, created_at, updated_at) VALUES (?, 0, ?, ?)",
                    arguments: [local, TestEnvironment.fixedNow, TestEnvironment.fixedNow])
                return db.lastInsertedRowID
            }
            func food(_ meal: Int64, _ name: String, kcal: Double, protein: Double, fibre: Double) throws {
                try db.execute(
                    sql: """
                        INSERT INTO food_entry (meal_id, data_type, description, grams, portion_label, basis_grams, basis_energy_kcal,
                            energy_kcal, protein_g, fat_g, carbohydrate_g, fiber_g, created_at, updated_at)
                        VALUES (?, 'hand_typed', ?, 1, '1 bowl', 1, ?, ?, ?, 10, 80, ?, ?, ?)
                        """, arguments: [meal, name, kcal, kcal, protein, fibre, TestEnvironment.fixedNow, TestEnvironment.fixedNow])
            }
            let first = LocalDate(parsing: "2026-02-09")!
            for index in 0..<20 {
                let day = first.adding(days: index)
                try food(try meal("\(day)T08:00"), "Porridge", kcal: 500, protein: 20, fibre: 8)
                try food(try meal("\(day)T19:30"), "Dinner", kcal: 1_300 + 10 * Double(index), protein: 60, fibre: 0)
            }
            for day in ["2026-03-01", "2026-03-02"] { _ = try meal("\(day)T12:00") }
            for day in ["2026-02-10", "2026-02-11", "2026-02-12"] {
                try db.execute(
                    sql: "INSERT INTO water_drink (millilitres, drunk_local, utc_offset_minutes, created_at) VALUES (2000, ?, 0, ?)",
                    arguments: ["\(day)T10:00", TestEnvironment.fixedNow])
            }
            for (date, kilograms) in [("2026-02-09", 80.0), ("2026-03-08", 79.0)] {
                try db.execute(
                    sql:
                        "INSERT INTO body_measurement (measure_id, value, measured_local, utc_offset_minutes, created_at) VALUES (1, ?, ?, 0, ?)",
                    arguments: [kilograms, "\(date)T07:30", TestEnvironment.fixedNow])
            }
        }
    }

    /// The issue's "done when": a month shows its days, means, % of needs and the notes.
    @Test func aMonthsReportShowsItsDaysMeansNeedsTimesFoodsAndNotes() async throws {
        try await TestEnvironment.withApp { client, database in
            try await Self.month(database)
            let noted = try await client.postForm("/days/2026-03-02/note", [("note", "Felt ill\r\nstayed in bed")])
            #expect(noted.status == .seeOther && noted.headers[.location] == "/days/2026-03-02?note=saved#note")

            let page = try await client.get("/reports?\(Self.month)")
            #expect(page.status == .ok)
            let text = page.text
            #expect(text.contains("Report, 9 Feb 2026 – 8 Mar 2026"))
            #expect(text.contains("Logged on 22 of 28 days; 20 whole days (every meal itemised)."), "\(Self.section(text, "Summary"))")
            #expect(text.contains("2 days have meals still to itemise: marked below, and left out of the means."))
            // Day totals 1,800 + 10 × (0…19) kcal: mean 1,895, least 1,800, most 1,990.
            #expect(text.contains("<td>1,895 kcal</td><td>1,800 kcal – 1,990 kcal</td>"), "\(Self.section(text, "Summary"))")
            #expect(text.contains("Water: 2,000 ml a day on the 3 days logged."))
            // Fibre 8 g against the Daily Value's 28 g on every whole day; protein 80 g against 50 g on none.
            #expect(
                text.contains("<tr class=\"report-low\"><th scope=\"row\">Fibre</th><td>8 g</td><td>29 %</td><td>20</td></tr>"),
                "\(Self.section(text, "Nutrients against needs"))")
            #expect(text.contains("<th scope=\"row\">Protein</th><td>80 g</td><td>160 %</td><td>0</td>"))
            // First meals: 20 days at 08:00 and 2 at 12:00 → 08:22; last: 20 at 19:30 and 2 at 12:00 → 18:49.
            #expect(text.contains("First meal of the day at 08:22 on average, the last at 18:49."), "\(Self.section(text, "Meal times"))")
            #expect(text.contains("1.9 meals a day on the days logged."))
            let foods = Self.section(text, "Foods eaten most")
            #expect(foods.range(of: "Dinner")!.lowerBound < foods.range(of: "Porridge")!.lowerBound, "as often, more energy first")
            #expect(foods.contains("<th scope=\"row\">Porridge</th><td>20</td><td>10,000 kcal</td>"))
            let days = Self.section(text, "Day by day")
            #expect(days.contains("id=\"day-2026-03-02\" class=\"report-partial\""))
            #expect(days.contains("1 meal to itemise"), "marked, not counted as eating nothing")
            #expect(days.contains("Felt ill\nstayed in bed"), "the note, its line kept")
            #expect(days.contains("no meals logged"))
            #expect(text.contains("href=\"#day-2026-02-09\""), "a bar opens its row")
            #expect(text.contains("Weight trend 79.3 kg at the end, −0.7 kg over these days."), "\(Self.section(text, "Weight"))")
            #expect(text.components(separatedBy: "class=\"card report-week\"").count - 1 == 4, "a table a week")

            let csv = try await client.get("/reports/days.csv?\(Self.month)")
            #expect(csv.status == .ok && csv.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(csv.headers[.contentDisposition] == "attachment; filename=\"fooddiary-report-2026-02-09-2026-03-08.csv\"")
            let lines = csv.text.components(separatedBy: "\r\n")
            #expect(
                lines.count == 30 && lines[0].hasPrefix("\"date\",\"meals\",\"meals to itemise\",\"Energy (kcal)\""), "\(lines.first ?? "")"
            )
            #expect(lines[1] == "2026-02-09,2,0,1800,80,20,160,8,,80,,,\"\"", "the first day as the page has it")
            #expect(lines.contains("2026-03-02,1,1,,,,,,,,,,\"Felt ill\nstayed in bed\""), "\(lines[22])")

            for bad in ["from=2026-03-08&to=2026-02-09", "from=2025-01-01&to=2026-03-08", "from=yesterday"] {
                let refused = try await client.get("/reports?\(bad)")
                #expect(refused.status == .badRequest && refused.text.contains("report"), "\(bad): \(refused.status)")
            }
        }
    }

    /// The PDF opens and holds the page's figures (pdftotext reads them), its fonts embedded, on A4
    /// or US Letter as the reader's region uses.
    @Test func theReportsPDFHoldsThePagesFiguresOnTheRegionsPaper() async throws {
        try await TestEnvironment.withApp { client, database in
            try await Self.month(database)
            _ = try await client.postForm("/days/2026-03-02/note", [("note", "Felt ill, <b>stayed</b> in bed")])
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let regions = [
                ("en-GB,en;q=0.8", "(A4)", ["Report, 9 Feb 2026 – 8 Mar 2026", "First meal of the day at 08:22", "Mon 9 Feb", "Sun 8 Mar"]),
                ("en-US,en;q=0.8", "(letter)", ["Report, Feb 9, 2026 – Mar 8, 2026", "First meal of the day at 8:22", "Feb 9", "Mar 8"])
            ]
            for (language, paper, dates) in regions {
                let answer = try await client.get("/reports/report.pdf?\(Self.month)", language: language)
                #expect(answer.status == .ok && answer.headers[.contentType] == "application/pdf")
                #expect(answer.headers[.contentDisposition] == "attachment; filename=\"fooddiary-report-2026-02-09-2026-03-08.pdf\"")
                let path = directory.path + "/report.pdf"
                try Data(answer.body.readableBytesView).write(to: URL(fileURLWithPath: path))
                let info = try Self.run("/usr/bin/pdfinfo", [path])
                #expect(info.contains(paper) && info.contains("Title:           \(dates[0])"), "\(info)")
                let fonts = try Self.run("/usr/bin/pdffonts", [path]).split(separator: "\n").dropFirst(2)
                #expect(!fonts.isEmpty && fonts.allSatisfy { $0.contains(" yes ") }, "every font embedded: \(fonts)")
                let text = try Self.run("/usr/bin/pdftotext", ["-layout", path, "-"])
                for figure in [
                    "Logged on 22 of 28 days; 20 whole days", "1,895 kcal", "1,800 kcal – 1,990 kcal", "Fibre", "29 %", "Porridge",
                    "10,000 kcal", "Note: Felt ill, <b>stayed</b> in bed", "1 meal to itemise", "page 2"
                ] + dates {
                    #expect(text.contains(figure), "the PDF says “\(figure)”")
                }
            }
        }
    }

    /// What a command printed; fails the test when it fails.
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(tool) \(arguments)")
        return String(decoding: data, as: UTF8.self)
    }

    /// The same report for someone reading German in kilojoules and pounds.
    @Test func theReportIsInThePersonsLanguageAndUnits() async throws {
        try await TestEnvironment.withApp { client, database in
            try await Self.month(database)
            #expect(
                try await client.postForm(
                    "/settings/body", [("units", "us"), ("energy", "kJ"), ("water_goal", ""), ("glass", "11"), ("drink_units", "us")]
                ).status == .seeOther)
            #expect(try await client.postForm("/settings/language", [("language", "de")]).status == .seeOther)
            let text = try await client.get("/reports?\(Self.month)").text
            #expect(text.contains("<html lang=\"de\""))
            // 1,895 kcal × 4.184 = 7,929 kJ.
            #expect(text.contains("<td>7\u{202F}929 kJ</td>"), "\(Self.section(text, "Überblick"))")
            #expect(text.contains("An 22 von 28 Tagen erfasst; 20 vollständige Tage (jede Mahlzeit aufgeschlüsselt)."))
            #expect(text.contains("<th scope=\"col\">Gewicht lb</th>") && text.contains("<th scope=\"col\">Wasser fl oz</th>"))
            // 80 kg on the first day is 176.4 lb; the trend ends at 79.33 kg (174.9 lb), 1.5 lb lower.
            #expect(
                text.contains("<td>176,4</td>") && text.contains("Gewichtstrend am Ende 174,9 lb, −1,5 lb über diese Tage."),
                "\(Self.section(text, "Gewicht").prefix(300))")
            let csv = try await client.get("/reports/days.csv?\(Self.month)").text
            #expect(csv.components(separatedBy: "\r\n")[1].hasPrefix("2026-02-09,2,0,7531.2,80,20,160,8,,176.37"), "\(csv.prefix(300))")
        }
    }

    /// A read-only link to the report works signed out, shows the report alone, and stops when
    /// stopped or expired; someone else cannot stop it.
    @Test func aSharedLinkShowsOnlyThatReportUntilItIsStoppedOrExpires() async throws {
        let clock = TestClock()
        try await TestEnvironment.withRunningApp(now: { clock.now }) { client, database, config, _ in
            try await Self.month(database)
            _ = try await client.postForm("/days/2026-03-02/note", [("note", "Felt ill")])
            let made = try await client.postForm("/reports/shares", [("from", "2026-02-09"), ("to", "2026-03-08"), ("days", "7")])
            #expect(made.status == .created)
            let link = try #require(made.text.firstMatch(of: /value="(http:\/\/[^"]+\/shared\/reports\/([A-Za-z0-9_-]{43}))"/))
            let path = "/shared/reports/\(link.output.2)"
            #expect(made.text.contains("The link, shown this once: copy it now."))
            #expect(try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM meal") } ?? 0 > 0)
            let accounts = try AccountsDatabase.open(path: config.accountsPath)
            let stored = try await accounts.read { db in try Data.fetchOne(db, sql: "SELECT token_sha256 FROM report_share") }
            #expect(stored != nil && stored != Data(String(link.output.2).utf8), "only the hash is kept")

            let shared = try await client.get(path, session: nil)
            #expect(shared.status == .ok)
            #expect(shared.text.contains("Report, 9 Feb 2026 – 8 Mar 2026") && shared.text.contains("Felt ill"))
            #expect(shared.text.contains("Shared by its owner until 16 Mar 2026."))
            #expect(!shared.text.contains("class=\"tabbar\"") && !shared.text.contains("/reports/shares"), "nothing else of the diary")
            #expect(!shared.text.contains("href=\"/days/") && !shared.text.contains("action=\"/reports\""))
            #expect(shared.headers[.cacheControl] == "no-store" && shared.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer")
            let document = try await client.get(path + "/report.pdf", session: nil)
            #expect(document.status == .ok && document.headers[.contentType] == "application/pdf")
            #expect(document.headers[.cacheControl] == "no-store")
            let sheet = try await client.get(path + "/days.csv", session: nil)
            #expect(sheet.status == .ok && sheet.text.contains("\"Felt ill\""))
            #expect(try await client.get("/shared/reports/\(String(link.output.2).dropLast())x", session: nil).status == .notFound)

            let account = try await client.get("/account").text
            #expect(account.contains("9 Feb 2026 – 8 Mar 2026") && account.contains("Works until 16 Mar 2026, 12:34."))

            let robin = try await TestPerson.addMember("robin", in: config)
            let theirs = try await client.postForm("/reports/shares/1/revoke", [], token: robin.token, session: robin.session)
            #expect(theirs.status == .notFound, "someone else cannot stop it")
            #expect(try await client.get(path, session: nil).status == .ok)

            clock.advance(by: 7 * 86_400 + 1)
            let expired = try await client.get(path, session: nil)
            #expect(expired.status == .notFound && expired.text.contains("This report link does not work"))
            #expect(!(try await client.get("/account").text.contains("Works until")), "an expired link is no longer listed")

            let again = try await client.postForm("/reports/shares", [("from", "2026-03-01"), ("to", "2026-03-08"), ("days", "1")])
            let second = try #require(again.text.firstMatch(of: /\/shared\/reports\/([A-Za-z0-9_-]{43})/))
            let stopped = try await client.postForm(
                "/reports/shares/2/revoke", [("back", "/reports?from=2026-03-01&to=2026-03-08&notice=stopped#share")])
            #expect(
                stopped.status == .seeOther && stopped.headers[.location] == "/reports?from=2026-03-01&to=2026-03-08&notice=stopped#share")
            #expect(try await client.get("/shared/reports/\(second.output.1)", session: nil).status == .notFound)
            #expect(try await client.postForm("/reports/shares/2/revoke", []).status == .notFound, "stopped already")
            let wrongDays = try await client.postForm("/reports/shares", [("from", "2026-03-01"), ("to", "2026-03-08"), ("days", "365")])
            #expect(wrongDays.status == .badRequest)
        }
    }

    /// A note on a day: kept with its lines, too long said beside it with what was typed, and gone
    /// when saved empty.
    @Test func aNoteOnADayIsKeptShownAndRemoved() async throws {
        try await TestEnvironment.withApp { client, database in
            let saved = try await client.postForm("/days/2026-03-09/note", [("note", "  Long run, 15 km \u{0}\n")])
            #expect(saved.status == .seeOther && saved.headers[.location] == "/today?note=saved#note")
            let today = try await client.get("/today?note=saved").text
            #expect(today.contains("Note saved.") && today.contains(">Long run, 15 km</textarea>"))
            let long = String(repeating: "é", count: 1_001)
            let refused = try await client.postForm("/days/2026-03-09/note", [("note", long)])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("A note on a day holds up to 1,000 characters; this one has 1,001."))
            #expect(refused.text.contains("aria-describedby=\"day-note-error\"") && refused.text.contains(">\(long)</textarea>"))
            #expect(try await database.read { db in try String.fetchOne(db, sql: "SELECT text FROM day_note") } == "Long run, 15 km")
            #expect(try await client.postForm("/days/2026-03-09/note", [("note", " ")]).status == .seeOther)
            #expect(try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM day_note") } == 0)
            #expect(try await client.postForm("/days/2026-02-30/note", [("note", "x")]).status.code >= 400)
        }
    }

    /// The part of a page under the heading `heading`, for a failure's message.
    static func section(_ text: String, _ heading: String) -> String {
        guard let start = text.range(of: ">\(heading)</h2>") else { return "(no \(heading))" }
        return String(text[start.lowerBound...].prefix(20_000))
    }
}

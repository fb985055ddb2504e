import Foundation
import Testing
import HTTPTypes
import HummingbirdTesting
@testable import FoodDiary
@testable import FoodDiaryWeb

/// Export and import as a person does them in the browser.
@Suite struct PortabilityPagesTests {
    @Test func aPersonDownloadsTheirExport() async throws {
        try await TestEnvironment.withConfiguredApp(withFixtureCatalog: true) { client, database, config in
            try await database.addMeal("2026-03-08T12:30", notes: "Soup & bread 🍞")
            let empty = try await client.get("/export")
            #expect(empty.status == .ok && empty.text.contains("Make an export") && !empty.text.contains("Download</a>"))

            let made = try await client.postForm("/export", [])
            let location = try #require(made.headers[.location])
            #expect(made.status == .seeOther && location.hasPrefix("/export?made=fooddiary-export-"))
            let page = try await client.get(location)
            let name = try #require(page.text.firstMatch(of: #/href="/export/(fooddiary-export-[0-9-]+\.zip)"/#)?.output.1)
            #expect(page.text.contains("Your export is ready"))

            let download = try await client.get("/export/\(name)")
            #expect(download.status == .ok && download.headers[.contentType] == "application/zip")
            #expect(
                download.headers[.contentDisposition] == "attachment; filename=\"\(name)\"" && download.headers[.cacheControl] == "no-store"
            )
            let copy = try TemporaryDirectory()
            defer { copy.remove() }
            try Data(buffer: download.body).write(to: URL(fileURLWithPath: copy.path + "/export.zip"))
            let files = try ExportRoundTripTests.contents(of: copy.path + "/export.zip")
            #expect(String(decoding: try #require(files["meals.csv"]), as: UTF8.self).contains("Soup & bread 🍞"))

            for wrong in ["fooddiary-export-20990101-000000.zip", "..%2F..%2Faccounts.sqlite", "fooddiary-backup-20260101-000000.zip"] {
                #expect(try await client.get("/export/\(wrong)").status == .notFound, "\(wrong)")
            }
            let robin = try await TestPerson.addMember("Robin", in: config)
            #expect(try await client.get("/export/\(name)", session: robin.session).status == .notFound, "another diary's export")
        }
    }

    static func upload(_ client: any TestClientProtocol, _ data: Data, name: String) async throws -> String {
        let response = try await client.postMultipart(
            "/import", files: [MultipartFile(field: "file", filename: name, contentType: "text/csv", data: data)])
        #expect(response.status == .seeOther)
        return try #require(response.headers[.location])
    }

    /// Apple Health's export page once its reading or importing is over: the progress page (with
    /// its `Refresh`) is looked at again, as the browser does, for as long as a loaded machine needs.
    static func afterProgress(_ client: any TestClientProtocol, _ location: String) async throws -> TestResponse {
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            let page = try await client.get(location)
            guard page.headers[HTTPField.Name("Refresh")!] != nil else { return page }
            #expect(page.status == .ok && page.text.contains("<progress"), "the progress page: \(page.text)")
            guard ContinuousClock.now < deadline else { Issue.record("still in progress after a minute"); return page }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    @Test func anImportShowsWhatItWouldAddThenAddsItOnce() async throws {
        try await TestEnvironment.withConfiguredApp(withFixtureCatalog: true) { client, database, config in
            let file = try Data(contentsOf: URL(fileURLWithPath: PortabilityFixtures.path("cronometer-servings.csv")))
            let location = try await Self.upload(client, file, name: "servings.csv")
            #expect(location.wholeMatch(of: #/\/import\/[0-9a-f]{32}/#) != nil)

            let preview = try await client.get(location)
            #expect(preview.status == .ok)
            #expect(
                preview.text.contains("Import servings.csv?") && preview.text.contains("4 meals with 7 foods from 1 Mar 2026 to 2 Mar 2026")
            )
            #expect(preview.text.contains("3 rows are left out") && preview.text.contains("Row 9 is left out: its date “yesterday”"))
            #expect(preview.text.contains("Import 4 meals"))
            #expect(try await database.mealCount() == 0, "the preview writes nothing")

            let robin = try await TestPerson.addMember("Robin", in: config)
            #expect(try await client.get(location, session: robin.session).status == .notFound, "an upload is its diary's alone")
            #expect(try await client.postForm(location, [], token: robin.token, session: robin.session).status == .notFound)

            let done = try await client.postForm(location, [])
            #expect(done.status == .seeOther && done.headers[.location]?.hasPrefix("/export?imported=4&") == true)
            #expect(try await client.get("/export?imported=4").text.contains("Imported 4 meals"))
            #expect(try await database.mealCount() == 4)
            #expect(try await client.postForm(location, []).status == .notFound, "an import happens once")

            let second = try await client.get(try await Self.upload(client, file, name: "servings.csv"))
            #expect(second.text.contains("Everything in it is in this diary already") && !second.text.contains("Import 4 meals"))
            let third = try await Self.upload(client, file, name: "servings.csv")
            #expect(try await client.postForm(third + "/cancel", []).headers[.location] == "/export?cancelled=1")
            #expect(try await client.get(third).status == .notFound)
            #expect(try await database.mealCount() == 4)
            let waiting = try FileManager.default.contentsOfDirectory(atPath: config.firstDiaryPhotos + "/tmp").filter {
                $0.hasPrefix("waiting-import-")
            }
            #expect(waiting.count == 2, "only the second upload, never confirmed, waits for the sweep: \(waiting)")
        }
    }

    /// Issue 62: a scale's file and Apple Health's export through the page, and a notice that says
    /// what was added when it was not meals (it used to say nothing was).
    @Test func aScalesFileAndAppleHealthsExportSayWhatTheyAdded() async throws {
        try await TestEnvironment.withConfiguredApp { client, database, _ in
            // Before the test's today, 9 March 2026.
            let withings = Data(
                """
                Date,"Weight (kg)","Fat mass (kg)","Bone mass (kg)","Muscle mass (kg)","Hydration (kg)",Comments
                "2026-03-08 07:14:09",80.40,18.09,3.21,59.10,43.90,
                "2026-03-07 07:02:51",80.90,18.30,3.22,59.38,44.12,
                """.utf8)
            let location = try await Self.upload(client, withings, name: "weight.csv")
            #expect(try await client.get(location).text.contains("4 weigh-ins and measurements"))
            let done = try #require(try await client.postForm(location, []).headers[.location])
            #expect(
                try await client.get(done).text.contains("Imported 4 weigh-ins and measurements. They are in your days now."), "\(done)")

            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let export = try Data(
                contentsOf: URL(fileURLWithPath: try AppleHealthExportTests.zip(AppleHealthExportTests.xml, in: directory)))
            let uploaded = try await client.postMultipart(
                "/import", files: [MultipartFile(field: "file", filename: "export.zip", contentType: "application/zip", data: export)])
            let apple = try #require(uploaded.headers[.location])
            let preview = try await Self.afterProgress(client, apple).text
            #expect(
                preview.contains("It holds") && preview.contains("1 active energy sample<") && preview.contains("2 workouts")
                    && preview.contains("1 drink of water"), "what it holds, by kind")
            #expect(
                try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM activity") } == 0,
                "the preview writes nothing")
            #expect(try await client.postForm(apple, []).headers[.location] == apple, "the import's progress is shown at the same address")
            let kept = try await Self.afterProgress(client, apple)
            let notice = try await client.get(try #require(kept.headers[.location])).text
            #expect(notice.contains("2 activities") && notice.contains("1 glass of water"), "\(notice)")
            #expect(try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM activity") } == 2)
            let again = try await client.postMultipart(
                "/import", files: [MultipartFile(field: "file", filename: "export.zip", contentType: "application/zip", data: export)])
            let second = try #require(again.headers[.location])
            _ = try await Self.afterProgress(client, second)
            let twice = try await Self.afterProgress(client, try #require(try await client.postForm(second, []).headers[.location]))
            #expect(
                try await client.get(try #require(twice.headers[.location])).text.contains(
                    "Nothing was added: everything in the file was in this diary already"))
            #expect(
                try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM activity") } == 2,
                "imported twice, kept once")
        }
    }

    /// Issue 62: a phone's whole health export is often gigabytes, far past the upload limit. It has
    /// a limit of its own; any other file past the upload limit is refused, and nothing of it waits.
    @Test func onlyAppleHealthsExportPassesTheUploadLimitAndUpToItsOwn() async throws {
        try await TestEnvironment.withConfiguredApp(configure: {
            $0.maxUploadBytes = 1_000_000; $0.maxImportBytes = 4_000_000
        }) { client, database, config in
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            // 6,000 readings of 10 steps, a thousand a day over six days: 1.4 MB, stored uncompressed.
            let records = (0..<6000).map { index in
                let (day, minute) = (1 + index / 1000, index % 1000)
                let start = String(format: "2026-03-%02d %02d:%02d:00 +0000", day, minute / 60, minute % 60)
                return
                    #"<Record type="HKQuantityTypeIdentifierStepCount" sourceName="Sam’s iPhone" unit="count" creationDate="\#(start)" startDate="\#(start)" endDate="\#(start)" value="10"/>"#
            }
            let xml =
                #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<HealthData locale=\"en_GB\">\n" + records.joined(separator: "\n")
                + "\n</HealthData>\n"
            let export = try Data(contentsOf: URL(fileURLWithPath: try AppleHealthExportTests.zip(xml, in: directory, compressed: false)))
            #expect(export.count > 1_200_000 && export.count < 4_000_000)

            let uploaded = try await client.postMultipart(
                "/import", files: [MultipartFile(field: "file", filename: "export.zip", contentType: "application/zip", data: export)])
            let location = try #require(uploaded.headers[.location], "\(uploaded.status) \(uploaded.text)")
            let preview = try await Self.afterProgress(client, location)
            #expect(
                preview.text.contains("6,000 step counts") && preview.text.contains("from Sunday 1 March 2026 to Friday 6 March 2026"),
                "\(preview.text.split(separator: "\n").filter { $0.contains("export") })")
            let kept = try await Self.afterProgress(client, try #require(try await client.postForm(location, []).headers[.location]))
            #expect(kept.headers[.location]?.contains("movement=6") == true, "a day total for each of the six days")
            let days = try await database.read { db in
                try Double.fetchAll(db, sql: "SELECT value FROM movement_sample WHERE kind = 'steps' ORDER BY started_local")
            }
            #expect(days == Array(repeating: 1000 * 10, count: 6), "each day's steps, added up")

            let notes = Data(repeating: UInt8(ascii: "a"), count: 1_500_000)
            let refused = try await client.postMultipart(
                "/import", files: [MultipartFile(field: "file", filename: "notes.csv", contentType: "text/csv", data: notes)])
            #expect(refused.status == .contentTooLarge && refused.text.contains("may be larger, up to 4 MB"), "\(refused.text)")
            let huge = Data(repeating: 0, count: 4_100_000)
            let tooHuge = try await client.postMultipart(
                "/import", files: [MultipartFile(field: "file", filename: "export.zip", contentType: "application/zip", data: huge)])
            #expect(tooHuge.status == .contentTooLarge && tooHuge.text.contains("larger than the 4 MB an import may be"), "\(tooHuge.text)")
            let photo = try await client.postMultipart(
                "/meals", fields: [("eaten_at", "2026-03-08T12:30")],
                files: [MultipartFile(field: "photo", filename: "big.jpg", contentType: "image/jpeg", data: notes)])
            #expect(photo.status == .contentTooLarge, "the import's limit is the import's alone")
            let waiting = try FileManager.default.contentsOfDirectory(atPath: config.firstDiaryPhotos + "/tmp")
            #expect(waiting.isEmpty, "nothing of a refused file waits on disk: \(waiting)")
        }
    }

    @Test func fitbitsTakeoutIsPreviewedAndImportedThroughThePage() async throws {
        try await TestEnvironment.withConfiguredApp { client, database, _ in
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let takeout = try Data(contentsOf: URL(fileURLWithPath: try FitbitTakeoutTests.zip(in: directory)))
            let uploaded = try await client.postMultipart(
                "/import", files: [MultipartFile(field: "file", filename: "takeout.zip", contentType: "application/zip", data: takeout)])
            let location = try #require(uploaded.headers[.location])
            let preview = try await Self.afterProgress(client, location).text
            #expect(
                preview.contains("A Fitbit export from Friday 6 March 2026 to Sunday 8 March 2026") && preview.contains("2 weigh-ins")
                    && preview.contains("read by its BMI"), "\(preview)")
            let kept = try await Self.afterProgress(client, try #require(try await client.postForm(location, []).headers[.location]))
            #expect(try await client.get(try #require(kept.headers[.location])).text.contains("1 activity"))
            #expect(
                try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM activity WHERE source = 'Fitbit (Takeout)'")
                } == 1)
        }
    }

    /// The progress page says what is happening: "waiting" only when another export is ahead.
    @Test func theProgressPageSaysWhatIsHappening() {
        let token = String(repeating: "a", count: 32)
        let starting = ImportProgressView(
            token: token, fileName: "export.zip", stage: .waiting(importing: true, behindAnother: false), csrfToken: "t")
        #expect(
            starting.doing == "Importing" && starting.title == "Importing" && starting.cancelURL == nil,
            "an import under way is not stopped half-way")
        let queued = ImportProgressView(
            token: token, fileName: "export.zip", stage: .waiting(importing: false, behindAnother: true), csrfToken: "t")
        #expect(queued.doing == "Waiting: another export is being read first" && queued.cancelURL == "/import/\(token)/cancel")
        let reading = ImportProgressView(token: token, fileName: "export.zip", stage: .reading(0.427), csrfToken: "t")
        #expect(reading.percent == 42 && reading.doing == "Reading what the export holds" && reading.title == "Reading the export")
    }

    /// The disk must hold a large upload, the others still arriving and room to spare, before a byte is written.
    @Test func aLargeUploadTheDiskCannotHoldIsRefusedBeforeItIsRead() {
        #expect(LargeUploads.refusal(length: 3_000_000_000, free: 10_000_000_000, arriving: 0) == nil)
        let full = LargeUploads.refusal(length: 3_000_000_000, free: 3_100_000_000, arriving: 0)
        #expect(full?.status.code == 507 && "\(full?.body ?? "")".contains("3100 MB free"), "\(String(describing: full))")
        #expect(
            LargeUploads.refusal(length: 3_000_000_000, free: 6_000_000_000, arriving: 3_000_000_000) != nil, "counting what is arriving")
        #expect(
            LargeUploads.refusal(length: 3_000_000_000, free: nil, arriving: 0) == nil, "a disk that cannot be asked is not refused for it")
    }

    @Test func anExportWithPhotosMovesToAnotherPersonsDiaryThroughThePages() async throws {
        try await TestEnvironment.withConfiguredApp(withFixtureCatalog: true) { client, _, config in
            let meal = try #require(try await BackupTests.postMeal(client, 1, withPhoto: true))
            _ = try await client.postForm("/export", [])
            let page = try await client.get("/export")
            let name = try #require(page.text.firstMatch(of: #/href="/export/(fooddiary-export-[0-9-]+\.zip)"/#)?.output.1)
            let archive = Data(buffer: try await client.get("/export/\(name)").body)

            let robin = try await TestPerson.addMember("Robin", in: config)
            let uploaded = try await client.postMultipart(
                "/import", files: [MultipartFile(field: "file", filename: String(name), contentType: "application/zip", data: archive)],
                token: robin.token, session: robin.session)
            let location = try #require(uploaded.headers[.location])
            let preview = try await client.get(location, session: robin.session)
            #expect(preview.text.contains("1 meal with 0 foods on 9 Mar 2026") && preview.text.contains("1 photo"))
            #expect(try await client.postForm(location, [], token: robin.token, session: robin.session).status == .seeOther)

            let list = try await client.get("/", session: robin.session)
            #expect(list.text.contains("Meal 1 🍲 &amp; co"))
            let photo = try #require(list.text.firstMatch(of: #/src="(/photos/[0-9a-f]{64}/thumb)"/#)?.output.1)
            let thumb = try await client.get(String(photo), session: robin.session)
            #expect(thumb.status == .ok && thumb.headers[.contentType] == "image/jpeg", "the thumbnail is made from the imported original")
            #expect(try await client.get("/meals/\(meal)").status == .ok, "the owner's meal is where it was")
        }
    }

    @Test func aFileThatCannotBeImportedSaysWhyAndChangesNothing() async throws {
        try await TestEnvironment.withConfiguredApp(withFixtureCatalog: true) { client, database, _ in
            try await database.addMeal("2026-03-08T12:30", notes: "Here before")
            let location = try await Self.upload(client, Data("when,what\nmonday,soup\n".utf8), name: "notes.csv")
            let refused = try await client.get(location)
            #expect(
                refused.status == .unprocessableContent
                    && refused.text.contains("notes.csv was not imported. FoodDiary does not know this file"))
            #expect(try await client.get(location).status == .notFound, "a refused upload is not kept")
            let nothing = try await client.postMultipart("/import", files: [])
            #expect(nothing.status == .unprocessableContent && nothing.text.contains("Choose the file to import first."))
            #expect(try await database.mealCount() == 1)
        }
    }
}

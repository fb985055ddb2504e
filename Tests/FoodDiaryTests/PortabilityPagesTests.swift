import Foundation
import Testing
import HummingbirdTesting
@testable import FoodDiary
import FoodDiaryWeb

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
            #expect(download.headers[.contentDisposition] == "attachment; filename=\"\(name)\"" && download.headers[.cacheControl] == "no-store")
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
        let response = try await client.postMultipart("/import", files: [MultipartFile(field: "file", filename: name, contentType: "text/csv", data: data)])
        #expect(response.status == .seeOther)
        return try #require(response.headers[.location])
    }

    @Test func anImportShowsWhatItWouldAddThenAddsItOnce() async throws {
        try await TestEnvironment.withConfiguredApp(withFixtureCatalog: true) { client, database, config in
            let file = try Data(contentsOf: URL(fileURLWithPath: PortabilityFixtures.path("cronometer-servings.csv")))
            let location = try await Self.upload(client, file, name: "servings.csv")
            #expect(location.wholeMatch(of: #/\/import\/[0-9a-f]{32}/#) != nil)

            let preview = try await client.get(location)
            #expect(preview.status == .ok)
            #expect(preview.text.contains("Import servings.csv?") && preview.text.contains("4 meals with 7 foods from 1 Mar 2026 to 2 Mar 2026"))
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
            let waiting = try FileManager.default.contentsOfDirectory(atPath: config.firstDiaryPhotos + "/tmp").filter { $0.hasPrefix("import-") }
            #expect(waiting.count == 2, "only the second upload, never confirmed, waits for the sweep: \(waiting)")
        }
    }

    /// Issue 62: a scale's file and Apple Health's export through the page, and a notice that says
    /// what was added when it was not meals (it used to say nothing was).
    @Test func aScalesFileAndAppleHealthsExportSayWhatTheyAdded() async throws {
        try await TestEnvironment.withConfiguredApp { client, database, _ in
            // Before the test's today, 9 March 2026.
            let withings = Data("""
                Date,"Weight (kg)","Fat mass (kg)","Bone mass (kg)","Muscle mass (kg)","Hydration (kg)",Comments
                "2026-03-08 07:14:09",80.40,18.09,3.21,59.10,43.90,
                "2026-03-07 07:02:51",80.90,18.30,3.22,59.38,44.12,
                """.utf8)
            let location = try await Self.upload(client, withings, name: "weight.csv")
            #expect(try await client.get(location).text.contains("4 weigh-ins and measurements"))
            let done = try #require(try await client.postForm(location, []).headers[.location])
            #expect(try await client.get(done).text.contains("Imported 4 weigh-ins and measurements. They are in your days now."), "\(done)")

            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let export = try Data(contentsOf: URL(fileURLWithPath: try AppleHealthExportTests.zip(AppleHealthExportTests.xml, in: directory)))
            let uploaded = try await client.postMultipart("/import", files: [MultipartFile(field: "file", filename: "export.zip", contentType: "application/zip", data: export)])
            let apple = try #require(uploaded.headers[.location])
            let preview = try await client.get(apple).text
            #expect(preview.contains("An Apple Health export: 1 active energy samples") && preview.contains("2 activities") && preview.contains("1 glass of water"),
                    "what it would add, exactly")
            #expect(try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM activity") } == 0, "the preview writes nothing")
            let kept = try #require(try await client.postForm(apple, []).headers[.location])
            #expect(try await client.get(kept).text.contains("2 activities"), "\(kept)")
            #expect(try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM activity") } == 2)
            let again = try await client.postMultipart("/import", files: [MultipartFile(field: "file", filename: "export.zip", contentType: "application/zip", data: export)])
            #expect(try await client.get(try #require(again.headers[.location])).text.contains("Everything in it is in this diary already"))
        }
    }

    @Test func anExportWithPhotosMovesToAnotherPersonsDiaryThroughThePages() async throws {
        try await TestEnvironment.withConfiguredApp(withFixtureCatalog: true) { client, _, config in
            let meal = try #require(try await BackupTests.postMeal(client, 1, withPhoto: true))
            _ = try await client.postForm("/export", [])
            let page = try await client.get("/export")
            let name = try #require(page.text.firstMatch(of: #/href="/export/(fooddiary-export-[0-9-]+\.zip)"/#)?.output.1)
            let archive = Data(buffer: try await client.get("/export/\(name)").body)

            let robin = try await TestPerson.addMember("Robin", in: config)
            let uploaded = try await client.postMultipart("/import", files: [MultipartFile(field: "file", filename: String(name), contentType: "application/zip", data: archive)],
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
            #expect(refused.status == .unprocessableContent && refused.text.contains("notes.csv was not imported. FoodDiary does not know this file"))
            #expect(try await client.get(location).status == .notFound, "a refused upload is not kept")
            let nothing = try await client.postMultipart("/import", files: [])
            #expect(nothing.status == .unprocessableContent && nothing.text.contains("Choose the file to import first."))
            #expect(try await database.mealCount() == 1)
        }
    }
}

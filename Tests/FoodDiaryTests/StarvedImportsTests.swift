import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import FoodDiary
@testable import FoodDiaryApp
@testable import FoodDiaryBase
import FoodDiaryTools

/// Issue 76: imports the probe could starve, lose or fool.
@Suite struct StarvedImportsTests {
    /// An upload waiting for its preview is still there after a restart, and the data folder is the
    /// server's alone, tightened at start-up where an earlier version left it open.
    @Test func aWaitingUploadSurvivesARestartAndTheDataIsPrivate() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let config = TestEnvironment.config(dataDirectory: directory.path)
        try await TestPerson.create(in: config)
        let csv = Data("Date,Weight,Unit\n2026-03-08,80.4,kg\n".utf8)
        let waiting = try await buildApplication(config: config, now: { TestEnvironment.fixedNow }).test(.router) { client in
            try await PortabilityPagesTests.upload(client, csv, name: "weights.csv")
        }
        func mode(_ path: String) throws -> Int { try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as! Int }
        #expect(try mode(config.accountsPath) == 0o600 && mode(config.diariesDirectory) == 0o700 && mode(directory.path) == 0o700)
        // As an earlier version left them.
        for (path, loose) in [(config.accountsPath, 0o644), (config.diariesDirectory, 0o755), (directory.path, 0o755)] {
            chmod(path, mode_t(loose))
        }

        try await buildApplication(config: config, now: { TestEnvironment.fixedNow }).test(.router) { client in
            let preview = try await client.get(waiting)
            #expect(preview.status == .ok && preview.text.contains("1 weigh-in"), "\(preview.status)")
        }
        #expect(try mode(config.accountsPath) == 0o600 && mode(config.diariesDirectory) == 0o700 && mode(directory.path) == 0o700)
    }

    @Test func anotherPersonsPhoneIsAnsweredWhileSomeoneSendsLargeOnes() async throws {
        try await TestEnvironment.withRunningApp(testing: .live) { client, _, config, _ in
            let sams = try await HealthImportTests.token(client)
            let robin = try await TestPerson.addMember("Robin", in: config)
            let made = try await client.postForm(
                "/account/tokens", [("current_password", TestPerson.password), ("name", "Robin's phone"), ("access", "write")],
                token: robin.token, session: robin.session)
            let robins = try #require(made.text.firstMatch(of: /fdt_[A-Za-z0-9_-]{43}/).map { String($0.output) })
            let small =
                #"{"data": {"metrics": [{"name": "weight_body_mass", "units": "kg", "data": [{"qty": 61.2, "date": "2026-03-09 07:00:00 +0000"}]}]}}"#
            // A phone that sends by itself finds its diary open: its first sending is not the one timed.
            #expect(try await HealthImportTests.send(client, small, token: robins).status == .ok)
            let large = String(decoding: HealthSendingBenchmark.sending(points: 230_000), as: UTF8.self)
            #expect(large.utf8.count > 14 << 20 && large.utf8.count < HealthAPIController.maxBodyBytes)

            async let first = HealthImportTests.send(client, large, token: sams)
            async let second = HealthImportTests.send(client, large, token: sams)
            try await Task.sleep(for: .milliseconds(300))
            let started = ContinuousClock.now
            let robinsAnswer = try await HealthImportTests.send(client, small, token: robins)
            let waited = ContinuousClock.now - started
            #expect(robinsAnswer.status == .ok && waited < .seconds(5), "\(robinsAnswer.status) after \(waited)")
            let answers = try await [first, second].map(\.status)
            // One of Sam's is answered, the other asked to come again: Sam's share, never Robin's.
            #expect(answers.contains(.ok) && answers.contains(.serviceUnavailable), "\(answers)")
        }
    }

    /// The sending is read by its outline: a reading at a time, the same readings as before.
    @Test func aSendingIsReadByItsOutline() throws {
        let today = LocalDate(parsing: "2026-03-09")!
        let payload = try HealthPayload(json: HealthSendingBenchmark.sending(points: 3_000), timeZone: .gmt, today: today)
        #expect(payload.samples.count == 3_000 && payload.samples.allSatisfy { $0.value == 12 })
        for broken in [
            #"{"data": {"metrics": [{"name": "step_count", "data": [{"qty": 1"#, #"{"metrics": "#, "[]", #"{"metrics": [] } x"#,
            #"{"a": "unclosed}"#
        ] {
            #expect(throws: HealthPayload.NotAPayload.self, "\(broken)") {
                try HealthPayload(json: Array(broken.utf8), timeZone: .gmt, today: today)
            }
        }
        let escaped = try HealthPayload(
            json: Array(
                #"{"source": "Sam\"s \u00e9 [watch]", "metrics": [{"name": "weight", "units": "kg", "data": [{"qty": "0x1p3", "date": "2026-03-09"}, {"qty": "80.5", "date": "2026-03-09"}]}]}"#
                    .utf8),
            timeZone: .gmt, today: today)
        #expect(escaped.readings.map(\.value) == [80.5] && escaped.refusedCount == 1, "0x1p3 is no weight: \(escaped.refused)")
    }

    /// A workout's distance and length are checked; the length comes from its start and end when
    /// it is not sent, and a sprint keeps its seconds.
    @Test func workoutsAreCheckedAndKeepTheirLength() throws {
        let today = LocalDate(parsing: "2026-03-09")!
        func workouts(_ body: String) throws -> HealthPayload {
            try HealthPayload(json: Array(#"{"workouts": [\#(body)]}"#.utf8), timeZone: .gmt, today: today)
        }
        for distance in ["-5", "1e308"] {
            let sent = try workouts(
                #"{"name": "Run", "start": "2026-03-08 07:00:00 +0000", "duration": 600, "distance": {"qty": \#(distance), "units": "km"}}"#
            )
            #expect(sent.workouts.isEmpty && sent.refusedCount == 1, "\(distance): \(sent.refused)")
        }
        let notANumber = try workouts(
            #"{"name": "Run", "start": "2026-03-08 07:00:00 +0000", "duration": 600, "distance": {"qty": "NaN", "units": "km"}}"#)
        #expect(notANumber.workouts.count == 1 && notANumber.workouts.first?.distanceMetres == nil, "no distance kept, the run kept")
        let ended = try workouts(#"{"name": "Walk", "start": "2026-03-08 07:00:00 +0000", "end": "2026-03-08 07:45:00 +0000"}"#)
        #expect(ended.workouts.first?.durationMinutes == 45)
        let sprint = try workouts(#"{"name": "Sprint", "start": "2026-03-08 07:00:00 +0000", "duration": 40}"#)
        #expect(sprint.workouts.first?.durationMinutes.map { abs($0 - 40.0 / 60) < 1e-9 } == true)
    }

    /// Withings' and Garmin's exports from accounts in other languages, by their columns' meaning.
    @Test func exportsInOtherLanguagesAreRead() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let diary = try PortabilityFixtures.emptyDiary(in: directory, "diary")
        let importer = PortabilityFixtures.importer(
            diary, catalog: try PortabilityFixtures.catalog(in: directory),
            now: LocalDateTime(parsing: "2026-03-15T12:00")!.instant(utcOffsetMinutes: 0))
        let german = try await importer.read(fileAt: PortabilityFixtures.path("withings-weight-de.csv"))
        #expect(german.format == "Withings weight.csv" && german.skipped.map(\.row) == [4], "0x1p3 is no weight: \(german.skipped)")
        #expect(try await importer.commit(german).measurementsAdded == 4)
        let weights = try await diary.database.read { db in
            try Double.fetchAll(
                db,
                sql:
                    "SELECT m.value FROM body_measurement m JOIN body_measure b ON b.id = m.measure_id AND b.key = 'weight' ORDER BY m.measured_local"
            )
        }
        #expect(weights == [80.9, 80.4], "a decimal comma, and a date written 10.03.2026: \(weights)")
        let danish = try await importer.read(fileAt: PortabilityFixtures.path("garmin-activities-da.csv"))
        #expect(
            danish.format.hasPrefix("Garmin Connect") && danish.skipped.isEmpty
                && danish.document.activities.map(\.name) == ["Løb", "Cykling"])

        // Each language's words for the weight file's columns.
        let headers = [
            "fr": "Date,Poids (kg),Masse grasse (kg)", "es": "Fecha,Peso (kg),Masa grasa (kg)", "it": "Data,Peso (kg),Massa grassa (kg)",
            "nl": "Datum,Gewicht (kg),Vetmassa (kg)", "sv": "Datum,Vikt (kg),Fettmassa (kg)", "da": "Dato,Vægt (kg),Fedtmasse (kg)",
            "en": "Date,Weight (kg),Fat mass (kg)"
        ]
        for (language, header) in headers {
            let file = directory.path + "/weight-\(language).csv"
            try "\(header)\n2026-03-14 07:00:00,70.5,14.1\n".write(toFile: file, atomically: true, encoding: .utf8)
            let read = try await importer.read(fileAt: file)
            #expect(read.format == "Withings weight.csv" && read.document.bodyMeasurements.count == 2, "\(language)")
        }
    }

    /// A DOCTYPE that never closes, or a quote left open in a tag, with 20 MB of records after it:
    /// refused as soon as the broken tag passes a megabyte, saying where, in time that does not
    /// grow with what follows; a file of other XML says it is not Apple Health's.
    @Test func aBrokenExportIsRefusedAtOnceAndSaysWhere() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let diary = try PortabilityFixtures.emptyDiary(in: directory, "diary")
        let importer = HealthExportImporter(diary: diary, timeZone: .gmt, now: { TestEnvironment.fixedNow })
        let record =
            #"<Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2026-03-08 07:00:00 +0000" value="80"/>"#
            + "\n"
        let records = String(repeating: record, count: 20_000_000 / record.utf8.count)
        for (what, broken) in [
            ("a DOCTYPE never closed", "<!DOCTYPE HealthData [\n<!ELEMENT HealthData (Record*)>\n<HealthData locale=\"en\">\n"),
            ("a quote left open", "<HealthData locale=\"en\">\n<Record type=\"HKQuantityTypeIdentifierBodyMass value=\"80\"/>\n")
        ] {
            unlink(directory.path + "/export.zip")
            let zip = try AppleHealthExportTests.zip(broken + records + "</HealthData>\n", in: directory)
            let started = ContinuousClock.now
            await #expect(throws: HealthExportRefusal.self, "\(what)") { _ = try importer.contents(zipAt: zip) { _ in } }
            do { _ = try importer.contents(zipAt: zip) { _ in } } catch let refusal as HealthExportRefusal {
                #expect(
                    refusal.description.contains("export.xml is broken") && refusal.description.contains("a tag there never closes"),
                    "\(refusal)")
            }
            // Two readings of the beginning of the file, where the whole was once scanned again per MB.
            #expect(ContinuousClock.now - started < .seconds(30), "\(what): \(ContinuousClock.now - started)")
        }
        unlink(directory.path + "/export.zip")
        let other = try AppleHealthExportTests.zip("<?xml version=\"1.0\"?>\n<Sleep><Night start=\"2026-03-08\"/></Sleep>\n", in: directory)
        do {
            _ = try importer.contents(zipAt: other) { _ in }
            Issue.record("another XML is refused")
        } catch let refusal as HealthExportRefusal {
            #expect(refusal.description.contains("it is not the Health app’s export"))
        }
    }

    /// A damaged ZIP says what to do, never a library's error number.
    @Test func aDamagedZipSaysWhatToDo() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let diary = try PortabilityFixtures.emptyDiary(in: directory, "diary")
        let importer = HealthExportImporter(diary: diary, timeZone: .gmt, now: { TestEnvironment.fixedNow })
        let records = String(
            repeating:
                #"<Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2026-03-08 07:00:00 +0000" value="12"/>"#
                + "\n", count: 20_000)
        let zip = try AppleHealthExportTests.zip("<HealthData locale=\"en\">\n" + records + "</HealthData>\n", in: directory)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: zip))
        for index in stride(from: 200, to: bytes.count / 2, by: 97) { bytes[index] ^= 0x5A }
        try bytes.write(to: URL(fileURLWithPath: zip))
        let jobs = HealthExportJobs()
        jobs.read(zip, with: importer)
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if case .failed(let words) = jobs.stage(of: zip) {
                // Garbled bytes inflate to garbage the scanner stops at, or fail the inflating: either says what to do.
                #expect(words.contains("Export it again") && !words.contains("ZIPFoundation") && !words.contains("error "), "\(words)")
                return
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("the damaged ZIP is refused: \(String(describing: jobs.stage(of: zip)))")
    }

    /// Two workouts the same source names differently are two, even starting the same minute with
    /// no energy or length.
    @Test func twoWorkoutsWithTheirOwnIdsAreKeptApart() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let diary = try PortabilityFixtures.emptyDiary(in: directory, "diary")
        let sent = try HealthPayload(
            json: Array(
                #"""
                {"workouts": [{"id": "a", "name": "Yoga", "start": "2026-03-08 07:00:00 +0000"}, {"id": "b", "name": "Walk", "start": "2026-03-08 07:00:00 +0000"}]}
                """#.utf8), timeZone: .gmt, today: LocalDate(parsing: "2026-03-09")!)
        #expect(try await diary.database.importHealth(sent, now: TestEnvironment.fixedNow).workouts == 2)
        #expect(try await diary.database.importHealth(sent, now: TestEnvironment.fixedNow).workouts == 0, "and each once")
    }
}

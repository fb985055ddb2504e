import FoodDiaryBase
import Foundation
import GRDB
import Testing
import ZIPFoundation
@testable import FoodDiary

/// Issue 62: Apple Health's export.zip, read as it inflates. The export.xml is written here in the
/// layout Apple's exports have: an internal DTD, `<Record>`s with `<MetadataEntry>` children,
/// workouts with their totals as attributes (older iOS) or in `<WorkoutStatistics>` (newer).
@Suite struct AppleHealthExportTests {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord)*)>
        <!ATTLIST HealthData locale CDATA #REQUIRED>
        <!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
        ]>
        <HealthData locale="en_GB">
         <ExportDate value="2026-03-10 09:00:00 +0000"/>
         <Me HKCharacteristicTypeIdentifierDateOfBirth="" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexNotSet"/>
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Sam&#8217;s Apple Watch" unit="count/min" creationDate="2026-03-09 08:00:00 +0000" startDate="2026-03-09 08:00:00 +0000" endDate="2026-03-09 08:00:00 +0000" value="61"/>
         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Withings" sourceVersion="1" unit="kg" creationDate="2026-03-09 07:12:30 +0100" startDate="2026-03-09 07:12:00 +0100" endDate="2026-03-09 07:12:00 +0100" value="71.4">
          <MetadataEntry key="HKWasUserEntered" value="0"/>
         </Record>
         <Record type="HKQuantityTypeIdentifierBodyFatPercentage" sourceName="Withings" unit="%" creationDate="2026-03-09 07:12:30 +0100" startDate="2026-03-09 07:12:00 +0100" endDate="2026-03-09 07:12:00 +0100" value="0.224"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Sam&#8217;s iPhone" device="&lt;&lt;HKDevice: 0x1&gt;, name:iPhone&gt;" unit="count" creationDate="2026-03-09 08:10:00 +0000" startDate="2026-03-09 08:00:00 +0000" endDate="2026-03-09 08:10:00 +0000" value="1200"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Sam&#8217;s iPhone" unit="count" creationDate="2026-03-09 18:10:00 +0000" startDate="2026-03-09 18:00:00 +0000" endDate="2026-03-09 18:10:00 +0000" value="2400"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Sam&#8217;s Apple Watch" unit="count" creationDate="2026-03-09 08:10:00 +0000" startDate="2026-03-09 08:00:00 +0000" endDate="2026-03-09 08:10:00 +0000" value="3100"/>
         <Record type="HKQuantityTypeIdentifierActiveEnergyBurned" sourceName="Sam&#8217;s Apple Watch" unit="kJ" creationDate="2026-03-09 08:10:00 +0000" startDate="2026-03-09 08:00:00 +0000" endDate="2026-03-09 08:10:00 +0000" value="418.4"/>
         <Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="WaterMinder" unit="mL" creationDate="2026-03-09 10:05:00 +0000" startDate="2026-03-09 10:05:00 +0000" endDate="2026-03-09 10:05:00 +0000" value="330"/>
         <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" totalDistance="5.1" totalDistanceUnit="km" totalEnergyBurned="310" totalEnergyBurnedUnit="kcal" sourceName="Sam&#8217;s Apple Watch" creationDate="2026-03-08 18:31:00 +0000" startDate="2026-03-08 18:00:00 +0000" endDate="2026-03-08 18:30:00 +0000">
          <WorkoutEvent type="HKWorkoutEventTypeSegment" date="2026-03-08 18:00:00 +0000" duration="10" durationUnit="min"/>
         </Workout>
         <Workout workoutActivityType="HKWorkoutActivityTypeTraditionalStrengthTraining" duration="45" durationUnit="min" sourceName="Sam&#8217;s Apple Watch" creationDate="2026-03-09 19:46:00 +0000" startDate="2026-03-09 19:00:00 +0000" endDate="2026-03-09 19:45:00 +0000">
          <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="2026-03-09 19:00:00 +0000" endDate="2026-03-09 19:45:00 +0000" sum="1046" unit="kJ"/>
          <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" startDate="2026-03-09 19:00:00 +0000" endDate="2026-03-09 19:45:00 +0000" average="121" minimum="90" maximum="150" unit="count/min"/>
         </Workout>
         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Withings" unit="kg" creationDate="2099-03-09 07:12:30 +0100" startDate="2099-03-09 07:12:00 +0100" endDate="2099-03-09 07:12:00 +0100" value="71.4"/>
         <ActivitySummary dateComponents="2026-03-09" activeEnergyBurned="500" activeEnergyBurnedGoal="600" activeEnergyBurnedUnit="kcal"/>
        </HealthData>
        """

    static func zip(_ xml: String, in directory: TemporaryDirectory, compressed: Bool = true) throws -> String {
        let path = directory.path + "/export.zip"
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
        let data = Data(xml.utf8)
        try archive.addEntry(
            with: "apple_health_export/export.xml", type: .file, uncompressedSize: Int64(data.count),
            compressionMethod: compressed ? .deflate : .none
        ) { (position: Int64, size: Int) in
            data.subdata(in: Int(position)..<Int(position) + size)
        }
        return path
    }

    @Test func theScannerReadsTheSameWhereverTheChunksEnd() throws {
        func elements(chunk: Int) throws -> [AppleHealthScanner.Element] {
            var scanner = AppleHealthScanner(wanted: ["HKQuantityTypeIdentifierStepCount", "HKQuantityTypeIdentifierBodyMass"])
            var found: [AppleHealthScanner.Element] = []
            let bytes = Array(Self.xml.utf8)
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + chunk)
                try bytes[start..<end].withUnsafeBytes { try scanner.feed($0) { found.append($0) } }
                start = end
            }
            return found
        }
        let whole = try elements(chunk: 1 << 20)
        #expect(
            whole.count == 11, "5 records of the types asked for (one dated 2099), 2 workouts with 2 statistics and their ends: \(whole)")
        if case .record(let attributes) = whole[1] {
            #expect(
                attributes["sourceName"] == "Sam’s iPhone" && attributes["device"] == "<<HKDevice: 0x1>, name:iPhone>",
                "entities read: \(attributes)")
        } else {
            Issue.record("the second element is the first step count")
        }
        for chunk in [1, 7, 64, 333] { #expect(try elements(chunk: chunk) == whole, "chunks of \(chunk) bytes") }
        #expect(AppleHealthExport.activityName("HKWorkoutActivityTypeTraditionalStrengthTraining") == "Traditional strength training")
    }

    @Test func anExportIsKeptOnceAndSaysWhatItHolds() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try Self.zip(Self.xml, in: directory)
        #expect(HealthExportImporter.isHealthExport(zipAt: path))
        let diary = try PortabilityFixtures.emptyDiary(in: directory, "diary")
        let importer = HealthExportImporter(
            diary: diary, timeZone: TimeZone(identifier: "Europe/London")!, now: { TestEnvironment.fixedNow })
        let preview = try await importer.run(zipAt: path, commit: false) { _ in }
        #expect(
            preview[0]
                == "An Apple Health export: 1 active energy sample, 1 body fat reading, 1 drink of water, 3 step counts, 1 weigh-in, 2 workouts from Sunday 8 March 2026 to Monday 9 March 2026.",
            "\(preview)")
        #expect(
            try await diary.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM activity") } == 0,
            "the preview writes nothing")

        let kept = try await importer.run(zipAt: path, commit: true) { _ in }
        #expect(
            kept[1]
                == "Added: 1 weigh-ins, 1 other measurements, 1 drinks, 3 day totals of steps and energy, 2 workouts; 0 were there already.",
            "\(kept)")
        let again = try await importer.run(zipAt: path, commit: true) { _ in }
        #expect(
            again[1]
                == "Added: 0 weigh-ins, 0 other measurements, 0 drinks, 0 day totals of steps and energy, 0 workouts; 8 were there already.",
            "\(again)")

        let date = LocalDate(parsing: "2026-03-09")!
        let (steps, device, workouts) = try await diary.database.read { db in
            (
                try ActivityQueries.steps(db, on: date), try ActivityQueries.deviceActiveKcal(db, on: date),
                try String.fetchAll(
                    db,
                    sql:
                        "SELECT name || ' ' || started_local || ' ' || duration_minutes || ' ' || active_energy_kcal || ' ' || coalesce(distance_m, '-') FROM activity ORDER BY started_local"
                )
            )
        }
        #expect(steps == 3_600, "the phone's 1,200 + 2,400 against the watch's 3,100: the larger, not the sum")
        #expect(device == 100, "418.4 kJ is 100 kcal")
        #expect(
            workouts == ["Running 2026-03-08T18:00 30.0 310.0 5100.0", "Traditional strength training 2026-03-09T19:00 45.0 250.0 -"],
            "\(workouts)")
    }

    /// A workout Health Auto Export sent (its UUID) and the same one in the export (its start and
    /// type) are one workout; so is one typed at the minute it started.
    @Test func theSameWorkoutByTwoPathsIsKeptOnce() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let diary = try PortabilityFixtures.emptyDiary(in: directory, "diary")
        let sent = try HealthPayload(
            json: Array(
                """
                {"data": {"workouts": [{"id": "550e8400-e29b-41d4-a716-446655440000", "name": "Outdoor Run", "start": "2026-03-08 18:00:00 +0000",
                  "duration": 1800, "activeEnergyBurned": {"qty": 310, "units": "kcal"}}]}}
                """.utf8), timeZone: .gmt, today: LocalDate(parsing: "2026-03-09")!)
        #expect(try await diary.database.importHealth(sent, now: TestEnvironment.fixedNow).workouts == 1)
        let importer = HealthExportImporter(diary: diary, timeZone: .gmt, now: { TestEnvironment.fixedNow })
        let kept = try await importer.run(zipAt: try Self.zip(Self.xml, in: directory), commit: true) { _ in }
        #expect(kept[1].contains("1 workouts; 1 were there already"), "the run once, the strength training added: \(kept)")
        #expect(try await diary.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM activity") } == 2)
    }

    /// A ZIP bomb: export.xml says it inflates to 100 bytes and holds a megabyte. It is stopped as
    /// it passes what it claims, not read on for hours.
    @Test func anExportThatInflatesPastItsSizeIsStopped() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let xml =
            #"<?xml version="1.0"?><HealthData locale="en_GB">"# + String(repeating: "<ExportDate value=\"2026-03-10\"/>\n", count: 30_000)
            + "</HealthData>"
        let path = try Self.zip(xml, in: directory)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // The uncompressed size in the local header (offset 22) and the central directory's record (offset 24).
        for (signature, offset) in [([0x50, 0x4b, 0x03, 0x04] as [UInt8], 22), ([0x50, 0x4b, 0x01, 0x02], 24)] {
            let start = try #require((0..<bytes.count - 4).first { Array(bytes[$0..<$0 + 4]) == signature })
            bytes.replaceSubrange(start + offset..<start + offset + 4, with: [100, 0, 0, 0])
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let export = AppleHealthExport(timeZone: .gmt, today: LocalDate(parsing: "2026-03-09")!, now: TestEnvironment.fixedNow)
        #expect { try export.run(zipAt: path, store: nil) } throws: { error in
            "\(error)".contains("inflates past the size its ZIP gives")
        }
    }

    @Test func aZipThatIsNotAppleHealthsIsSaidSo() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/other.zip"
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
        let note = Data("hi".utf8)
        try archive.addEntry(with: "notes.txt", type: .file, uncompressedSize: Int64(note.count), compressionMethod: .none) {
            (position: Int64, size: Int) in
            note.subdata(in: Int(position)..<Int(position) + size)
        }
        #expect(!HealthExportImporter.isHealthExport(zipAt: path))
        let export = AppleHealthExport(timeZone: .gmt, today: LocalDate(parsing: "2026-03-09")!, now: TestEnvironment.fixedNow)
        #expect(throws: HealthExportRefusal.self) { try export.run(zipAt: path, store: nil) }
    }
}

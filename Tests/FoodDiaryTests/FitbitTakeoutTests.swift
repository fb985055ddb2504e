import FoodDiaryBase
import Foundation
import GRDB
import Testing
import ZIPFoundation
@testable import FoodDiary

/// Issue 62: Fitbit's data from Google Takeout. The files are written here in the layout Takeout
/// gives them (`Takeout/Fitbit/Global Export Data/`; fields as several public converters read them:
/// `logId`, `weight`, `bmi`, `fat`, `date` "MM/dd/yy", `time`; `startTime`, `activityName`,
/// `duration`/`activeDuration` in ms, `calories`, `distance`, `distanceUnit`; `dateTime`, `value`).
@Suite struct FitbitTakeoutTests {
    static let folder = "Takeout/Fitbit/Global Export Data/"
    static let files = [
        // The first in pounds (√(176.4 ÷ 24.6) = 2.68, no one's height in metres), the second in kilograms (1.80).
        "weight-2026-02-08.json": """
        [{"logId":1772870400000,"weight":176.4,"bmi":24.6,"date":"03/06/26","time":"07:10:00","source":"Aria"},
         {"logId":1772956800000,"weight":80.2,"bmi":24.7,"fat":22.5,"date":"03/07/26","time":"07:05:00","source":"Aria"}]
        """,
        "exercise-0.json": """
        [{"logId":55501,"activityName":"Run","activityTypeId":90009,"startTime":"03/07/26 18:00:00","duration":1800000,
          "activeDuration":1800000,"calories":400,"distance":5.2,"distanceUnit":"Kilometer","steps":5100,"logType":"auto_detected"}]
        """,
        "steps-2026-03-07.json": """
        [{"dateTime":"03/07/26 08:00:00","value":"120"},{"dateTime":"03/07/26 08:01:00","value":"80"},
         {"dateTime":"03/08/26 09:00:00","value":"500"},{"dateTime":"03/08/27 09:00:00","value":"7"}]
        """,
        "sleep-2026-03-07.json": "[]"
    ]

    static func zip(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path + "/takeout-20260309T101010Z-001.zip"
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            let data = Data(text.utf8)
            try archive.addEntry(with: folder + name, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) {
                (position: Int64, size: Int) in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        let page = Data("<html>archive browser</html>".utf8)
        try archive.addEntry(
            with: "Takeout/archive_browser.html", type: .file, uncompressedSize: Int64(page.count), compressionMethod: .deflate
        ) { (position: Int64, size: Int) in
            page.subdata(in: Int(position)..<Int(position) + size)
        }
        return path
    }

    @Test func weighInsWorkoutsAndStepsAreKeptOnceAndRight() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try Self.zip(in: directory)
        #expect(HealthExportImporter.kind(zipAt: path) == .fitbit)
        let diary = try PortabilityFixtures.emptyDiary(in: directory, "diary")
        let importer = HealthExportImporter(
            diary: diary, timeZone: TimeZone(identifier: "Europe/London")!, now: { TestEnvironment.fixedNow })
        let preview = try await importer.run(zipAt: path, commit: false) { _ in }
        #expect(
            preview[0]
                == "A Fitbit export: 1 body fat reading, 3 step counts, 2 weigh-ins, 1 workout from Friday 6 March 2026 to Sunday 8 March 2026.",
            "\(preview)")
        #expect(
            preview.contains { $0.contains("each weigh-in is read by its BMI") }
                && preview.contains { $0.contains("taken off at 1 kcal per kilogram an hour") })
        #expect(preview.contains { $0.hasPrefix("1 readings left out") }, "the step dated a year ahead: \(preview)")

        let kept = try await importer.run(zipAt: path, commit: true) { _ in }
        #expect(
            kept.contains(
                "Added: 2 weigh-ins, 1 other measurements, 0 drinks, 2 day totals of steps and energy, 1 workouts; 0 were there already."),
            "\(kept)")
        let again = try await importer.run(zipAt: path, commit: true) { _ in }
        #expect(
            again.contains(
                "Added: 0 weigh-ins, 0 other measurements, 0 drinks, 0 day totals of steps and energy, 0 workouts; 6 were there already."),
            "\(again)")

        let (weights, steps7, steps8, run) = try await diary.database.read { db in
            (
                try Double.fetchAll(
                    db,
                    sql:
                        "SELECT value FROM body_measurement m JOIN body_measure b ON b.id = m.measure_id WHERE b.key = 'weight' ORDER BY measured_local"
                ),
                try ActivityQueries.steps(db, on: LocalDate(parsing: "2026-03-07")!),
                try ActivityQueries.steps(db, on: LocalDate(parsing: "2026-03-08")!),
                try String.fetchOne(
                    db,
                    sql:
                        "SELECT name || ' ' || started_local || ' ' || duration_minutes || ' ' || active_energy_kcal || ' ' || distance_m || ' ' || source FROM activity"
                )
            )
        }
        #expect(weights == [80.014, 80.2], "176.4 lb = 80.014 kg; 80.2 kept as kilograms")
        #expect(steps7 == 200 && steps8 == 500, "the minutes added up per day")
        // 400 kcal less the rest: 80.2 kg × 0.5 h = 40.1 kcal.
        #expect(run == "Run 2026-03-07T18:00 30.0 359.9 5200.0 Fitbit (Takeout)", "\(run ?? "none")")
    }

    @Test func fitbitsTimesAndUnitsAreReadAsWritten() {
        #expect(FitbitTakeout.time("01/31/21", "07:12:10") == LocalDateTime(date: LocalDate(parsing: "2021-01-31")!, hour: 7, minute: 12))
        #expect(FitbitTakeout.time("12/01/25 23:59:00") == LocalDateTime(date: LocalDate(parsing: "2025-12-01")!, hour: 23, minute: 59))
        #expect(FitbitTakeout.time("31/01/21 07:12:10") == nil, "no thirty-first month")
        #expect(FitbitTakeout.time("2021-01-31") == nil)
        #expect(
            FitbitTakeout.weightUnits(165, bmi: 25.1) == "lb" && FitbitTakeout.weightUnits(75, bmi: 25.1) == "kg"
                && FitbitTakeout.weightUnits(75, bmi: nil) == "lb")
        #expect(FitbitTakeout.File(path: "Takeout/Fitbit/Global Export Data/weight-2020-01-01.json") == .weight)
        #expect(FitbitTakeout.File(path: "MyFitbitData/Sam/user-site-export/exercise-100.json") == .exercise)
        #expect(FitbitTakeout.File(path: "Takeout/Drive/steps-2020-01-01.json") == nil, "only in Fitbit's folders")
    }
}

import FoodDiaryBase
import Foundation
import GRDB
import Testing
import ZIPFoundation
@testable import FoodDiary
import FoodDiaryStorage

/// Files from the apps people leave: each fixture imports with the right day totals, the preview
/// writes nothing, and importing the same file again adds nothing.
@Suite struct ImportFormatsTests {
    struct Expected {
        let file: String
        let format: String
        let mealsAdded: Int
        let energyByDay: [String: Double]
        let skippedRows: [Int]
    }

    static let fixtures = [
        Expected(
            file: "cronometer-servings.csv", format: "Cronometer servings (Food & Recipe Entries)", mealsAdded: 4,
            energyByDay: ["2026-03-01": 105.02 + 2.37 + 590.5 + 612 + 10, "2026-03-02": 117.6 + 164], skippedRows: [9, 10, 11]),
        Expected(
            file: "cronometer-dailysummary.csv", format: "Cronometer daily nutrition (dailysummary.csv)", mealsAdded: 2,
            energyByDay: ["2026-02-26": 1850.5, "2026-02-27": 2011], skippedRows: [4]),
        Expected(
            file: "myfitnesspal-nutrition.csv", format: "MyFitnessPal nutrition export", mealsAdded: 4,
            energyByDay: ["2026-03-03": 420 + 1150 + 640.5, "2026-03-04": 210], skippedRows: [6]),
        Expected(
            file: "loseit-food-logs.csv", format: "Lose It! food log", mealsAdded: 3,
            energyByDay: ["2026-03-05": 100 + 42 + 187, "2026-03-06": 95], skippedRows: [5, 7])
    ]

    @Test(arguments: fixtures)
    func eachAppsFileImportsWithTheRightDayTotalsAndOnlyOnce(_ expected: Expected) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let diary = try PortabilityFixtures.emptyDiary(in: directory, "diary")
        let importer = PortabilityFixtures.importer(diary, catalog: try PortabilityFixtures.catalog(in: directory))

        let reading = try await importer.read(fileAt: PortabilityFixtures.path(expected.file))
        #expect(reading.format == expected.format)
        #expect(reading.skipped.map(\.row) == expected.skippedRows, "\(reading.skipped)")
        let preview = try await importer.preview(reading)
        #expect(preview.mealsAdded == expected.mealsAdded)
        #expect(try await PortabilityFixtures.mealCount(diary.database) == 0, "the preview writes nothing")

        let outcome = try await importer.commit(reading)
        #expect(outcome == preview, "the import does what its preview said")
        let totals = try await PortabilityFixtures.energyByDay(diary.database)
        #expect(Set(totals.keys) == Set(expected.energyByDay.keys))
        for (day, energy) in expected.energyByDay {
            #expect(abs((totals[day] ?? -1) - energy) < 1e-9, "\(day): \(totals[day] ?? -1) kcal, expected \(energy)")
        }

        let again = try await importer.commit(try await importer.read(fileAt: PortabilityFixtures.path(expected.file)))
        #expect(again.mealsAdded == 0 && again.entriesAdded == 0)
        #expect(try await PortabilityFixtures.mealCount(diary.database) == expected.mealsAdded)
    }

    /// Issue 39: weigh-ins and measurements from Cronometer and MyFitnessPal, in the units each gives.
    @Test func biometricsFromOtherAppsBecomeReadingsInTheirOwnUnitsOnce() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let diary = try PortabilityFixtures.emptyDiary(in: directory, "diary")
        // Imported on 2026-03-25, after the files' last days.
        let importer = PortabilityFixtures.importer(
            diary, catalog: try PortabilityFixtures.catalog(in: directory),
            now: LocalDateTime(parsing: "2026-03-25T12:00")!.instant(utcOffsetMinutes: 0))
        func readings() async throws -> [String] {
            try await diary.database.read { db in
                try String.fetchAll(
                    db,
                    sql: """
                        SELECT b.key || ' ' || round(m.value, 3) || ' ' || m.measured_local FROM body_measurement m
                            JOIN body_measure b ON b.id = m.measure_id
                        ORDER BY m.measured_local, b.key
                        """)
            }
        }

        let cronometer = try await importer.read(fileAt: PortabilityFixtures.path("cronometer-biometrics.csv"))
        #expect(cronometer.format == "Cronometer biometrics")
        #expect(cronometer.skipped.map(\.row) == [6, 7, 8, 9], "\(cronometer.skipped)")
        #expect(cronometer.skipped.first?.reason.contains("Heart Rate") == true)
        let preview = try await importer.preview(cronometer)
        #expect(preview.measurementsAdded == 4 && preview.mealsAdded == 0)
        #expect(try await readings().isEmpty, "the preview writes nothing")
        #expect(try await importer.commit(cronometer) == preview)
        #expect(
            try await readings() == [
                "weight 81.4 2026-03-01T07:05", "body_fat 22.5 2026-03-02T08:00", "weight 81.193 2026-03-02T08:00",
                "waist 85.09 2026-03-03T07:10"
            ])
        #expect(
            try await importer.commit(try await importer.read(fileAt: PortabilityFixtures.path("cronometer-biometrics.csv")))
                .measurementsAdded == 0)

        // MyFitnessPal does not say its units: this diary reads pounds and inches.
        try await diary.database.setBodySettings(
            {
                var settings = BodySettings(); settings.units = .us; return settings
            }())
        let myFitnessPal = try await importer.read(fileAt: PortabilityFixtures.path("myfitnesspal-measurements.csv"))
        #expect(myFitnessPal.format.hasPrefix("Weigh-ins by date") && myFitnessPal.skipped.map(\.row) == [5])
        #expect(myFitnessPal.remarks.contains { $0.contains("read in lb") })
        #expect(try await importer.commit(myFitnessPal).measurementsAdded == 7)
        let all = try await readings()
        #expect(
            all.contains("weight 81.737 2026-03-01T08:00") && all.contains("waist 86.36 2026-03-08T08:00")
                && all.contains("body_fat 21.0 2026-03-08T08:00")
                && all.contains("weight 81.012 2026-03-15T08:00"), "\(all)")

        // A table that names each row's unit and marks deleted rows, as some apps write weigh-ins.
        let named = directory.path + "/weights.csv"
        // Issue 59: a day before 1900, or one that has not come yet, is skipped, as a typed one is refused.
        try
            "Date,Weight,Unit,Deleted\n03/20/2026,176.4,lbs,false\n03/21/2026,80.1,kg,\n03/22/2026,90,kg,true\n01/01/1899,80,kg,\n03/26/2026,80,kg,\n"
            .write(toFile: named, atomically: true, encoding: .utf8)
        let weights = try await importer.read(fileAt: named)
        #expect(weights.skipped.map(\.row) == [4, 5, 6] && weights.remarks.isEmpty, "\(weights.skipped) \(weights.remarks)")
        #expect(weights.skipped.dropFirst().map(\.reason) == ["its date 1899-01-01 is before 1900", "its date 2026-03-26 has not come yet"])
        #expect(try await importer.commit(weights).measurementsAdded == 2)
        let latest = try await readings()
        #expect(
            latest.contains("weight 80.014 2026-03-20T08:00") && latest.contains("weight 80.1 2026-03-21T08:00")
                && !latest.contains { $0.hasPrefix("weight 90") })
    }

    /// Issue 62: a scale's and a watch's own exports, recognised by their columns, kept once.
    @Test func aWithingsScaleAndAGarminWatchBecomeWeighInsAndActivitiesOnce() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let diary = try PortabilityFixtures.emptyDiary(in: directory, "diary")
        let importer = PortabilityFixtures.importer(
            diary, catalog: try PortabilityFixtures.catalog(in: directory),
            now: LocalDateTime(parsing: "2026-03-15T12:00")!.instant(utcOffsetMinutes: 0))
        let withings = try await importer.read(fileAt: PortabilityFixtures.path("withings-weight.csv"))
        #expect(withings.format == "Withings weight.csv" && withings.skipped.map(\.row) == [5, 6], "\(withings.skipped)")
        #expect(withings.remarks.contains { $0.contains("Bone mass") })
        #expect(try await importer.commit(withings).measurementsAdded == 5)
        let readings = try await diary.database.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT b.key || ' ' || round(m.value, 2) || ' ' || m.measured_local FROM body_measurement m
                        JOIN body_measure b ON b.id = m.measure_id
                    ORDER BY m.measured_local, b.key
                    """)
        }
        // 18.30 kg of fat in 80.90 kg is 22.62 %.
        #expect(
            readings == [
                "weight 81.35 2026-03-09T22:41", "body_fat 22.62 2026-03-10T07:02", "weight 80.9 2026-03-10T07:02",
                "body_fat 22.5 2026-03-12T07:14", "weight 80.4 2026-03-12T07:14"
            ], "\(readings)")
        #expect(
            try await importer.commit(try await importer.read(fileAt: PortabilityFixtures.path("withings-weight.csv"))).measurementsAdded
                == 0)

        let trend = try #require(
            try await diary.database.read { db in try ActivityQueries.kilograms(db, on: LocalDate(parsing: "2026-03-15")!) })
        let garmin = try await importer.read(fileAt: PortabilityFixtures.path("garmin-activities.csv"))
        #expect(garmin.format.hasPrefix("Garmin Connect") && garmin.skipped.map(\.row) == [5, 6], "\(garmin.skipped)")
        #expect(
            garmin.remarks.contains { $0.contains("at your weight, \(UnitSystem.metric.weightText(kilograms: trend))") }
                && garmin.remarks.contains { $0.contains("kilometres or miles") }, "\(garmin.remarks)")
        #expect(try await importer.commit(garmin).activitiesAdded == 3)
        let activities = try await diary.database.read { db in
            try String.fetchAll(
                db,
                sql:
                    "SELECT name || ' ' || started_local || ' ' || round(duration_minutes, 2) || ' ' || active_energy_kcal FROM activity ORDER BY started_local"
            )
        }
        // The rest taken off at the weight trend's: 412 kcal less a kilocalorie per kilogram an hour.
        #expect(
            activities.count == 3 && activities[0].hasPrefix("Running 2026-03-10T07:01 31.67 ")
                && activities[2].hasPrefix("Cycling 2026-03-12T17:30 70.51 "),
            "\(activities)")
        let run = try #require(Double(activities[0].split(separator: " ").last!))
        #expect(abs(run - (412 - trend * (31 + 40.0 / 60) / 60)) < 0.06, "\(run) at \(trend) kg")
        #expect(
            try await importer.commit(try await importer.read(fileAt: PortabilityFixtures.path("garmin-activities.csv"))).activitiesAdded
                == 0,
            "imported twice, kept once")
    }

    /// A diary.json passes the checks a typed reading does: 900 kg, a 9-litre glass, a time that is
    /// not one, an unknown life stage and a nutrient bound no form would take are refused, and
    /// nothing of the file is kept.
    @Test func readingsInADiaryFileAreCheckedAsTypedOnesAre() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let diary = try PortabilityFixtures.emptyDiary(in: directory, "diary")
        let importer = PortabilityFixtures.importer(diary, catalog: try PortabilityFixtures.catalog(in: directory))
        let fine = #"{"measure": "weight", "value": 80.5, "measured_local": "2026-03-01T07:30", "utc_offset_minutes": 0, "created_at": ""}"#
        for (bad, message) in [
            (
                #"{"body_measurements": [\#(fine), {"measure": "weight", "value": 900, "measured_local": "2026-03-02T07:30", "utc_offset_minutes": 0, "created_at": ""}]}"#,
                "no body measures"
            ),
            (#"{"water": [{"ml": 9000, "drunk_local": "2026-03-02T09:00", "utc_offset_minutes": 0, "created_at": ""}]}"#, "1 to 2,000 ml"),
            (
                #"{"body_measurements": [{"measure": "weight", "value": 80, "measured_local": "yesterday", "utc_offset_minutes": 0, "created_at": ""}]}"#,
                "a time like"
            ),
            // Issue 59: the day after the import's (2026-03-09 in UTC, but already the 10th at +14:00), and an offset no place keeps.
            (
                #"{"body_measurements": [{"measure": "weight", "value": 80, "measured_local": "2026-03-10T07:30", "utc_offset_minutes": 0, "created_at": ""}]}"#,
                "has not come yet"
            ),
            (
                #"{"water": [{"ml": 250, "drunk_local": "2026-03-11T00:30", "utc_offset_minutes": 840, "created_at": ""}]}"#,
                "has not come yet"
            ),
            (
                #"{"body_measurements": [{"measure": "weight", "value": 80, "measured_local": "2026-03-01T07:30", "utc_offset_minutes": -9223372036854775808, "created_at": ""}]}"#,
                "no place keeps"
            ),
            (
                #"{"meals": [{"ref": 1, "eaten_local": "2026-03-01T12:30", "utc_offset_minutes": 100000, "notes": "", "is_favourite": false, "tags": [], "entries": [], "shares": [], "created_at": "", "updated_at": ""}]}"#,
                "no place keeps"
            ),
            (#"{"body_measures": [{"key": "own9", "name": "", "unit": "cm", "is_shown": true}]}"#, "1 to 40 characters"),
            (#"{"nutrient_targets": {"life_stage": "elf", "goals": []}}"#, "does not know"),
            (#"{"nutrient_targets": {"goals": [{"nutrient": "ironMg", "minimum": 1e12}]}}"#, "from 0.01 to 1,000,000 mg"),
            (#"{"nutrient_targets": {"goals": [{"nutrient": "fiberG", "minimum": 40, "maximum": 30}]}}"#, "is not a minimum and maximum"),
            (#"{"nutrient_targets": {"goals": [{"nutrient": "energyKcal", "maximum": 2000}]}}"#, "has no target here")
        ] {
            let path = directory.path + "/diary.json"
            try (#"{"format": "fooddiary-diary", "version": 1, "# + bad.dropFirst()).write(toFile: path, atomically: true, encoding: .utf8)
            let reading = try await importer.read(fileAt: path)
            await #expect { try await importer.commit(reading) } throws: { ($0 as? ImportRefusal)?.description.contains(message) == true }
        }
        #expect(try await diary.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM body_measurement") } == 0)
        #expect(
            try await diary.database.read { db in try NutrientQueries.settings(db) } == NutrientSettings(),
            "no target of a refused file is kept")
    }

    /// Issue 59: a measure in a diary file is the diary's measure of that name whatever its case, and
    /// one whose name a measure of another unit has already keeps its unit in its name: no two
    /// measures of a diary read alike.
    @Test func aDiaryFilesMeasuresMatchTheDiarysByNameWhateverTheCase() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let diary = try PortabilityFixtures.emptyDiary(in: directory, "diary")
        let importer = PortabilityFixtures.importer(diary, catalog: try PortabilityFixtures.catalog(in: directory))
        let calf = try #require(try await diary.database.addMeasure(name: "Calf", unit: .centimetres))
        let path = directory.path + "/diary.json"
        try #"""
        {"format": "fooddiary-diary", "version": 1,
         "body_measures": [{"key": "own7", "name": "calf", "unit": "cm", "is_shown": true}, {"key": "own8", "name": "CHEST", "unit": "percent", "is_shown": true}],
         "body_measurements": [{"measure": "own7", "value": 36.5, "measured_local": "2026-03-01T07:30", "utc_offset_minutes": 0, "created_at": ""},
                               {"measure": "own8", "value": 20, "measured_local": "2026-03-01T07:30", "utc_offset_minutes": 0, "created_at": ""}]}
        """#.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try await importer.commit(try await importer.read(fileAt: path)).measurementsAdded == 2)
        let measures = try await diary.database.read { db in try BodyQueries.measures(db) }
        #expect(Set(measures.map { $0.name.lowercased() }).count == measures.count, "\(measures.map(\.name))")
        #expect(measures.filter { $0.key.hasPrefix("own") }.map(\.name) == ["Calf", "CHEST (%)"])
        let readings = try await diary.database.read { db in
            try String.fetchAll(
                db,
                sql: "SELECT b.key || ' ' || m.value FROM body_measurement m JOIN body_measure b ON b.id = m.measure_id ORDER BY b.position"
            )
        }
        #expect(readings == ["\(calf) 36.5", "\(try #require(measures.last?.key)) 20.0"])
    }

    @Test func cronometerRowsBecomeFoodsWithTheFilesNutrientsExactly() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let diary = try PortabilityFixtures.emptyDiary(in: directory, "diary")
        let importer = PortabilityFixtures.importer(diary, catalog: try PortabilityFixtures.catalog(in: directory))
        _ = try await importer.commit(try await importer.read(fileAt: PortabilityFixtures.path("cronometer-servings.csv")))
        let rows = try diary.database.writer.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT m.eaten_local, m.utc_offset_minutes, m.notes, e.description, e.data_type, e.ndb_number, e.grams, e.portion_label,
                           e.energy_kcal, e.protein_g, e.potassium_mg
                    FROM food_entry e JOIN meal m ON m.id = e.meal_id ORDER BY e.id
                    """)
        }
        struct Stored {
            let eatenLocal: String, offset: Int, notes: String, dataType: String, ndbNumber: String?
            let grams: Double?, portion: String, energy: Double?, protein: Double?, potassium: Double?
        }
        var byFood: [String: Stored] = [:]
        for row in rows {
            byFood[row[3]] = Stored(
                eatenLocal: row[0], offset: row[1], notes: row[2], dataType: row[4], ndbNumber: row[5], grams: row[6],
                portion: row[7], energy: row[8], protein: row[9], potassium: row[10])
        }
        let banana = try #require(byFood["Bananas, raw"])
        #expect(banana.dataType == "sr_legacy" && banana.ndbNumber == "09040", "an exact catalog name is linked")
        #expect(
            banana.grams == 118 && banana.energy == 105.02 && banana.potassium == 422.44, "with the file's nutrients, not the catalog's")
        #expect(banana.eatenLocal == "2026-03-01T08:15" && banana.notes == "Breakfast")
        #expect(banana.offset == 0, "London is on UTC in early March")
        let coffee = try #require(byFood["Coffee, brewed"])
        #expect(coffee.dataType == "quick_add" && coffee.grams == nil && coffee.portion == "1.00 cup", "a cup has no weight")
        let almonds = try #require(byFood["Almonds"])
        #expect(abs((almonds.grams ?? 0) - 28.349523125) < 1e-9, "ounces become grams")
        #expect(byFood["Sandwich, \"club\", with turkey"]?.eatenLocal == "2026-03-01T12:30", "a meal with no time is at its usual hour")
        #expect(
            byFood["Pasta\nwith pesto, homemade"]?.eatenLocal == "2026-03-01T19:40",
            "a quoted line break stays in the name; the meal is at its earliest time")
        #expect(byFood["Crème fraîche 🍓"]?.protein == 0.72)
        #expect(byFood["=HYPERLINK(\"http://example.com\")"] != nil, "kept as the text it is")
    }

    @Test func aDayTotalIsNotAddedWhereTheDiaryHasMealsAlready() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let diary = try PortabilityFixtures.emptyDiary(in: directory, "diary")
        try await diary.database.addMeal("2026-02-27T13:00", notes: "Lunch logged here")
        let importer = PortabilityFixtures.importer(diary, catalog: try PortabilityFixtures.catalog(in: directory))
        let reading = try await importer.read(fileAt: PortabilityFixtures.path("cronometer-dailysummary.csv"))
        #expect(reading.skipped.map(\.row) == [3, 4])
        #expect(reading.skipped.first?.reason.contains("meals on 2026-02-27 already") == true)
        #expect(try await importer.commit(reading).mealsAdded == 1)
    }

    @Test func myFitnessPalsPercentagesAreNamedAsLeftOut() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let diary = try PortabilityFixtures.emptyDiary(in: directory, "diary")
        let importer = PortabilityFixtures.importer(diary, catalog: try PortabilityFixtures.catalog(in: directory))
        let reading = try await importer.read(fileAt: PortabilityFixtures.path("myfitnesspal-nutrition.csv"))
        #expect(reading.remarks.contains { $0.contains("Vitamin A, Vitamin C, Calcium, Iron") })
        _ = try await importer.commit(reading)
        let lunch = try diary.database.writer.read { db in
            try Row.fetchOne(
                db,
                sql:
                    "SELECT m.notes, e.sodium_mg, e.cholesterol_mg FROM meal m JOIN food_entry e ON e.meal_id = m.id WHERE m.eaten_local = '2026-03-03T12:30'"
            )
        }
        let notes: String? = lunch?[0], sodium: Double? = lunch?[1], cholesterol: Double? = lunch?[2]
        #expect(notes == "Lunch: Work lunch, “team” day")
        #expect(sodium == 1840 && cholesterol == 120, "“1,840” is one thousand eight hundred and forty")
    }
}

/// Files that are broken or built to hurt: each gets a plain reason and the diary is unchanged.
@Suite struct HostileImportTests {
    static func refusal(for data: Data, name: String = "file.csv") async throws -> (String, Int) {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let diary = try PortabilityFixtures.emptyDiary(in: directory, "diary")
        try await diary.database.addMeal("2026-03-01T08:00", notes: "Was here before")
        let path = directory.path + "/" + name
        try data.write(to: URL(fileURLWithPath: path))
        let importer = PortabilityFixtures.importer(diary, catalog: try PortabilityFixtures.catalog(in: directory))
        do {
            let reading = try await importer.read(fileAt: path)
            _ = try await importer.commit(reading)
            Issue.record("\(name) was imported")
            return ("", try await PortabilityFixtures.mealCount(diary.database))
        } catch let refusal as ImportRefusal {
            return (refusal.description, try await PortabilityFixtures.mealCount(diary.database))
        }
    }

    static let servingsHeader = "Day,Time,Group,Food Name,Amount,Energy (kcal),Protein (g)\n"

    @Test func textThatIsNotUTF8IsRefused() async throws {
        let latin1 = Data((Self.servingsHeader + "2026-03-01,,Lunch,Cr").utf8) + Data([0xE8, 0x6D, 0x65]) + Data(",100.00 g,100,1\n".utf8)
        let (message, meals) = try await Self.refusal(for: latin1)
        #expect(message.contains("not UTF-8"))
        #expect(meals == 1)
    }

    @Test func twentyMegabytesOfOneLineIsRefused() async throws {
        let (message, meals) = try await Self.refusal(
            for: Data(Self.servingsHeader.utf8) + Data(repeating: UInt8(ascii: "a"), count: 20_000_000))
        #expect(message.contains("Line 2 of the file is 20.0 MB long"), "\(message)")
        #expect(meals == 1)
    }

    @Test func missingColumnsAreNamed() async throws {
        let (message, meals) = try await Self.refusal(for: Data("Day,Food Name,Protein (g)\n2026-03-01,Toast,4\n".utf8))
        #expect(message.contains("“Amount”") && message.contains("“Energy (kcal)”"), "\(message)")
        #expect(meals == 1)
    }

    @Test func aFileOfNoKnownAppIsRefusedWithWhatIsKnown() async throws {
        let (message, _) = try await Self.refusal(for: Data("when,what\nmonday,soup\n".utf8))
        #expect(message.contains("does not know this file") && message.contains("Lose It!"))
    }

    @Test func moreRowsThanAnImportTakesAreRefused() async throws {
        var text = Self.servingsHeader
        text.reserveCapacity(ImportedTable.maxRows * 40)
        for index in 0...ImportedTable.maxRows { text += "2026-03-01,,Lunch,Toast \(index),10.00 g,26,1\n" }
        let (message, meals) = try await Self.refusal(for: Data(text.utf8))
        #expect(message.contains("more than 200,000 rows"))
        #expect(meals == 1)
    }

    @Test func aHundredThousandRowsImportInOneGo() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let diary = try PortabilityFixtures.emptyDiary(in: directory, "diary")
        var text = Self.servingsHeader
        for index in 0..<100_000 {
            let day = LocalDate(parsing: "2020-01-01")!.adding(days: index / 20)
            text +=
                "\(day),\(index % 12 + 1):\(index % 60 < 10 ? "0" : "")\(index % 60) PM,Meal \(index % 4),Food \(index),10.00 g,\(index % 500),1\n"
        }
        let path = directory.path + "/big.csv"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let importer = PortabilityFixtures.importer(diary, catalog: try PortabilityFixtures.catalog(in: directory))
        let reading = try await importer.read(fileAt: path)
        #expect(reading.rows == 100_000 && reading.skipped.isEmpty)
        let outcome = try await importer.commit(reading)
        #expect(outcome.entriesAdded == 100_000 && outcome.mealsAdded == 20_000, "5,000 days of four meals")
    }

    @Test func anArchiveWithPathsOutsideTheExportIsRefused() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/evil.zip"
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
        let document = Data(#"{"format":"fooddiary-diary","version":1,"meals":[]}"#.utf8)
        for name in ["diary.json", "../escape.txt"] {
            try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(document.count)) { position, size in
                document.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        let (message, meals) = try await Self.refusal(for: try Data(contentsOf: URL(fileURLWithPath: path)), name: "evil.zip")
        #expect(message.contains("“../escape.txt”"), "\(message)")
        #expect(meals == 1)
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/../escape.txt"))
    }

    @Test func aZipBombStopsAtTheBound() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/bomb.zip"
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
        let size = ExportArchive.maxDocumentBytes + 1
        let zeros = Data(count: 1 << 20)
        try archive.addEntry(with: "diary.json", type: .file, uncompressedSize: Int64(size), compressionMethod: .deflate) {
            position, chunk in
            zeros.prefix(min(chunk, size - Int(position)))
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.count < 1 << 20, "a few hundred kilobytes that unpack to 256 MB")
        let (message, meals) = try await Self.refusal(for: bytes, name: "bomb.zip")
        #expect(message.contains("unpacks to more than the 256 MB an import reads"), "\(message)")
        #expect(meals == 1)
    }

    @Test func aDiaryJSONWithImpossibleValuesChangesNothing() async throws {
        let meal =
            #"{"ref":1,"eaten_local":"2026-03-01T08:00","utc_offset_minutes":0,"notes":"ok","is_favourite":false,"tags":[],"shares":[],"created_at":"","updated_at":"","entries":[{"food":{"data_type":"hand_typed","description":"Toast","basis_grams":50,"basis":{"energy_kcal":-5}},"grams":50,"portion_label":"50 g","nutrients":{"energy_kcal":-5},"created_at":"","updated_at":""}]}"#
        let (message, meals) = try await Self.refusal(
            for: Data(#"{"format":"fooddiary-diary","version":1,"meals":[\#(meal)]}"#.utf8), name: "diary.json")
        #expect(message.contains("cannot keep"), "\(message)")
        #expect(meals == 1)
        let (future, _) = try await Self.refusal(for: Data(#"{"format":"fooddiary-diary","version":99}"#.utf8), name: "diary.json")
        #expect(future.contains("newer FoodDiary"))
        let badTime = meal.replacingOccurrences(
            of: #""created_at":"","updated_at":"","entries""#, with: #""created_at":"yesterday","updated_at":"","entries""#)
        let (time, _) = try await Self.refusal(
            for: Data(#"{"format":"fooddiary-diary","version":1,"meals":[\#(badTime)]}"#.utf8), name: "diary.json")
        #expect(time.contains("“yesterday”"), "\(time)")
    }
}

import CSV
import FoodDiaryBase
@testable import FoodDiaryCatalog
import Foundation
import GRDB
import Testing
import ZIPFoundation
@testable import FoodDiary
@testable import FoodDiaryApp
import FoodDiaryStorage
import FoodDiaryTools

/// An export is the whole diary: imported into an empty diary and exported again, every file
/// reads the same, photos byte for byte.
@Suite struct ExportRoundTripTests {
    /// The files of an export archive, by name.
    static func contents(of path: String) throws -> [String: Data] {
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        var files: [String: Data] = [:]
        for entry in archive where entry.type == .file {
            var data = Data()
            _ = try archive.extract(entry) { data.append($0) }
            files[entry.path] = data
        }
        return files
    }

    @Test func theSixHundredDayDemoDiaryRoundTrips() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (demo, _) = try await DemoDiaryTests.demo(directory)
        let summary = try await demo.fill(
            days: 600, today: LocalDate(parsing: "2026-11-24")!, timeZone: TimeZone(identifier: "Europe/London")!)
        let config = AppConfig(dataDirectory: directory.path)
        let source = Diary(
            id: 1, database: try AppDatabase.open(path: config.legacyDiaryPath), photosDirectory: config.legacyPhotosDirectory,
            maxPhotoPixels: 100_000_000)
        // What the demo does not make, so the round trip covers it too.
        try await source.database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO my_food (name, brand_owner, serving_grams, serving_label, energy_kcal, protein_g, created_at, updated_at)
                    VALUES ('Oat bar 🍫', 'Acme, “Ltd”', 40, '1 bar', 180, 4.5, '2026-01-02 08:00:00.000', '2026-01-02 08:00:00.000');
                    INSERT INTO recipe (name, servings, notes, created_at, updated_at) VALUES ('Dal', 4, 'Red lentils',
                        '2026-01-03 18:00:00.000', '2026-01-03 18:00:00.000');
                    INSERT INTO recipe_ingredient (recipe_id, my_food_id, data_type, description, brand_owner, grams, portion_label,
                        basis_grams,
                        basis_energy_kcal, energy_kcal, created_at)
                    SELECT r.id, f.id, 'hand_typed', 'Oat bar 🍫', 'Acme, “Ltd”', 80, '2 bars', 40, 180, 360, '2026-01-03 18:00:00.000'
                    FROM recipe r, my_food f;
                    INSERT INTO saved_food (data_type, description, basis_grams, basis_energy_kcal, default_grams, default_portion_label,
                        created_at)
                    VALUES ('hand_typed', 'Flat white', 200, 120, 200, '1 cup', '2026-01-04 09:00:00.000');
                    INSERT INTO meal_share (meal_id, direction, person_name, share_key, servings, total_servings, created_at)
                    SELECT max(id), 'with', 'Ana', 'share-key-0123456789abcdef', 1, 2, '2026-01-05 20:00:00.000' FROM meal;
                    UPDATE meal SET notes = '=1+1 and "quotes", commas' || char(10) || 'and a new line' WHERE id = (SELECT min(id)
                        FROM meal);
                    INSERT INTO body_measure (key, name, unit, is_shown, position) VALUES ('own7', 'Upper arm 💪', 'cm', 1, 6);
                    INSERT INTO body_measurement (measure_id, value, measured_local, utc_offset_minutes, created_at)
                    SELECT id, 31.25, '2026-11-20T07:30', 0, '2026-11-20 07:30:00.000' FROM body_measure WHERE key = 'own7';
                    INSERT OR REPLACE INTO setting (key, value) VALUES ('body_units', 'us'), ('weekly_rate_kg', '-0.25'), ('life_stage',
                        'female31');
                    INSERT INTO nutrient_goal (nutrient, minimum, maximum) VALUES ('fiberG', 30, NULL), ('sodiumMg', NULL, 1800.5),
                        ('ironMg', 15, 40);
                    INSERT INTO day_note (day, text, updated_at) VALUES ('2026-11-20', 'Ran 10 km' || char(10) || 'felt great', '2026-11-20 21:00:00.000'),
                        ('2026-11-21', '=cold, "stayed in"', '2026-11-21 20:00:00.000');
                    """)
        }
        #expect(summary.weighIns > 400 && summary.drinks > 2_000, "the demo weighs in and drinks water")
        let first = directory.path + "/first.zip", second = directory.path + "/second.zip"
        let exported = try await DiaryExporter(database: source.database, photos: source.photos).export(to: first)
        #expect(exported.meals == summary.meals && exported.entries == summary.entries && exported.photos == summary.photos)

        let target = try PortabilityFixtures.emptyDiary(in: directory, "target")
        // Imported the day after the demo's last day: a reading dated after the import is refused.
        let importer = PortabilityFixtures.importer(
            target, catalog: try CatalogDatabase.open(path: config.catalogPath),
            now: LocalDateTime(parsing: "2026-11-25T12:00")!.instant(utcOffsetMinutes: 0))
        let outcome = try await importer.commit(try await importer.read(fileAt: first))
        #expect(outcome.mealsAdded == summary.meals && outcome.photosAdded == summary.photos && outcome.recipesAdded == 1)
        _ = try await DiaryExporter(database: target.database, photos: target.photos).export(to: second)

        #expect(outcome.measurementsAdded > summary.weighIns && outcome.drinksAdded == summary.drinks)
        #expect(outcome.dayNotesAdded == 2, "notes on days come back")
        let body = { (database: AppDatabase) in
            try await database.read { db in
                try [
                    "SELECT group_concat(key || name || unit || is_shown, ',') FROM (SELECT * FROM body_measure ORDER BY key)",
                    "SELECT group_concat(line, ',') FROM (SELECT b.key || ':' || m.value || '@' || m.measured_local || m.utc_offset_minutes || m.created_at AS line FROM body_measurement m JOIN body_measure b ON b.id = m.measure_id ORDER BY line)",
                    "SELECT group_concat(line, ',') FROM (SELECT millilitres || '@' || drunk_local || utc_offset_minutes || created_at AS line FROM water_drink ORDER BY line)"
                ].map { try String.fetchOne(db, sql: $0) }
            }
        }
        let (sourceBody, targetBody) = (try await body(source.database), try await body(target.database))
        #expect(sourceBody == targetBody, "weigh-ins, measurements and water come back exactly")
        let settings = { (database: AppDatabase) in try await database.read { db in try BodyQueries.settings(db) } }
        let (sourceSettings, targetSettings) = (try await settings(source.database), try await settings(target.database))
        #expect(sourceSettings == targetSettings && targetSettings.units == .us && targetSettings.weeklyRateKilograms == -0.25)
        let targets = { (database: AppDatabase) in try await database.read { db in try NutrientQueries.settings(db) } }
        #expect(
            try await targets(target.database)
                == NutrientSettings(
                    lifeStage: .female31,
                    goals: [
                        .fiberG: NutrientGoal(minimum: 30, maximum: nil), .sodiumMg: NutrientGoal(minimum: nil, maximum: 1800.5),
                        .ironMg: NutrientGoal(minimum: 15, maximum: 40)
                    ]), "the life stage and the person's own bounds come back")
        let before = try Self.contents(of: first), after = try Self.contents(of: second)
        #expect(before.keys.sorted() == after.keys.sorted())
        for (name, data) in before {
            #expect(after[name] == data, "\(name) differs after the round trip")
        }
        #expect(before.keys.filter { $0.hasPrefix("photos/") }.count == summary.photos)
        for (name, data) in before where name.hasPrefix("photos/") {
            #expect(SHA256Digest.hex(data) == String(name.dropFirst(7).prefix(64)), "\(name) is the photo its name says")
        }
        let again = try await importer.commit(try await importer.read(fileAt: first))
        #expect(again.mealsAdded == 0 && again.mealsAlreadyThere == summary.meals && again.recipesAdded == 0 && again.myFoodsAdded == 0)
        #expect(again.measurementsAdded == 0 && again.drinksAdded == 0, "readings and drinks are not added twice")
        #expect(again.dayNotesAdded == 0, "a day's note already there stays, once")
        let days = before["days.csv"].map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(days.components(separatedBy: "\r\n").first?.hasSuffix("\"steps\",\"note\"") == true)
        #expect(days.contains("\"Ran 10 km\nfelt great\"") && days.contains("\"'=cold, \"\"stayed in\"\"\""), "a note, defused and quoted")
        #expect(
            before["weights.csv"].map {
                String(decoding: $0, as: UTF8.self).hasPrefix("\"date\",\"time\",\"utc_offset\",\"weight (kg)\",\"trend (kg)\"")
            } == true)
        #expect(before["measurements.csv"].map { String(decoding: $0, as: UTF8.self).contains("\"Upper arm 💪\",31.25,\"cm\"") } == true)
        #expect(
            before["entries.csv"].map { String(decoding: $0, as: UTF8.self).contains("\"Vitamin C (mg)\"") } == true,
            "entries carry their vitamins")
    }

    @Test func theSpreadsheetsHaveEveryFoodAndNoFormulas() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let diary = try PortabilityFixtures.emptyDiary(in: directory, "diary")
        let hostile = [
            "=HYPERLINK(\"http://evil\")", "+SUM(A1)", "-2+3", "@cmd", "\tTab", "Plain, “quoted” 🍲\nline two",
            // Missed before: a fullwidth sign, spaces or an invisible character before one, a separator then one.
            "＝1+1", "  =1+1", "\u{200B}@SUM(A1)", "x\",=1+1"
        ]
        for (index, notes) in hostile.enumerated() {
            let id = try await diary.database.addMeal(String(format: "2026-03-%02dT12:00", index + 1), offset: 60, notes: notes)
            let food = FoodSnapshot(
                dataType: .handTyped, catalogFoodID: nil, ndbNumber: nil, description: notes, brandOwner: nil,
                basisGrams: 100, basis: NutrientValues([.energyKcal: 250, .sodiumMg: 410.5]))
            _ = try await diary.database.addEntry(
                mealID: id, food: food, amount: ChosenAmount(grams: 150, label: "150 g"), now: TestEnvironment.fixedNow)
        }
        let path = directory.path + "/export.zip"
        _ = try await DiaryExporter(database: diary.database, photos: diary.photos).export(to: path)
        let files = try Self.contents(of: path)
        let entries = try CSVReader(string: String(decoding: try #require(files["entries.csv"]), as: UTF8.self), hasHeaderRow: true)
        let header = try #require(entries.headerRow)
        #expect(header.contains("Energy (kcal)") && header.contains("Sodium (mg)") && header.contains("grams"))
        var foods: [String] = []
        while let row = entries.next() {
            let food = row[header.firstIndex(of: "food")!]
            foods.append(food)
            #expect(!"=+-@\t".contains(food.first!), "“\(food)” would run as a formula")
            #expect(row[header.firstIndex(of: "Energy (kcal)")!] == "375" && row[header.firstIndex(of: "Sodium (mg)")!] == "615.75")
        }
        #expect(
            foods == [
                "'=HYPERLINK(\"http://evil\")", "'+SUM(A1)", "'-2+3", "'@cmd", "'\tTab", "Plain, “quoted” 🍲\nline two",
                "'＝1+1", "'  =1+1", "'\u{200B}@SUM(A1)", "x\",=1+1"
            ])
        let meals = String(decoding: try #require(files["meals.csv"]), as: UTF8.self)
        #expect(meals.contains(",\"UTC+01:00\","), "offsets read as text, not as a formula")
        #expect(meals.contains(",\"x\"\",=1+1\","), "every text cell quoted, its quotes doubled: a separator inside starts no cell")
        #expect(meals.hasPrefix("\"meal\",\"date\",\"time\",") && meals.contains("\r\n"))
    }
}

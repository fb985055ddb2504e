import Foundation
import GRDB
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import FoodDiary
@testable import FoodDiaryApp
import FoodDiaryStorage
import FoodDiaryWeb

/// A data directory the previous release wrote (a folder per diary, two people) opens with every
/// person's diary brought up to date and nothing lost.
@Suite struct DiaryUpgradeTests {
    /// The last migration the release before shared meals had.
    static let previousRelease = "indexForFastPages"

    /// A diary file as that release left it: its schema, a meal with a food, and a food of its own.
    static func writePreviousReleaseDiary(at path: String, notes: String, grams: Double) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: path)
        try DiaryMigrations.migrator.migrate(queue, upTo: previousRelease)
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO meal (eaten_local, utc_offset_minutes, notes, created_at, updated_at)
                    VALUES ('2026-03-08T19:30', 0, ?, '2026-03-08 19:31:00.000', '2026-03-08 19:31:00.000');
                    INSERT INTO food_entry (meal_id, data_type, catalog_food_id, ndb_number, description, grams, portion_label, basis_grams,
                                            basis_energy_kcal, energy_kcal, created_at, updated_at)
                    VALUES (1, 'sr_legacy', 9040, '09040', 'Bananas, raw', ?, 'typed', 100, 89, ? * 0.89, '2026-03-08 19:31:00.000',
                        '2026-03-08 19:31:00.000');
                    INSERT INTO my_food (name, serving_grams, energy_kcal, created_at, updated_at)
                    VALUES ('Oat bar', 30, 120, '2026-03-08 19:31:00.000', '2026-03-08 19:31:00.000');
                    """, arguments: [notes, grams, grams])
        }
    }

    @Test func everyPersonsDiaryFromThePreviousReleaseOpensWhole() async throws {
        try await TestEnvironment.withRunningApp(
            withFixtureCatalog: true,
            prepare: { config in
                let files = DiaryFiles(directory: config.diariesDirectory)
                try Self.writePreviousReleaseDiary(at: files.databasePath(1), notes: "Sams old dinner", grams: 150)
                try Self.writePreviousReleaseDiary(at: files.databasePath(2), notes: "Robins old lunch", grams: 250)
            }
        ) { client, database, config, _ in
            // Robin's diary record is made at Robin's first request, as the previous release did; it is number 2.
            let robin = try await TestPerson.addMember("Robin", in: config)
            let robinsPage = try await client.get("/", session: robin.session).text
            #expect(robinsPage.contains("Robins old lunch") && !robinsPage.contains("Sams old dinner"))
            #expect(!robinsPage.contains("to itemise") && !robinsPage.contains("To itemise"))
            let samsPage = try await client.get("/").text
            #expect(samsPage.contains("Sams old dinner") && !samsPage.contains("Robins old lunch"))

            let robins = try MealSharingTests.robinsDiary(config)
            // Each file was copied, as it was, before its schema changed; the copy is kept once.
            for id in [Int64(1), 2] {
                let copy = SchemaUpgrade.copyPath(
                    of: DiaryFiles(directory: config.diariesDirectory).databasePath(id), before: "createMealShare")
                let kept = try DatabaseQueue(path: copy)
                #expect(try await kept.read { db in try DiaryMigrations.migrator.appliedMigrations(db).last } == Self.previousRelease)
                #expect(try await kept.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM meal") } == 1)
            }
            for diary in [database, robins] {
                #expect(try await diary.appliedMigrations() == StorageTests.allMigrations)
                #expect(try await diary.mealCount() == 1)
                #expect(
                    try await diary.read { db in try ItemisingQueries.waiting(db, limit: 1) }.count == 0,
                    "a meal the old release kept with its food is counted, not one to itemise")
                #expect(try await diary.read { db in try MyFood.fetchAll(db).map(\.isSharedWithHousehold) } == [false])
            }
            #expect(try await MealSharingTests.grams(robins) == [250])
            #expect(try await robins.read { db in try MealQueries.mealFoods(db, mealID: 1)?.totals[.energyKcal] } == 250 * 0.89)

            // The upgraded diaries share like new ones.
            let hidden = try MealSharingTests.formFields(try await client.get("/meals/1/share?split=1").text)
            let robinID = try #require(try await AccountsDatabase.open(path: config.accountsPath).account(named: "Robin")).id
            #expect(
                try await client.postForm("/meals/1/share", hidden + [("own_servings", "1"), ("servings_\(robinID)", "1")]).status
                    == .seeOther)
            #expect(try await MealSharingTests.grams(database) == [75])
            #expect(try await MealSharingTests.grams(robins) == [250, 75])
        }
    }

    /// A diary a newer FoodDiary wrote is never opened: the server refuses to start and says why,
    /// and the file is byte for byte as it was.
    @Test func aDiaryFromANewerVersionIsRefusedUntouched() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/diaries/1/diary.sqlite"
        try FileManager.default.createDirectory(atPath: directory.path + "/diaries/1", withIntermediateDirectories: true)
        let newer = try DatabaseQueue(path: path)
        try DiaryMigrations.migrator.migrate(newer)
        try await newer.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('fromTheFuture')") }
        try newer.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let refusal = #expect(throws: SchemaUpgrade.NewerDatabase.self) { _ = try AppDatabase.open(path: path) }
        #expect(refusal?.description.contains("fromTheFuture") == true)
        var config = TestEnvironment.config(dataDirectory: directory.path)
        config.sr28Directory = nil
        await #expect(throws: SchemaUpgrade.NewerDatabase.self) { _ = try await buildApplication(config: config) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        let log = path + "-wal"
        #expect(try !FileManager.default.fileExists(atPath: log) || Data(contentsOf: URL(fileURLWithPath: log)).isEmpty)
    }
}

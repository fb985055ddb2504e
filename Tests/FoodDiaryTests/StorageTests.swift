import FoodDiaryBase
import Foundation
import GRDB
import Testing
@testable import FoodDiary
import FoodDiaryStorage
@testable import FoodDiaryPhotos

@Suite struct StorageTests {
    static let allMigrations = [
        "createMeal", "addMealDraft", "createFoodEntry", "createSavedFood", "createPhoto", "createPlacesAndTags", "addGoalsAndFavourites",
        "allowQuickAddEntries", "createMyFoodsAndRecipes", "saveDraftMeals", "indexForFastPages", "createMealShare",
        "shareFoodsWithHousehold", "allowFoodDataCentralFoods", "addFoodDataCentralOnline", "countMealEntries", "indexEntriesByCatalogFood",
        "nameMealSlots", "rememberRecipeSources", "trackBodyAndWater", "snapshotWater", "snapshotVitaminsAndMinerals", "addNutrientGoals",
        "allowOpenFoodFactsProducts", "keepProductPhotos", "trackActivityAndSteps", "readPhotoBarcodes", "addDayNotes", "addMealPlans"
    ]

    @Test func migrationsCreateTheSchemaOnAnEmptyDatabase() async throws {
        try await TestEnvironment.withDatabase { (database: AppDatabase) async throws -> Void in
            #expect(try await database.appliedMigrations() == Self.allMigrations)
            let columns = try await database.read { db in try db.columns(in: "meal").map(\.name) }
            #expect(
                columns == [
                    "id", "eaten_local", "utc_offset_minutes", "notes", "created_at", "updated_at", "photo_sha256", "latitude", "longitude",
                    "location_source", "place_id", "is_favourite", "entry_count"
                ])
            let entryColumns = try await database.read { db in Set(try db.columns(in: "food_entry").map(\.name)) }
            #expect(
                entryColumns.isSuperset(of: [
                    "grams", "portion_label", "basis_grams", "energy_kcal", "basis_energy_kcal", "sodium_mg", "ndb_number"
                ]))
            let journal = try await database.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
            #expect(journal == "wal")
            let foreignKeys = try await database.read { db in try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") }
            #expect(foreignKeys == true)
        }
    }

    /// Reads reach GRDB's connections through `queuedRead`, not GRDB's async `read`: each is still
    /// one read transaction, so its statements see one snapshot, and a request already cancelled
    /// (the server stopping) reads nothing.
    @Test func readsAreTransactionsAndACancelledRequestReadsNothing() async throws {
        try await TestEnvironment.withDatabase { (database: AppDatabase) async throws -> Void in
            #expect(try await database.read { db in db.isInsideTransaction })
            let cancelled = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await database.read { _ in "read" }
            }
            await #expect(throws: CancellationError.self) { try await cancelled.value }
        }
    }

    /// Meals and photos are read by column position from a fixed list: a column a migration adds
    /// must join that list, or it would never be read.
    @Test func positionalReadsSelectEveryColumn() async throws {
        try await TestEnvironment.withDatabase { (database: AppDatabase) async throws -> Void in
            let meal = try await database.read { db in try db.columns(in: "meal").map(\.name) }
            #expect(Set(meal) == Set(MealRecord.columnNames))
            let photo = try await database.read { db in try db.columns(in: "photo").map(\.name) }
            // `barcodes` has a query of its own: only itemising asks what a photo showed.
            #expect(Set(photo).isSubset(of: Set(Photo.selectedColumns.components(separatedBy: ", ") + ["created_at", "barcodes"])))
        }
    }

    /// The places page reads each place's first and last visit from an index on the instant
    /// expression; a change to the expression would silently fall back to reading every meal.
    @Test func visitBoundsComeFromTheInstantIndex() async throws {
        try await TestEnvironment.withDatabase { (database: AppDatabase) async throws -> Void in
            let plan = try await database.read { db in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT min(\(PlaceQueries.mealInstantSQL)) FROM meal WHERE place_id = 1")
                    .map { $0["detail"] as String }.joined(separator: "\n")
            }
            #expect(plan.contains("meal_instant_by_place"), "\(plan)")
        }
    }

    @Test func reopeningKeepsDataAndRunsNothingTwice() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/diary.sqlite"
        try await AppDatabase.open(path: path).addMeal("2026-03-09T12:30", notes: "kept")
        let reopened = try AppDatabase.open(path: path)
        #expect(try await reopened.appliedMigrations() == Self.allMigrations)
        #expect(try await reopened.mealCount() == 1)
    }

    @Test func schemaRefusesWhatTheFormWouldRefuse() async throws {
        try await TestEnvironment.withDatabase { (database: AppDatabase) async throws -> Void in
            let badRows = [
                "'2026-03-09 noon', 0, ''",
                "'2026-03-09T12:30', 900, ''",
                "'2026-03-09T12:30', 0, printf('%.10001c', 'x')"
            ]
            for row in badRows {
                await #expect(throws: DatabaseError.self) {
                    try await database.write { db in
                        try db.execute(
                            sql:
                                "INSERT INTO meal (eaten_local, utc_offset_minutes, notes, created_at, updated_at) VALUES (\(row), 'now', 'now')"
                        )
                    }
                }
            }
            #expect(try await database.mealCount() == 0)
            // The same statement with good values succeeds, so the failures above were the constraints.
            try await database.write { db in
                try db.execute(
                    sql:
                        "INSERT INTO meal (eaten_local, utc_offset_minutes, notes, created_at, updated_at) VALUES ('2026-03-09T12:30', 0, '', 'now', 'now')"
                )
            }
            #expect(try await database.mealCount() == 1)
        }
    }

    @Test func updateAndDeleteReportUnknownIDs() async throws {
        try await TestEnvironment.withDatabase { (database: AppDatabase) async throws -> Void in
            let input = MealInput(eatenAt: LocalDateTime(parsing: "2026-03-09T12:30")!, utcOffsetMinutes: 0, notes: "")
            #expect(try await database.updateMeal(id: 42, with: input, now: TestEnvironment.fixedNow) == false)
            #expect(try await database.deleteMeal(id: 42) == nil)
        }
    }
}

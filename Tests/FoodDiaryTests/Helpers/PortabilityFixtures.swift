@testable import FoodDiaryCatalog
import Foundation
import Logging
@testable import FoodDiary
import FoodDiaryStorage

/// Diaries on their own (no server), and the import fixtures.
enum PortabilityFixtures {
    static let directory = TestEnvironment.packageRoot.appendingPathComponent("Tests/FoodDiaryTests/Fixtures/import").path

    static func path(_ name: String) -> String { directory + "/" + name }

    /// An empty diary in its own folder of `parent`.
    static func emptyDiary(in parent: TemporaryDirectory, _ name: String) throws -> Diary {
        let folder = parent.path + "/" + name
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return Diary(
            id: 1, database: try AppDatabase.open(path: folder + "/diary.sqlite"), photosDirectory: folder + "/photos",
            maxPhotoPixels: 100_000_000)
    }

    /// The fixture catalog (four SR28 foods, "Bananas, raw" among them), built in `parent`.
    static func catalog(in parent: TemporaryDirectory) throws -> CatalogDatabase {
        let folder = parent.path + "/sr28"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try SR28Fixture.write(to: folder)
        let catalog = try CatalogDatabase.open(path: parent.path + "/catalog.sqlite")
        try CatalogImporter(directory: folder).importInto(catalog)
        return catalog
    }

    static func importer(
        _ diary: Diary, catalog: CatalogDatabase, timeZone: TimeZone = TimeZone(identifier: "Europe/London")!,
        now: Date = TestEnvironment.fixedNow
    ) -> DiaryImporter {
        DiaryImporter(diary: diary, catalog: catalog, timeZone: timeZone, now: { now })
    }

    /// Day totals of energy (kcal) by date, for the days that have meals.
    static func energyByDay(_ database: AppDatabase) async throws -> [String: Double] {
        try await database.read { db in
            var totals: [String: Double] = [:]
            try PortabilityQueries.forEachDay(db) { day, _, _ in
                if day.mealCount > 0 { totals[day.date.description] = day.totals[.energyKcal] ?? 0 }
            }
            return totals
        }
    }

    static func mealCount(_ database: AppDatabase) async throws -> Int { try await database.mealCount() }
}

import FoodDiaryBase
import Foundation
import Logging
import Testing
@testable import FoodDiary
@testable import FoodDiaryApp
import FoodDiaryStorage
import FoodDiaryTools

@Suite struct DemoDiaryTests {
    static func demo(_ directory: TemporaryDirectory) async throws -> (DemoDiary, AppDatabase) {
        try SR28Fixture.write(to: directory.path)
        try GeoNamesFixture.write(to: directory.path)
        var config = TestEnvironment.config(dataDirectory: directory.path)
        config.sr28Directory = directory.path
        config.geonamesDirectory = directory.path
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        try await ImportedOnce.placeCatalog(for: config)
        try await ImportedOnce.placePlaceNames(for: config)
        // Finds both in place, as `demo` does on a data directory a server has started on.
        try importReferenceDataIfMissing(config: config, logger: logger)
        let demo = try DemoDiary(config: config)
        return (demo, try AppDatabase.open(path: config.legacyDiaryPath))
    }

    @Test func anEmptyDiaryGetsDaysOfRealisticMeals() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (demo, database) = try await Self.demo(directory)
        let today = LocalDate(parsing: "2026-03-09")!
        let summary = try await demo.fill(days: 6, today: today, timeZone: TimeZone(identifier: "Europe/London")!)
        #expect(summary.meals >= 18 && summary.meals <= 24, "three meals a day and some snacks: \(summary.meals)")
        #expect(summary.entries >= 10, "foods from the four-food fixture catalog and typed labels: \(summary.entries)")
        #expect(summary.photos > 0)

        let check = try await database.read { db in
            (
                try MealQueries.meals(db, from: today.adding(days: -5), through: today).count,
                try PlaceQueries.places(db).map(\.name).sorted(),
                try PlaceQueries.tags(db).map(\.name),
                try MealQueries.favourites(db).count,
                try DailyGoals.fetch(db)[.energyKcal],
                try Int.fetchOne(db, sql: "SELECT count(*) FROM food_entry WHERE data_type = 'hand_typed'") ?? 0,
                try Int.fetchOne(db, sql: "SELECT count(*) FROM meal WHERE photo_sha256 IS NOT NULL") ?? 0
            )
        }
        #expect(check.0 == summary.meals, "every meal falls on the six days")
        #expect(check.1 == ["Dishoom", "Home", "Office"])
        #expect(check.2.contains("breakfast") && check.2.contains("dinner"))
        #expect(check.3 >= 1)
        #expect(check.4 == 2000)
        #expect(check.5 >= 1)
        #expect(check.6 == summary.photos)
        let trends = try await database.read { db in try DayQueries.totals(db, from: today.adding(days: -5), through: today) }
        #expect(trends.allSatisfy { $0.mealCount >= 3 && $0.totals.value(.energyKcal, default: 0) > 0 })
    }

    @Test func aDiaryWithMealsIsLeftAloneUnlessForced() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (demo, database) = try await Self.demo(directory)
        try await database.addMeal("2026-03-09T12:00", notes: "mine")
        await #expect(throws: DemoDiary.DiaryNotEmpty.self) {
            try await demo.fill(days: 3, today: LocalDate(parsing: "2026-03-09")!, timeZone: .gmt)
        }
        #expect(try await database.mealCount() == 1)
        let summary = try await demo.fill(days: 2, today: LocalDate(parsing: "2026-03-09")!, timeZone: .gmt, force: true)
        #expect(try await database.mealCount() == 1 + summary.meals)
        #expect(try await database.read { db in try MealQueries.meals(db, from: nil, through: nil) }.contains { $0.notes == "mine" })
    }
}

import FoodDiaryBase
import Foundation
import Testing
@testable import FoodDiary
import FoodDiaryStorage

@Suite struct MealQueriesTests {
    @Test func daysFollowTheLocalClockAcrossMidnightAndOffsets() async throws {
        try await TestEnvironment.withDatabase { (database: AppDatabase) async throws -> Void in
            // 23:30 in Paris and 00:15 next day in New York are 22:30Z and 05:15Z: different UTC days
            // from their local ones, so grouping by UTC would misfile both.
            try await database.addMeal("2026-03-09T23:30", offset: 60, notes: "late dinner in Paris")
            try await database.addMeal("2026-03-10T00:15", offset: -300, notes: "midnight snack in New York")
            try await database.addMeal("2026-03-09T07:00", offset: -300, notes: "breakfast")
            try await database.addMeal("2026-03-08T19:00", offset: 0, notes: "Sunday roast")

            let page = try #require(try await database.read { db in try MealQueries.listPage(db, page: 1) })
            let days = MealDayView.group(page.meals)
            #expect(days.map(\.heading) == ["Tuesday 10 March 2026", "Monday 9 March 2026", "Sunday 8 March 2026"])
            #expect(days.map { $0.meals.map(\.time) } == [["00:15"], ["23:30", "07:00"], ["19:00"]])
            #expect(days[1].meals.first?.headline == "late dinner in Paris")
        }
    }

    @Test func pagesHoldFiftyMealsNewestFirst() async throws {
        try await TestEnvironment.withDatabase { (database: AppDatabase) async throws -> Void in
            for minute in 0..<51 {
                try await database.addMeal("2026-03-09T10:\(String(minute).leftPadded(to: 2))", notes: "meal \(minute)")
            }
            let first = try #require(try await database.read { db in try MealQueries.listPage(db, page: 1) })
            let second = try #require(try await database.read { db in try MealQueries.listPage(db, page: 2) })
            #expect(first.meals.count == 50)
            #expect(first.pageCount == 2)
            #expect(first.meals.first?.notes == "meal 50")
            #expect(second.meals.map(\.notes) == ["meal 0"])
        }
    }

    @Test func rangeIncludesBothEndDays() async throws {
        try await TestEnvironment.withDatabase { (database: AppDatabase) async throws -> Void in
            try await database.addMeal("2026-03-07T23:59")
            try await database.addMeal("2026-03-08T00:00")
            try await database.addMeal("2026-03-09T23:59")
            try await database.addMeal("2026-03-10T00:00")
            let meals = try await database.read { db in
                try MealQueries.meals(db, from: LocalDate(parsing: "2026-03-08"), through: LocalDate(parsing: "2026-03-09"))
            }
            #expect(meals.map(\.eatenAt.description) == ["2026-03-08T00:00", "2026-03-09T23:59"])
        }
    }

    @Test func headlineIsTheFirstNonEmptyLine() async throws {
        try await TestEnvironment.withDatabase { (database: AppDatabase) async throws -> Void in
            let id = try await database.addMeal("2026-03-09T12:00", notes: "\n  \n  Ramen with egg  \nvery salty")
            let meal = try #require(try await database.read { db in try MealQueries.meal(db, id: id) })
            #expect(meal.headline == "Ramen with egg")
            #expect(meal.eatenAtISO8601 == "2026-03-09T12:00:00+00:00")
        }
    }
}

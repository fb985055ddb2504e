import FoodDiary
import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB

/// Times the suggestions a meal to itemise gets — the foods usual here or at this time, and past
/// meals like it — on a filled diary, against reading one meal with its foods (what every meal
/// page does) in the same run.
public enum SuggestionBenchmark {
    public struct Figure: Sendable {
        public let label: String
        public let p50Milliseconds: Double
        public let p99Milliseconds: Double
        public let shown: Int
    }

    public struct Figures: Sendable {
        public let meals: Int
        public let mealsAtBusiestPlace: Int
        public let rows: [Figure]
    }

    /// Adds two meals with no foods to `database` (a scratch diary): lunch at its busiest place, and
    /// breakfast with no place. Each question is asked `rounds` times.
    public static func run(_ database: AppDatabase, rounds: Int, now: Date) async throws -> Figures {
        let (meals, busiest) = try await database.read { db -> (Int, (id: Int64, meals: Int)?) in
            let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM meal") ?? 0
            let place = try Row.fetchOne(
                db, sql: "SELECT place_id, count(*) FROM meal WHERE place_id IS NOT NULL GROUP BY 1 ORDER BY 2 DESC LIMIT 1")
            return (count, place.map { (id: $0[0], meals: $0[1]) })
        }
        guard let busiest else { throw NoPlace() }
        let today = LocalDateTime(now, in: TimeZone(identifier: "UTC")!).date
        let here = try await database.createMeal(
            MealInput(
                eatenAt: LocalDateTime(date: today, hour: 12, minute: 30)!, utcOffsetMinutes: 0,
                notes: "", location: .place(id: busiest.id)), now: now)
        let anywhere = try await database.createMeal(
            MealInput(
                eatenAt: LocalDateTime(date: today, hour: 8, minute: 0)!, utcOffsetMinutes: 0,
                notes: ""), now: now)
        let rows = try await database.read { db -> [Figure] in
            guard let lunch = try MealQueries.meal(db, id: here), let breakfast = try MealQueries.meal(db, id: anywhere),
                let fullMeal = try Int64.fetchOne(db, sql: "SELECT id FROM meal WHERE entry_count > 0 ORDER BY entry_count DESC LIMIT 1")
            else {
                throw NoPlace()
            }
            func time(_ label: String, _ body: () throws -> Int) throws -> Figure {
                var times: [Double] = [], shown = 0
                for _ in 0..<rounds { times.append(try milliseconds { shown = try body() }) }
                times.sort()
                return Figure(
                    label: label, p50Milliseconds: times[times.count / 2],
                    p99Milliseconds: times[min(times.count - 1, times.count * 99 / 100)],
                    shown: shown)
            }
            return [
                try time("baseline: one meal with its foods") { try MealQueries.mealFoods(db, mealID: fullMeal)?.entries.count ?? 0 },
                try time("last time here (busiest place)") { try FoodSuggestions.forMeal(db, lunch)?.foods.count ?? 0 },
                try time("usually at this time (no place)") { try FoodSuggestions.forMeal(db, breakfast)?.foods.count ?? 0 },
                try time("like this one, here") { try ItemisingQueries.likeThisOne(db, lunch).meals.count },
                try time("like this one, no place") { try ItemisingQueries.likeThisOne(db, breakfast).meals.count }
            ]
        }
        return Figures(meals: meals, mealsAtBusiestPlace: busiest.meals, rows: rows)
    }

    struct NoPlace: Error, CustomStringConvertible {
        var description: String { "The diary has no meals at a place with foods to measure against; fill it with `fooddiary demo` first." }
    }
}

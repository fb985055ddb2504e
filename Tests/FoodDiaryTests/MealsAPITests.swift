import Foundation
import HummingbirdTesting
import Testing
@testable import FoodDiary
import FoodDiaryWeb

@Suite struct MealsAPITests {
    struct MealList: Decodable { let meals: [MealBody] }
    struct MealBody: Decodable, Equatable {
        let id: Int64
        let eatenAt: String
        let localDate: String
        let localTime: String
        let utcOffsetMinutes: Int
        let notes: String
        let foodCount: Int
        let energyKcal: Double?
        let createdAt: String
    }
    struct ErrorBody: Decodable { let error: String; let status: Int }

    @Test func listFiltersByLocalDateRangeInclusive() async throws {
        try await TestEnvironment.withApp { client, database in
            try await database.addMeal("2026-03-08T23:59", offset: 60, notes: "before")
            try await database.addMeal("2026-03-09T00:00", offset: -300, notes: "first")
            try await database.addMeal("2026-03-10T23:59", offset: 0, notes: "last")
            try await database.addMeal("2026-03-11T00:00", notes: "after")
            let response = try await client.get("/api/meals?from=2026-03-09&to=2026-03-10")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            let list = try JSONDecoder().decode(MealList.self, from: Data(response.text.utf8))
            #expect(list.meals.map(\.notes) == ["first", "last"])
            #expect(list.meals[0].eatenAt == "2026-03-09T00:00:00-05:00")
            #expect(list.meals[0].localDate == "2026-03-09")
            #expect(list.meals[0].createdAt == "2026-03-09T12:34:56Z")

            let all = try JSONDecoder().decode(MealList.self, from: Data(try await client.get("/api/meals").text.utf8))
            #expect(all.meals.count == 4)
        }
    }

    @Test func detailMatchesWhatThePageShows() async throws {
        try await TestEnvironment.withApp { client, database in
            let id = try await database.addMeal("2026-03-09T12:30", offset: 330, notes: "Dosa")
            let meal = try JSONDecoder().decode(MealBody.self, from: Data(try await client.get("/api/meals/\(id)").text.utf8))
            #expect(
                meal
                    == MealBody(
                        id: id, eatenAt: "2026-03-09T12:30:00+05:30", localDate: "2026-03-09", localTime: "12:30",
                        utcOffsetMinutes: 330, notes: "Dosa", foodCount: 0, energyKcal: nil, createdAt: "2026-03-09T12:34:56Z"),
                "no foods yet: unknown, not 0 kcal")
            let page = try await client.get("/meals/\(id)").text
            #expect(page.contains("12:30") && page.contains("UTC+05:30") && page.contains("Dosa"))
        }
    }

    @Test(arguments: [
        ("/api/meals?from=yesterday", "`from` must be a date"),
        ("/api/meals?to=2026-02-30", "`to` must be a date"),
        ("/api/meals?from=2026-03-10&to=2026-03-09", "is before")
    ])
    func badRangesAreExplainedAsJSON(uri: String, message: String) async throws {
        try await TestEnvironment.withApp { client, _ in
            let response = try await client.get(uri)
            #expect(response.status == .badRequest)
            let body = try JSONDecoder().decode(ErrorBody.self, from: Data(response.text.utf8))
            #expect(body.error.contains(message))
            #expect(body.status == 400)
        }
    }

    @Test(arguments: ["/api/meals/999", "/api/meals/abc", "/api/nothing"])
    func unknownIDsAre404JSON(uri: String) async throws {
        try await TestEnvironment.withApp { client, _ in
            let response = try await client.get(uri)
            #expect(response.status == .notFound)
            let body = try JSONDecoder().decode(ErrorBody.self, from: Data(response.text.utf8))
            #expect(body.status == 404)
        }
    }
}

/// `/api/meals` comes in pages a client can walk to the end, however large the diary.
@Suite struct MealsAPIPagingTests {
    struct Page: Decodable {
        let meals: [MealsAPITests.MealBody]
        let nextAfter: String?
        let next: String?
    }

    @Test func tenAtATimeWalksEveryMealOnceInOrder() async throws {
        try await TestEnvironment.withApp { (client, database) async throws -> Void in
            // Two meals share a minute, so the cursor must carry the id as well as the time.
            for index in 0..<23 {
                try await database.addMeal(String(format: "2026-03-%02dT12:30", 1 + index / 2), notes: "meal \(index)")
            }
            var seen: [String] = [], address: String? = "/api/meals?limit=10", pages = 0
            while let next = address {
                let response = try await client.get(next)
                #expect(response.status == .ok)
                let page = try JSONDecoder().decode(Page.self, from: Data(response.text.utf8))
                #expect(page.meals.count == (pages < 2 ? 10 : 3))
                seen += page.meals.map(\.notes)
                address = page.next
                pages += 1
            }
            #expect(pages == 3)
            #expect(seen == (0..<23).map { "meal \($0)" })
            let first = try JSONDecoder().decode(Page.self, from: Data(try await client.get("/api/meals?limit=10").text.utf8))
            #expect(first.next == "/api/meals?limit=10&after=\(first.nextAfter!)")
            let everything = try JSONDecoder().decode(Page.self, from: Data(try await client.get("/api/meals").text.utf8))
            #expect(everything.meals.count == 23 && everything.next == nil, "50 by default")
        }
    }

    @Test func limitsAndCursorsAreChecked() async throws {
        try await TestEnvironment.withApp { (client, _) async throws -> Void in
            for bad in ["limit=0", "limit=501", "limit=ten", "after=yesterday", "after=2026-03-09T12:30_-4", "after=2026-03-09T12:30"] {
                #expect(try await client.get("/api/meals?\(bad)").status == .badRequest, "\(bad)")
            }
            #expect(try await client.get("/api/meals?limit=500").status == .ok)
        }
    }
}

import Foundation
import HummingbirdTesting
import Testing
@testable import FoodDiary

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
        let energyKcal: Double
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
            #expect(meal == MealBody(id: id, eatenAt: "2026-03-09T12:30:00+05:30", localDate: "2026-03-09", localTime: "12:30",
                                     utcOffsetMinutes: 330, notes: "Dosa", foodCount: 0, energyKcal: 0, createdAt: "2026-03-09T12:34:56Z"))
            let page = try await client.get("/meals/\(id)").text
            #expect(page.contains("12:30") && page.contains("UTC+05:30") && page.contains("Dosa"))
        }
    }

    @Test(arguments: [
        ("/api/meals?from=yesterday", "`from` must be a date"),
        ("/api/meals?to=2026-02-30", "`to` must be a date"),
        ("/api/meals?from=2026-03-10&to=2026-03-09", "is before"),
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

import FoodDiaryBase
import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import FoodDiary

/// Issue 62: a phone that sends by itself. The payloads are Health Auto Export's REST format as its
/// documentation gives it (metrics of `{"qty", "date", "source"}` and version 2 workouts), and the
/// same names without the wrapper, as an Android shortcut sends them.
@Suite struct HealthImportTests {
    static let autoExport = """
        {"data": {
          "metrics": [
            {"name": "weight_body_mass", "units": "kg", "data": [{"qty": 71.4, "date": "2026-03-09 07:12:00 +0100", "source": "Withings"}]},
            {"name": "body_fat_percentage", "units": "%", "data": [{"qty": 0.224, "date": "2026-03-09 07:12:00 +0100"}]},
            {"name": "step_count", "units": "count", "data": [
              {"qty": 4000, "date": "2026-03-09 08:00:00 +0100", "source": "Sam's iPhone"},
              {"qty": 3200, "date": "2026-03-09 09:00:00 +0100", "source": "Sam's iPhone"},
              {"qty": 6800, "date": "2026-03-09 08:00:00 +0100", "source": "Sam's Apple Watch"}]},
            {"name": "active_energy", "units": "kJ", "data": [{"qty": 1046, "date": "2026-03-09 00:00:00 +0100"}]},
            {"name": "dietary_water", "units": "mL", "data": [{"qty": 330, "date": "2026-03-09 10:05:00 +0100"}]},
            {"name": "heart_rate", "units": "count/min", "data": [{"Min": 55, "Avg": 61, "Max": 70, "date": "2026-03-09 10:05:00 +0100"}]}
          ],
          "workouts": [
            {"id": "550e8400-e29b-41d4-a716-446655440000", "name": "Outdoor Run", "start": "2026-03-09 07:30:00 +0100",
             "end": "2026-03-09 08:00:00 +0100", "duration": 1800, "location": "Outdoor",
             "activeEnergyBurned": {"qty": 310, "units": "kcal"}, "distance": {"qty": 5.1, "units": "km"}}
          ]
        }}
        """

    static func send(_ client: any TestClientProtocol, _ body: String, token: String?) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let token { headers[.authorization] = "Bearer \(token)" }
        return try await client.execute(uri: "/api/health", method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    static func token(_ client: any TestClientProtocol) async throws -> String {
        let made = try await client.postForm(
            "/account/tokens", [("current_password", TestPerson.password), ("name", "Sam's iPhone"), ("access", "write")])
        return try #require(made.text.firstMatch(of: /fdt_[A-Za-z0-9_-]{43}/).map { String($0.output) })
    }

    struct Answer: Decodable {
        struct Added: Decodable { let weighIns, measurements, drinks, samples, workouts, alreadyThere: Int }
        let added: Added
        let leftOut: [String: Int]
        let refused: [String]
        let refusedCount: Int
    }

    @Test func timesAreReadAsTheWallClockWithTheirOffset() {
        let london = TimeZone(identifier: "Europe/London")!
        func read(_ text: String) -> String? {
            HealthTime.parse(text, timeZone: london).map { "\($0.time) \($0.utcOffsetMinutes)" }
        }
        #expect(read("2026-03-09 07:12:00 +0100") == "2026-03-09T07:12 60")
        #expect(read("2026-03-09T07:12:00-05:00") == "2026-03-09T07:12 -300")
        #expect(read("2026-03-09T07:12:30.250Z") == "2026-03-09T07:12 0")
        #expect(read(" 2026-07-01 07:12 ") == "2026-07-01T07:12 60", "no offset: the diary's zone, in summer time")
        #expect(read("2026-03-09") == "2026-03-09T00:00 0", "a whole day")
        for bad in [
            "yesterday", "2026-03-09 9:05:00 +0100", "2026-03-09 07:12:00 +01", "2026-03-09 07:12:00 +1500", "2026-02-30 07:12",
            "2026-03-09 25:00", "2026-03-09 07:12:00 +0100x"
        ] {
            #expect(read(bad) == nil, "\(bad)")
        }
    }

    @Test func aPayloadSentTwiceAddsEachReadingOnce() async throws {
        try await TestEnvironment.withApp { client, database in
            #expect(try await Self.send(client, Self.autoExport, token: nil).status == .unauthorized, "no token, nothing kept")
            #expect(try await Self.send(client, Self.autoExport, token: "fdt_" + String(repeating: "x", count: 43)).status == .unauthorized)
            let token = try await Self.token(client)
            let first = try await Self.send(client, Self.autoExport, token: token)
            #expect(first.status == .ok, "\(first.text)")
            let answer = try JSONDecoder().decode(Answer.self, from: Data(first.text.utf8))
            let added = answer.added
            #expect(added.weighIns == 1 && added.measurements == 1 && added.drinks == 1)
            #expect(added.samples == 4 && added.workouts == 1 && added.alreadyThere == 0)
            #expect(answer.leftOut == ["heart_rate": 1] && answer.refusedCount == 0)

            let again = try JSONDecoder().decode(
                Answer.self, from: Data(try await Self.send(client, Self.autoExport, token: token).text.utf8))
            let addedAgain: [Int] = [
                again.added.weighIns, again.added.measurements, again.added.drinks, again.added.samples, again.added.workouts
            ]
            #expect(addedAgain == [0, 0, 0, 0, 0])
            #expect(again.added.alreadyThere == 8, "each reading once")

            let counts = try await database.read { db in
                try ["body_measurement", "water_drink", "movement_sample", "activity"].map {
                    try Int.fetchOne(db, sql: "SELECT count(*) FROM \($0)") ?? 0
                }
            }
            #expect(counts == [2, 1, 4, 1])
            // Times keep their offsets: the wall clock where they were taken, and that place's offset.
            let weighIn = try await database.read { db -> [String]? in
                try Row.fetchOne(db, sql: "SELECT value, measured_local, utc_offset_minutes FROM body_measurement ORDER BY id LIMIT 1")
                    .map { ["\($0["value"] as Double)", $0["measured_local"], "\($0["utc_offset_minutes"] as Int)"] }
            }
            #expect(weighIn == ["71.4", "2026-03-09T07:12", "60"])
            #expect(
                try await database.read { db in try Double.fetchOne(db, sql: "SELECT value FROM body_measurement ORDER BY id DESC LIMIT 1")
                } == 22.4,
                "a fraction of one is a percentage")

            let day = try await ExerciseTests.day(client)
            #expect(day.exercise.steps == 7_200, "the phone's 4,000 + 3,200 against the watch's 6,800: the larger, never their sum")
            let run = try #require(day.exercise.activities.first)
            #expect(run.name == "Outdoor Run" && run.minutes == 30 && run.energyKcal == 310 && run.source == "Apple Health")
            let today = try await client.get("/today").text
            #expect(
                today.contains("<strong>7,200</strong> steps") && today.contains("measured 250 kcal of movement above rest"),
                "1,046 kJ is 250 kcal")
        }
    }

    @Test func anAndroidShortcutSendsTheSameNamesWithoutTheWrapper() async throws {
        try await TestEnvironment.withApp { client, database in
            let token = try await Self.token(client)
            let body = """
                {"source": "Pixel 8", "metrics": [
                  {"name": "step_count", "units": "count", "data": [{"date": "2026-03-08", "qty": 9012}]},
                  {"name": "weight_body_mass", "units": "lb", "data": [{"date": "2026-03-08T07:30:00-05:00", "qty": 165}]}
                ]}
                """
            let sent = try await Self.send(client, body, token: token)
            #expect(sent.status == .ok, "\(sent.text)")
            #expect(try await ExerciseTests.day(client, "2026-03-08").exercise.steps == 9_012)
            let weight = try await database.read { db -> (value: Double, offset: Int)? in
                try Row.fetchOne(db, sql: "SELECT value, utc_offset_minutes FROM body_measurement").map {
                    ($0["value"], $0["utc_offset_minutes"])
                }
            }
            let (kilograms, offset) = try #require(weight)
            #expect(abs(kilograms - 74.843) < 0.001 && offset == -300, "165 lb at UTC−5")
            #expect(try await database.read { db in try String.fetchOne(db, sql: "SELECT source FROM movement_sample") } == "Pixel 8")
        }
    }

    /// A phone's readings go to the diary its address names, whichever is open in a browser; never to another person's.
    @Test func aDiaryNumberInTheAddressKeepsThePhonesDiaryFixed() async throws {
        try await TestEnvironment.withConfiguredApp { client, database, config in
            let token = try await Self.token(client)
            #expect(try await client.postForm("/diaries", [("name", "Lisbon trip")]).status == .seeOther)
            let lisbon = try #require(
                try await AccountsDatabase.open(path: config.accountsPath).diaries(accountID: 1).first { $0.name == "Lisbon trip" }?.id)
            let steps = #"{"metrics": [{"name": "step_count", "units": "count", "data": [{"date": "2026-03-09", "qty": 4321}]}]}"#
            func send(_ query: String, token: String) async throws -> TestResponse {
                try await client.execute(
                    uri: "/api/health" + query, method: .post,
                    headers: [.contentType: "application/json", .authorization: "Bearer \(token)"], body: ByteBuffer(string: steps))
            }
            #expect(try await send("?diary=\(lisbon)", token: token).status == .ok)
            #expect(
                try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM movement_sample") } == 0,
                "not the diary open in the browser")
            #expect(try await send("?diary=1", token: token).status == .ok)
            #expect(try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM movement_sample") } == 1)
            #expect(try await send("?diary=999", token: token).status == .notFound)
            #expect(try await send("?diary=first", token: token).status == .notFound)

            let robin = try await TestPerson.addMember("Robin", in: config)
            let made = try await client.postForm(
                "/account/tokens", [("current_password", TestPerson.password), ("name", "Robin's phone"), ("access", "write")],
                token: robin.token, session: robin.session)
            let robinsToken = try #require(made.text.firstMatch(of: /fdt_[A-Za-z0-9_-]{43}/).map { String($0.output) })
            #expect(try await send("?diary=\(lisbon)", token: robinsToken).status == .notFound, "another person's diary is never reached")
            #expect(try await send("?diary=1", token: robinsToken).status == .notFound)
        }
    }

    @Test func whatCannotBeKeptIsSaidAndTheRestIsKept() async throws {
        try await TestEnvironment.withApp { client, database in
            let token = try await Self.token(client)
            for body in ["not json", "[1, 2]", #"{"hello": "world"}"#] {
                let refused = try await Self.send(client, body, token: token)
                #expect(refused.status == .badRequest && refused.text.contains("Health Auto Export"), "\(body)")
            }
            let mixed = """
                {"data": {"metrics": [
                  {"name": "weight_body_mass", "units": "kg", "data": [
                    {"qty": 70, "date": "2026-03-09 07:00:00 +0000"}, {"qty": 7000, "date": "2026-03-09 08:00:00 +0000"},
                    {"qty": 70, "date": "2099-01-01 07:00:00 +0000"}, {"qty": 70, "date": "yesterday"}, {"date": "2026-03-09 09:00:00 +0000"}]},
                  {"name": "weight_body_mass", "units": "stone", "data": [{"qty": 11, "date": "2026-03-09 07:00:00 +0000"}]},
                  {"name": "dietary_water", "units": "mL", "data": [{"qty": 2500, "date": "2026-03-09 00:00:00 +0000"}]}
                ]}}
                """
            let answer = try JSONDecoder().decode(Answer.self, from: Data(try await Self.send(client, mixed, token: token).text.utf8))
            #expect(answer.added.weighIns == 1 && answer.refusedCount == 6, "\(answer.refused)")
            #expect(
                answer.refused.contains { $0.contains("stone") } && answer.refused.contains { $0.contains("send drinks, not a day's sum") })
            #expect(try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM body_measurement") } == 1)
            let huge = try await Self.send(client, String(repeating: " ", count: HealthAPIController.maxBodyBytes + 1), token: token)
            #expect(huge.status == .contentTooLarge)
        }
    }
}

import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB
import HummingbirdTesting
import Testing
@testable import FoodDiary
import FoodDiaryTools
import FoodDiaryWeb

/// Issue 62: exercise and steps on the day, what they burn, the goal that may grow by them, and
/// everywhere they go.
@Suite struct ExerciseTests {
    struct DayBody: Decodable {
        struct Exercise: Decodable {
            struct Activity: Decodable {
                let name: String; let kind: String?; let met: Double?; let minutes: Double?; let energyKcal: Double; let source: String
            }
            let energyKcal: Double
            let steps: Int?
            let activities: [Activity]
        }
        struct Goals: Decodable { let energyKcal: Double? }
        let goals: Goals
        let exercise: Exercise
    }

    static func day(_ client: any TestClientProtocol, _ date: String = "2026-03-09") async throws -> DayBody {
        try JSONDecoder().decode(DayBody.self, from: Data(try await client.get("/api/days/\(date)").text.utf8))
    }

    /// Running at 6 mph is 9.8 METs: 30 minutes at 70 kg burn (9.8 − 1) × 70 × 0.5 = 308 kcal above rest.
    @Test func aCompendiumActivityBurnsItsMETsAboveRestAtTheDaysWeight() async throws {
        try await TestEnvironment.withApp { client, database in
            try await client.postForm("/body/weight", [("value", "70"), ("back", "today")])
            let today = try await client.get("/today").text
            #expect(today.contains("id=\"activity\"") && today.contains("<option value=\"running_10kmh\">"), "the list is on Today")
            let added = try await client.postForm("/activities", [("kind", "running_10kmh"), ("minutes", "30")])
            #expect(added.status == .seeOther && added.headers[.location] == "/today#activity")
            let day = try await Self.day(client)
            let run = try #require(day.exercise.activities.first)
            #expect(run.kind == "running_10kmh" && run.met == 9.8 && run.minutes == 30 && run.source == "typed")
            #expect(abs(run.energyKcal - 308) < 1e-9 && abs(day.exercise.energyKcal - 308) < 1e-9)

            let page = try await client.get("/today").text
            #expect(
                page.contains("<strong>308 kcal</strong> exercise") && page.contains("<strong>−308 kcal</strong> net")
                    || page.contains("<strong>-308 kcal</strong> net"),
                "eaten, burned and the balance")
            #expect(page.contains("+ Running, 6 mph · 30 min"), "offered again in one tap")
            // The one-tap button sends what the form would.
            #expect(try await client.postForm("/activities", [("kind", "running_10kmh"), ("minutes", "30")]).status == .seeOther)
            #expect(try await Self.day(client).exercise.activities.count == 2)

            let id = try #require(try await database.read { db in try Int64.fetchOne(db, sql: "SELECT max(id) FROM activity") })
            #expect(try await client.postForm("/activities/\(id)/delete", [("day", "2026-03-09")]).headers[.location] == "/today#activity")
            #expect(try await client.postForm("/activities/\(id)/delete", []).status == .notFound)
            #expect(try await Self.day(client).exercise.activities.count == 1)

            // A past day takes the weight of that day's trend, or before any weigh-in the first one.
            #expect(
                try await client.postForm("/activities", [("kind", "walking"), ("minutes", "60"), ("day", "2026-03-01")]).headers[.location]
                    == "/days/2026-03-01#activity")
            #expect(try await Self.day(client, "2026-03-01").exercise.energyKcal == 2.5 * 70)
        }
    }

    @Test func whatCannotBeReckonedIsSaidAndNothingIsSaved() async throws {
        try await TestEnvironment.withApp { client, database in
            let unweighed = try await client.postForm("/activities", [("kind", "cycling_leisure"), ("minutes", "45")])
            #expect(unweighed.status == .unprocessableContent && unweighed.text.contains("weigh in first"))
            #expect(
                unweighed.text.contains("<option value=\"cycling_leisure\" selected>") && unweighed.text.contains("value=\"45\""),
                "what was typed stays")
            for (fields, message) in [
                ([("kind", "curling"), ("minutes", "30")], "Pick an activity from the list"),
                ([("kind", "walking"), ("minutes", "")], "how many minutes it lasted"),
                ([("kind", "walking"), ("minutes", "2000")], "from 1 to 1,440"),
                ([("name", "Climbing wall"), ("energy", "")], "the energy it burned in kcal"),
                ([("name", "Climbing wall"), ("energy", "20000")], "from 1 to 10,000")
            ] {
                let refused = try await client.postForm("/activities", fields)
                #expect(refused.status == .unprocessableContent && refused.text.contains(message), "\(fields)")
            }
            #expect(
                try await client.postForm("/activities", [("kind", "walking"), ("minutes", "30"), ("day", "2026-03-10")]).status
                    == .badRequest)
            #expect(try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM activity") } == 0)

            // One of the person's own, with the energy a watch gave, in the unit they read.
            #expect(
                try await client.postForm("/settings/body", [("units", "metric"), ("energy", "kJ"), ("glass", "330")]).status == .seeOther)
            let own = try await client.postForm("/activities", [("name", "Climbing wall <b>"), ("energy", "1,046"), ("minutes", "")])
            #expect(own.status == .seeOther)
            let kcal = try await database.read { db in try Double.fetchOne(db, sql: "SELECT active_energy_kcal FROM activity") }
            #expect(kcal.map { abs($0 - 250) < 1e-9 } == true, "1,046 kJ is 250 kcal")
            let page = try await client.get("/today").text
            #expect(page.contains("Climbing wall &lt;b&gt;") && page.contains("1,046 kJ"))
        }
    }

    @Test func stepsFromAPhoneAndAWatchAreNotAddedTogether() async throws {
        try await TestEnvironment.withApp { client, database in
            let date = LocalDate(parsing: "2026-03-09")!
            // The phone counts in two stretches, the watch in one: each source's sum, then the larger.
            try await database.write { db in
                for (source, hour, steps) in [("iPhone", 8, 5_000.0), ("iPhone", 17, 3_012), ("Apple Watch", 0, 8_450)] {
                    try AppDatabase.storeSample(
                        db,
                        MovementSample(
                            kind: .steps, source: source, startedAt: LocalDateTime(date: date, hour: hour, minute: 0)!,
                            utcOffsetMinutes: 60, value: steps), updatedAt: TestEnvironment.fixedNow)
                }
            }
            #expect(try await Self.day(client).exercise.steps == 8_450)
            let page = try await client.get("/today").text
            #expect(
                page.contains("<strong>8,450</strong> steps")
                    && page.contains("name=\"steps\" inputmode=\"numeric\" autocomplete=\"off\" placeholder=\"none\" value=\"\""),
                "a phone's count is shown, not offered to edit as the person's own")
            #expect(try await client.postForm("/steps", [("steps", "12,000")]).status == .seeOther)
            #expect(try await Self.day(client).exercise.steps == 12_000, "the most any source counted")
            #expect(try await client.get("/today").text.contains("value=\"12000\""), "what they typed, to correct")
            #expect(try await client.postForm("/steps", [("steps", "")]).status == .seeOther)
            #expect(try await Self.day(client).exercise.steps == 8_450, "clearing what was typed leaves the phone's and the watch's")
            for typed in ["lots", "2.5", "300000"] {
                let refused = try await client.postForm("/steps", [("steps", typed)])
                #expect(refused.status == .unprocessableContent && refused.text.contains("id=\"steps-error\""), "\(typed)")
            }
        }
    }

    @Test func addingExerciseToTheGoalIsTheirChoiceAndOffByDefault() async throws {
        try await TestEnvironment.withApp { client, _ in
            #expect(try await client.postForm("/goals", [("energy_kcal", "2000")]).status == .seeOther)
            try await client.postForm("/body/weight", [("value", "80"), ("back", "today")])
            try await client.postForm("/activities", [("kind", "cycling_moderate"), ("minutes", "45")])
            // (8 − 1) × 80 × 0.75 = 420 kcal.
            let off = try await Self.day(client)
            #expect(off.goals.energyKcal == 2_000 && off.exercise.energyKcal == 420)
            #expect(!(try await client.get("/settings/body").text.contains("name=\"exercise_adds_to_goal\" checked")))
            #expect(
                try await client.postForm(
                    "/settings/body",
                    [
                        ("units", "metric"), ("energy", "kcal"), ("glass", "330"),
                        ("exercise_adds_to_goal", "on")
                    ]
                ).headers[.location] == "/settings/body?notice=settings")
            #expect(try await Self.day(client).goals.energyKcal == 2_420)
            let today = try await client.get("/today").text
            #expect(
                today.contains("Energy goal today: 2,420 kcal (2,000 kcal + 420 kcal of exercise).") && today.contains("2,420 kcal"),
                "the day and the strip on every page measure against the grown goal")
            #expect(try await Self.day(client, "2026-03-08").goals.energyKcal == 2_000, "a day without exercise keeps the goal")
        }
    }

    @Test func theJSONTheTrendsAndTheExportCarryIt() async throws {
        struct Activities: Decodable {
            struct Activity: Decodable { let name: String; let energyKj: Double? }
            let activities: [Activity]
            let next: String?
        }
        try await TestEnvironment.withApp { client, database in
            try await client.postForm("/body/weight", [("value", "60"), ("date", "2026-03-01")])
            for day in ["2026-03-05", "2026-03-07", "2026-03-09"] {
                try await client.postForm("/activities", [("kind", "yoga"), ("minutes", "60"), ("day", day)])
            }
            try await client.postForm("/steps", [("steps", "6500"), ("day", "2026-03-07")])
            let first = try JSONDecoder().decode(
                Activities.self, from: Data(try await client.get("/api/activities?limit=2&from=2026-03-06").text.utf8))
            #expect(first.activities.map(\.name) == ["Yoga (hatha)", "Yoga (hatha)"] && first.next == nil)
            let trends = try await client.get("/trends").text
            #expect(trends.contains("Exercise per day") && trends.contains("6,500"), "burned beside eaten, and the steps")
            let json = try await client.get("/api/trends").text
            #expect(json.contains("\"exerciseEnergyKcal\":90") && json.contains("\"steps\":6500"))

            let document = try await database.read { db in try PortabilityQueries.document(db) }
            #expect(document.activities.count == 3 && document.movement.map(\.value) == [6_500])
            try await TestEnvironment.withDatabase { other in
                let outcome = try await other.importDocument(document, dryRun: false, now: TestEnvironment.fixedNow)
                #expect(outcome.activitiesAdded == 3 && outcome.movementAdded == 1)
                let again = try await other.importDocument(document, dryRun: false, now: TestEnvironment.fixedNow)
                #expect(again.activitiesAdded == 0 && again.movementAdded == 0, "importing twice adds nothing")
                #expect(try await other.read { db in try Double.fetchOne(db, sql: "SELECT sum(active_energy_kcal) FROM activity") } == 270)
            }
        }
    }
}

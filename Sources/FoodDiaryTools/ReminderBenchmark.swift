import FoodDiary
import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB

/// What the reminders cost the server per person: the week's digest read from a diary of four
/// weeks, and one push sealed (encrypted for the browser, RFC 8291, and signed, VAPID), against
/// the Today page's own query on the same diary, measured in the same run.
package enum ReminderBenchmark {
    package struct Figures: Sendable {
        package let todayMilliseconds: [Double]
        package let digestMilliseconds: [Double]
        package let sealMilliseconds: [Double]
        package let digestLines: [String]
    }

    package static func run(runs: Int) async throws -> Figures {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fooddiary-bench-reminders-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try AppDatabase.open(path: directory + "/diary.sqlite")
        let last = LocalDate(parsing: "2026-03-08")!
        try await fill(database, through: last)
        let delivery = PushDelivery(
            key: try VAPIDKey.loadOrCreate(in: directory, contact: "mailto:bench@localhost"), allowsHomeNetwork: false)
        // A browser's keys: RFC 8291's example receiver.
        let json = """
            {"endpoint":"https://fcm.googleapis.com/fcm/send/bench","keys":{"p256dh":"BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4","auth":"BTBZMqHH6r4Tts7J_aSIgg"}}
            """
        guard case .success(let subscription) = PushSubscription.read(json: Data(json.utf8), allowsHomeNetwork: false) else {
            preconditionFailure("the benchmark's subscription is one")
        }
        var figures = (today: [Double](), digest: [Double](), seal: [Double]())
        var lines: [String] = []
        let now = Date()
        for _ in 0..<runs {
            figures.today.append(try await milliseconds { _ = try await database.read { db in try DayQueries.day(db, date: last.next) } })
            var digest: WeeklyDigest?
            figures.digest.append(
                try await milliseconds {
                    digest = try await database.read { db in try WeeklyDigest.read(db, through: last) }
                    lines = digest?.lines ?? []
                })
            let message = PushDelivery.Message(
                title: digest?.title ?? "", body: lines.joined(separator: "\n"), url: "/trends", tag: "digest")
            figures.seal.append(try milliseconds { _ = try delivery.sealed(message, for: subscription, now: now) })
        }
        return Figures(
            todayMilliseconds: figures.today, digestMilliseconds: figures.digest, sealMilliseconds: figures.seal, digestLines: lines)
    }

    /// Four weeks of four meals a day, three foods each with their nutrients, and a morning weigh-in.
    private static func fill(_ database: AppDatabase, through last: LocalDate) async throws {
        let columns = NutrientKind.allCases.map(\.column)
        try await database.write { db in
            for back in 0..<28 {
                let date = last.adding(days: -back)
                for (index, hour) in ["08", "13", "16", "19"].enumerated() {
                    try db.execute(
                        sql: "INSERT INTO meal (eaten_local, utc_offset_minutes, created_at, updated_at) VALUES (?, 0, ?, ?)",
                        arguments: ["\(date)T\(hour):00", Date(), Date()])
                    let meal = db.lastInsertedRowID
                    for food in 0..<3 {
                        let values = columns.indices.map { Double(($0 + food + index + back) % 9 + 1) * 10 }
                        try db.execute(
                            sql: """
                                INSERT INTO food_entry (meal_id, data_type, description, grams, portion_label, basis_grams, basis_energy_kcal,
                                    \(columns.joined(separator: ", ")), created_at, updated_at)
                                VALUES (?, 'hand_typed', ?, 100, '100 g', 100, 200, \(columns.map { _ in "?" }.joined(separator: ", ")), ?, ?)
                                """,
                            arguments: StatementArguments(
                                [meal, "Food \(food)"] as [any DatabaseValueConvertible] + values + [Date(), Date()]))
                    }
                }
                try db.execute(
                    sql:
                        "INSERT INTO body_measurement (measure_id, value, measured_local, utc_offset_minutes, created_at) VALUES (1, ?, ?, 0, ?)",
                    arguments: [80 - Double(back % 5) * 0.2, "\(date)T07:30", Date()])
            }
        }
    }
}

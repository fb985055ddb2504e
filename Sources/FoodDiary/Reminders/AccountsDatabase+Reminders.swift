import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB

/// What an occasion came to, as `reminder_occasion.outcome` keeps it.
enum ReminderOutcome: String, Sendable {
    /// Claimed and being sent; left so if the server stopped in the middle, and never sent again.
    case sending
    case sent
    /// The slot was logged, the water goal met, the weigh-in done: nothing was sent.
    case notNeeded = "not-needed"
    /// No browser takes reminders.
    case noDevice = "no-device"
    case failed
}

extension AccountsDatabase {
    /// The person's plan; nil until they save one.
    func reminderPlan(accountID: Int64) async throws -> ReminderPlan? {
        try await read { db in try Self.reminderPlan(db, accountID: accountID) }
    }

    private static func reminderPlan(_ db: Database, accountID: Int64) throws -> ReminderPlan? {
        guard
            let row = try Row.fetchOne(
                db,
                sql:
                    "SELECT time_zone, quiet_from_minute, quiet_until_minute, accept_language, updated_at, mail_address FROM reminder_plan WHERE account_id = ?",
                arguments: [accountID])
        else { return nil }
        let reminders = try Row.fetchAll(
            db, sql: "SELECT kind, minute_of_day, weekdays, by_mail FROM reminder WHERE account_id = ?", arguments: [accountID]
        ).compactMap { row -> ReminderPlan.Reminder? in
            guard let kind = ReminderKind(rawValue: row[0]) else { return nil }
            let mask: Int = row[2]
            return .init(kind: kind, minuteOfDay: row[1], weekdays: Set((0...6).filter { mask & (1 << $0) != 0 }), byMail: row[3])
        }
        let from: Int? = row[1], until: Int? = row[2]
        return ReminderPlan(
            timeZone: TimeZone(identifier: row[0]) ?? .gmt, quietHours: from.flatMap { from in until.map { (from, $0) } },
            acceptLanguage: row[3], mailAddress: row[5],
            reminders: ReminderKind.allCases.compactMap { kind in reminders.first { $0.kind == kind } },
            updatedAt: row[4])
    }

    /// Replaces the person's plan, every kind at once.
    func saveReminderPlan(_ plan: ReminderPlan, accountID: Int64) async throws {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO reminder_plan (account_id, time_zone, quiet_from_minute, quiet_until_minute, accept_language, updated_at,
                        mail_address)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (account_id) DO UPDATE SET time_zone = excluded.time_zone, quiet_from_minute = excluded.quiet_from_minute,
                        quiet_until_minute = excluded.quiet_until_minute, accept_language = excluded.accept_language,
                        updated_at = excluded.updated_at, mail_address = excluded.mail_address
                    """,
                arguments: [
                    accountID, plan.timeZone.identifier, plan.quietHours?.from, plan.quietHours?.until, plan.acceptLanguage, plan.updatedAt,
                    plan.mailAddress
                ])
            try db.execute(sql: "DELETE FROM reminder WHERE account_id = ?", arguments: [accountID])
            for reminder in plan.reminders {
                try db.execute(
                    sql: "INSERT INTO reminder (account_id, kind, minute_of_day, weekdays, by_mail) VALUES (?, ?, ?, ?, ?)",
                    arguments: [
                        accountID, reminder.kind.rawValue, reminder.minuteOfDay, reminder.weekdays.reduce(0) { $0 | 1 << $1 },
                        reminder.byMail
                    ])
            }
        }
    }

    /// Turns one kind off; false when it was not on.
    func stopReminder(_ kind: ReminderKind, accountID: Int64) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM reminder WHERE account_id = ? AND kind = ?", arguments: [accountID, kind.rawValue])
            return db.changesCount > 0
        }
    }

    /// Everyone with at least one reminder on, with their plan.
    func reminderPlans() async throws -> [(account: Account, plan: ReminderPlan)] {
        try await read { db in
            let accounts = try Account.fetchAll(
                db,
                sql: "SELECT \(Account.selection) FROM account WHERE EXISTS (SELECT 1 FROM reminder WHERE reminder.account_id = account.id)"
            )
            return try accounts.compactMap { account in try Self.reminderPlan(db, accountID: account.id).map { (account, $0) } }
        }
    }

    /// Takes up an occasion: true for the one caller that claimed it, false when it was taken
    /// up before (by this run, an earlier one, or the command beside the server).
    func claimReminderOccasion(_ occasion: ReminderPlan.Occasion, accountID: Int64, now: Date) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO reminder_occasion (account_id, kind, local_date, handled_at, outcome) VALUES (?, ?, ?, ?, 'sending')
                    ON CONFLICT DO NOTHING
                    """, arguments: [accountID, occasion.kind.rawValue, occasion.date.description, now])
            return db.changesCount > 0
        }
    }

    func noteReminderOccasion(_ occasion: ReminderPlan.Occasion, accountID: Int64, outcome: ReminderOutcome, now: Date) async throws {
        try await write { db in
            try db.execute(
                sql: "UPDATE reminder_occasion SET outcome = ?, handled_at = ? WHERE account_id = ? AND kind = ? AND local_date = ?",
                arguments: [outcome.rawValue, now, accountID, occasion.kind.rawValue, occasion.date.description])
        }
    }

    /// Each kind's last occasion: when it was handled and what it came to.
    func lastReminderOccasions(accountID: Int64) async throws -> [ReminderKind: (at: Date, outcome: ReminderOutcome)] {
        try await read { db in
            var last: [ReminderKind: (at: Date, outcome: ReminderOutcome)] = [:]
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT kind, max(handled_at), outcome FROM reminder_occasion WHERE account_id = ? GROUP BY kind
                    """, arguments: [accountID])
            {
                guard let kind = ReminderKind(rawValue: row[0]), let outcome = ReminderOutcome(rawValue: row[2]) else { continue }
                last[kind] = (row[1], outcome)
            }
            return last
        }
    }

    /// Occasions older than the longest any reminder may still be sent after: no longer needed
    /// to tell a restart what was sent.
    func forgetReminderOccasions(before cutoff: Date) async throws {
        _ = try await write { db in
            try db.execute(sql: "DELETE FROM reminder_occasion WHERE handled_at < ?", arguments: [cutoff])
        }
    }
}

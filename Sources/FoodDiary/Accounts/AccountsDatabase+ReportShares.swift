import FoodDiaryBase
import Foundation
import GRDB

/// A report handed to someone as a read-only link: which diary, which days, until when.
struct ReportShare: Sendable, Equatable {
    let id: Int64
    let accountID: Int64
    let diaryID: Int64
    let first: LocalDate
    let last: LocalDate
    let createdAt: Date
    let expiresAt: Date

    static let defaultDays = 7
    static let choosableDays = [1, 7, 30]
    /// Enough for a person's dietitian, a doctor and a coach, with room to spare.
    static let mostActive = 20
}

extension AccountsDatabase {
    /// A new link to diary `diaryID`'s days `first` through `last`; the secret is returned once and
    /// kept only as its hash. Nil when the person already has `ReportShare.mostActive` live links.
    func createReportShare(
        accountID: Int64, diaryID: Int64, first: LocalDate, last: LocalDate, days: Int, now: Date
    ) async throws -> String? {
        let secret = BearerSecret.make()
        let created = try await write { db -> Bool in
            let live =
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM report_share WHERE account_id = ? AND revoked_at IS NULL AND expires_at > ?",
                    arguments: [accountID, now]) ?? 0
            guard live < ReportShare.mostActive else { return false }
            try db.execute(
                sql: """
                    INSERT INTO report_share (account_id, diary_id, token_sha256, first_day, last_day, created_at, expires_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    accountID, diaryID, secret.sha256, first.description, last.description, now,
                    now.addingTimeInterval(Double(days) * 86_400)
                ])
            return true
        }
        return created ? secret.text : nil
    }

    /// The person's links still working, newest first.
    func reportShares(accountID: Int64, now: Date) async throws -> [ReportShare] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, account_id, diary_id, first_day, last_day, created_at, expires_at FROM report_share
                    WHERE account_id = ? AND revoked_at IS NULL AND expires_at > ? ORDER BY id DESC
                    """, arguments: [accountID, now]
            ).compactMap(Self.reportShare)
        }
    }

    /// Stops a link of the person's; false when they have no such working link.
    func revokeReportShare(id: Int64, accountID: Int64, now: Date) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: "UPDATE report_share SET revoked_at = ? WHERE id = ? AND account_id = ? AND revoked_at IS NULL",
                arguments: [now, id, accountID])
            return db.changesCount > 0
        }
    }

    /// The link `secret` opens: working, and its diary still the person's who made it; else nil.
    func reportShare(secret: String, now: Date) async throws -> ReportShare? {
        try await read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT s.id, s.account_id, s.diary_id, s.first_day, s.last_day, s.created_at, s.expires_at FROM report_share s
                    JOIN diary d ON d.id = s.diary_id AND d.account_id = s.account_id
                    WHERE s.token_sha256 = ? AND s.revoked_at IS NULL AND s.expires_at > ?
                    """, arguments: [BearerSecret.sha256(of: secret), now]
            ).flatMap(Self.reportShare)
        }
    }

    private static func reportShare(_ row: Row) -> ReportShare? {
        guard let first = LocalDate(parsing: row[3]), let last = LocalDate(parsing: row[4]) else { return nil }
        return ReportShare(id: row[0], accountID: row[1], diaryID: row[2], first: first, last: last, createdAt: row[5], expiresAt: row[6])
    }
}

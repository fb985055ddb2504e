import FoodDiaryStorage
import Foundation
import GRDB

/// How long a sign-in lasts: it ends after `idle` without a request, and at `absolute` after it
/// began whatever happens.
public struct SessionLifetime: Sendable, Equatable {
    public var idle: TimeInterval
    public var absolute: TimeInterval

    public init(idleDays: Int = 30, absoluteDays: Int = 90) {
        idle = TimeInterval(idleDays) * 86_400
        absolute = TimeInterval(max(idleDays, absoluteDays)) * 86_400
    }

    /// Last-seen times are written at most this often, so a page view rarely writes.
    static let touchInterval: TimeInterval = 3_600
}

/// A session with its person.
struct ActiveSession: Sendable {
    let idSHA256: Data
    let account: Account
    let lastSeenAt: Date
    let expiresAt: Date

    func isLive(lifetime: SessionLifetime, now: Date) -> Bool {
        expiresAt > now && lastSeenAt.addingTimeInterval(lifetime.idle) > now
    }
}

extension AccountsDatabase {
    /// Starts a session and returns its id, the only copy outside this call.
    func createSession(accountID: Int64, lifetime: SessionLifetime, now: Date) async throws -> BearerSecret {
        let id = BearerSecret.make()
        let hash = id.sha256
        do {
            try await write { db in
                try SessionRow(
                    idSHA256: hash, accountID: accountID, createdAt: now, lastSeenAt: now,
                    expiresAt: now.addingTimeInterval(lifetime.absolute)
                ).insert(db)
                try SessionRow.filter(SessionRow.Columns.expiresAt <= now).deleteAll(db)
            }
        } catch  where DiskFull.caused(error) {
            guard let account = try await account(id: accountID) else { throw error }
            interimSessions.add(
                ActiveSession(idSHA256: hash, account: account, lastSeenAt: now, expiresAt: now.addingTimeInterval(lifetime.absolute)))
        }
        return id
    }

    /// The session `id` names, if it has not expired; `recent` spares the query for a session
    /// read moments ago.
    func session(id: String, lifetime: SessionLifetime, now: Date, recent: RecentSessions? = nil) async throws -> ActiveSession? {
        let hash = BearerSecret.sha256(of: id)
        let version = version.current
        if let session = recent?.session(hash, version: version, now: now) {
            return session.isLive(lifetime: lifetime, now: now) ? session : nil
        }
        let read = { @Sendable in
            try await readOneStatement { db -> ActiveSession? in
                let statement = try db.cachedStatement(
                    sql: """
                        SELECT s.last_seen_at, s.expires_at, \(Account.selection)
                        FROM session s JOIN account ON account.id = s.account_id WHERE s.id_sha256 = ?
                        """)
                guard let row = try Row.fetchOne(statement, arguments: [hash]) else { return nil }
                return ActiveSession(idSHA256: hash, account: Account(row: row, at: 2), lastSeenAt: row[0], expiresAt: row[1])
            }
        }
        let session =
            if let recent {
                try await recent.reads.value(for: .init(idSHA256: hash, version: version), read: read)
            } else {
                try await read()
            }
        guard let session = session ?? interimSessions.session(hash) else { return nil }
        recent?.remember(session, version: version, now: now)
        return session.isLive(lifetime: lifetime, now: now) ? session : nil
    }

    /// Notes that the session is in use; on a full disk the note is skipped, and reading goes on.
    func touchSession(_ session: ActiveSession, now: Date) async throws {
        try await DiskFull.bestEffort {
            try await write { db in
                _ = try SessionRow.filter(key: session.idSHA256).updateAll(db, SessionRow.Columns.lastSeenAt.set(to: now))
            }
        }
    }

    /// When the session began, the sign-in that made it; nil for one that is gone, or kept only
    /// in memory while the disk was full.
    func sessionStartedAt(idSHA256: Data) async throws -> Date? {
        try await read { db in try SessionRow.fetchOne(db, key: idSHA256)?.createdAt }
    }

    func endSession(idSHA256: Data) async throws {
        interimSessions.end(idSHA256)
        try await write { db in _ = try SessionRow.deleteOne(db, key: idSHA256) }
    }

    /// Ends every session of the account but `keeping` (the one asking, when it stays signed in).
    func endSessions(accountID: Int64, keeping: Data? = nil) async throws {
        interimSessions.endAll(accountID: accountID, keeping: keeping)
        try await write { db in
            var ending = SessionRow.filter(SessionRow.Columns.accountID == accountID)
            if let keeping { ending = ending.filter(SessionRow.Columns.idSHA256 != keeping) }
            try ending.deleteAll(db)
        }
    }

    func sessionCount(accountID: Int64) async throws -> Int {
        try await read { db in try SessionRow.filter(SessionRow.Columns.accountID == accountID).fetchCount(db) }
            + interimSessions.count(accountID: accountID)
    }
}

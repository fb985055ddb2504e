import FoodDiaryStorage
import Foundation
import GRDB

/// A personal access token as its settings page lists it; the token itself was shown once.
public struct AccessToken: Sendable, Equatable {
    public let id: Int64
    public let name: String
    public let createdAt: Date
    public let lastUsedAt: Date?
    /// False for a token that may only read.
    public let canWrite: Bool
}

/// Personal access tokens for scripts, and invitations for new members.
extension AccountsDatabase {
    static let tokenPrefix = "fdt_"
    static let inviteLifetime: TimeInterval = 7 * 86_400

    package func createToken(accountID: Int64, name: String, canWrite: Bool = true, now: Date) async throws -> BearerSecret {
        let token = BearerSecret.make(prefix: Self.tokenPrefix)
        let hash = token.sha256
        try await write { db in
            _ = try AccessTokenRow(accountID: accountID, name: name, tokenSHA256: hash, createdAt: now, canWrite: canWrite).inserted(db)
        }
        return token
    }

    func tokens(accountID: Int64) async throws -> [AccessToken] {
        try await read { db in
            try AccessTokenRow.filter(AccessTokenRow.Columns.accountID == accountID)
                .order(AccessTokenRow.Columns.createdAt.desc, AccessTokenRow.Columns.id.desc).fetchAll(db)
                .map { AccessToken(id: $0.id!, name: $0.name, createdAt: $0.createdAt, lastUsedAt: $0.lastUsedAt, canWrite: $0.canWrite) }
        }
    }

    /// Returns false when the account has no such token.
    func revokeToken(id: Int64, accountID: Int64) async throws -> Bool {
        try await write { db in
            try AccessTokenRow.filter(AccessTokenRow.Columns.id == id && AccessTokenRow.Columns.accountID == accountID).deleteAll(db) > 0
        }
    }

    /// Revokes every token of the account; returns how many there were.
    @discardableResult
    func revokeTokens(accountID: Int64) async throws -> Int {
        try await write { db in
            try AccessTokenRow.filter(AccessTokenRow.Columns.accountID == accountID).deleteAll(db)
        }
    }

    /// What an owner's reset does, all at once: the old password no longer signs in, every way in
    /// ends, and only the new invitation link returned lets the member in again.
    func resetSignIn(accountID: Int64, now: Date) async throws -> BearerSecret {
        interimSessions.endAll(accountID: accountID)
        let invite = BearerSecret.make()
        let hash = invite.sha256
        try await write { db in
            _ = try AccountRow.filter(key: accountID).updateAll(
                db,
                [
                    AccountRow.Columns.passwordHash.set(to: nil),
                    AccountRow.Columns.mustChangePassword.set(to: false)
                ])
            _ = try Self.endEveryWayIn(db, accountID: accountID)
            try InviteRow(tokenSHA256: hash, accountID: accountID, expiresAt: now.addingTimeInterval(Self.inviteLifetime)).insert(db)
        }
        return invite
    }

    /// The command line's reset: the new password is the only way in left.
    func resetPassword(accountID: Int64, passwordHash: String) async throws -> EndedWaysIn {
        interimSessions.endAll(accountID: accountID)
        return try await write { db in
            _ = try AccountRow.filter(key: accountID).updateAll(
                db,
                [
                    AccountRow.Columns.passwordHash.set(to: passwordHash),
                    AccountRow.Columns.mustChangePassword.set(to: false)
                ])
            try InviteRow.filter(InviteRow.Columns.accountID == accountID).deleteAll(db)
            return try Self.endEveryWayIn(db, accountID: accountID)
        }
    }

    /// What a reset ended, to say so.
    struct EndedWaysIn: Sendable {
        let sessions: Int
        let tokens: Int
        let passkeys: Int
        let providerLinks: Int
        let secondStep: Bool
    }

    /// A reset is for a person who cannot sign in or whose sign-in someone else has: a lost phone as
    /// much as a lost password, so every session and token ends, and the second step, the passkeys
    /// and the link to the household's provider go too.
    private static func endEveryWayIn(_ db: Database, accountID: Int64) throws -> EndedWaysIn {
        let secondStep = try SecondStepRow.fetchOne(db, key: accountID)?.confirmedAt != nil
        let sessions = try SessionRow.filter(SessionRow.Columns.accountID == accountID).deleteAll(db)
        let tokens = try AccessTokenRow.filter(AccessTokenRow.Columns.accountID == accountID).deleteAll(db)
        try removeSecondStep(db, accountID: accountID)
        let passkeys = try PasskeyRow.of(account: accountID).deleteAll(db)
        let links = try SingleSignOnLinkRow.filter(SingleSignOnLinkRow.Columns.accountID == accountID).deleteAll(db)
        return EndedWaysIn(sessions: sessions, tokens: tokens, passkeys: passkeys, providerLinks: links, secondStep: secondStep)
    }

    /// The token's id and person, for a request that presented `token`.
    func tokenHolder(_ token: String) async throws -> (tokenID: Int64, canWrite: Bool, account: Account, lastUsedAt: Date?)? {
        try await readOneStatement { db in
            let statement = try db.cachedStatement(
                sql: """
                    SELECT t.id, t.last_used_at, t.can_write, \(Account.selection)
                    FROM access_token t JOIN account ON account.id = t.account_id WHERE t.token_sha256 = ?
                    """)
            guard let row = try Row.fetchOne(statement, arguments: [BearerSecret.sha256(of: token)]) else { return nil }
            return (row[0], row[2], Account(row: row, at: 3), row[1])
        }
    }

    func touchToken(id: Int64, now: Date) async throws {
        try await DiskFull.bestEffort {
            try await write { db in _ = try AccessTokenRow.filter(key: id).updateAll(db, AccessTokenRow.Columns.lastUsedAt.set(to: now)) }
        }
    }

    /// A new invitation link's secret for the account, replacing any earlier one.
    func createInvite(accountID: Int64, now: Date) async throws -> BearerSecret {
        let invite = BearerSecret.make()
        let hash = invite.sha256
        try await write { db in
            try InviteRow(tokenSHA256: hash, accountID: accountID, expiresAt: now.addingTimeInterval(Self.inviteLifetime)).insert(db)
        }
        return invite
    }

    /// The invited account, while the invitation is valid.
    func invitedAccount(_ invite: String, now: Date) async throws -> Account? {
        try await read { db in try Self.invitedAccount(db, invite, now: now) }
    }

    static func invitedAccount(_ db: Database, _ invite: String, now: Date) throws -> Account? {
        try Account.fetchOne(
            db,
            sql: """
                SELECT \(Account.selection) FROM invite i JOIN account ON account.id = i.account_id
                WHERE i.token_sha256 = ? AND i.expires_at > ?
                """, arguments: [BearerSecret.sha256(of: invite), now])
    }
}

import Foundation
import GRDB

/// A person's link to the household's OpenID provider, as their account page shows it.
struct SingleSignOnLink: Sendable {
    let shownAs: String
    let linkedAt: Date
    let lastUsedAt: Date?
}

extension AccountsDatabase {
    /// The identity is linked to somebody else here already.
    struct LinkedElsewhere: Error {}

    func singleSignOnLink(accountID: Int64, issuer: String) async throws -> SingleSignOnLink? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT shown_as, linked_at, last_used_at FROM sso_link WHERE account_id = ? AND issuer = ?",
                             arguments: [accountID, issuer]).map { SingleSignOnLink(shownAs: $0[0], linkedAt: $0[1], lastUsedAt: $0[2]) }
        }
    }

    /// Everyone linked to the provider, for the People page.
    func linkedAccountIDs(issuer: String) async throws -> Set<Int64> {
        try await read { db in Set(try Int64.fetchAll(db, sql: "SELECT account_id FROM sso_link WHERE issuer = ?", arguments: [issuer])) }
    }

    /// The person the provider's (issuer, subject) is linked to, noting the link was used.
    func linkedAccount(issuer: String, subject: String, now: Date) async throws -> Account? {
        try await write { db in
            try db.execute(sql: "UPDATE sso_link SET last_used_at = ? WHERE issuer = ? AND subject = ?", arguments: [now, issuer, subject])
            return try Account.fetchOne(db, sql: """
                SELECT \(Account.selection) FROM sso_link l JOIN account ON account.id = l.account_id WHERE l.issuer = ? AND l.subject = ?
                """, arguments: [issuer, subject])
        }
    }

    /// Links the identity to the person, replacing their earlier link to the provider; throws
    /// `LinkedElsewhere` when it is somebody else's.
    func link(_ identity: OpenIDIdentity, to accountID: Int64, now: Date) async throws {
        try await write { db in try Self.link(db, identity, to: accountID, now: now) }
    }

    /// Takes up an invitation with the provider instead of a password: linked and the invitation
    /// gone in one transaction, or neither. Nil when the invitation is not valid any more.
    func takeUpInvitation(_ invite: String, with identity: OpenIDIdentity, now: Date) async throws -> Account? {
        try await write { db in
            guard let account = try Self.invitedAccount(db, invite, now: now) else { return nil }
            try Self.link(db, identity, to: account.id, now: now, signingIn: true)
            try InviteRow.filter(InviteRow.Columns.accountID == account.id).deleteAll(db)
            return account
        }
    }

    /// A new member the provider vouches for, linked: named by the first of `names` nobody here has
    /// (with a number after it if all are taken). Nil if the identity got linked meanwhile.
    func createLinkedMember(names: [String], identity: OpenIDIdentity, now: Date) async throws -> Account? {
        try await write { db in
            guard try Int.fetchOne(db, sql: "SELECT 1 FROM sso_link WHERE issuer = ? AND subject = ?", arguments: [identity.issuer, identity.subject]) == nil else {
                return nil
            }
            let bases = names.isEmpty ? ["Member"] : names
            let candidates = bases + (2...99).map { "\(bases[0].prefix(60)) \($0)" }
            guard let name = try candidates.first(where: { try AccountRow.filter(AccountRow.Columns.name == $0).isEmpty(db) }) else { throw NameTaken() }
            let id = try AccountRow(name: name, passwordHash: nil, role: .member, createdAt: now).inserted(db).id!
            try Self.link(db, identity, to: id, now: now, signingIn: true)
            return try Account.fetchOne(db, sql: "SELECT \(Account.selection) FROM account WHERE id = ?", arguments: [id])
        }
    }

    func unlink(accountID: Int64, issuer: String) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM sso_link WHERE account_id = ? AND issuer = ?", arguments: [accountID, issuer])
            return db.changesCount == 1
        }
    }

    /// `signingIn` when the link is made by signing in with it (an invitation, a new member), so
    /// it has been used; linking from the account page signs nobody in.
    private static func link(_ db: Database, _ identity: OpenIDIdentity, to accountID: Int64, now: Date, signingIn: Bool = false) throws {
        let holder = try Int64.fetchOne(db, sql: "SELECT account_id FROM sso_link WHERE issuer = ? AND subject = ?", arguments: [identity.issuer, identity.subject])
        if let holder, holder != accountID { throw LinkedElsewhere() }
        try db.execute(sql: "DELETE FROM sso_link WHERE account_id = ? AND issuer = ?", arguments: [accountID, identity.issuer])
        try db.execute(sql: "INSERT INTO sso_link (issuer, subject, account_id, shown_as, linked_at, last_used_at) VALUES (?, ?, ?, ?, ?, ?)",
                       arguments: [identity.issuer, identity.subject, accountID, identity.shownAs, now, signingIn ? now : nil])
    }
}

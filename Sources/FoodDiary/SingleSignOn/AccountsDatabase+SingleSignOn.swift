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
            try SingleSignOnLinkRow.of(account: accountID, issuer: issuer).fetchOne(db).map {
                SingleSignOnLink(shownAs: $0.shownAs, linkedAt: $0.linkedAt, lastUsedAt: $0.lastUsedAt)
            }
        }
    }

    /// Everyone linked to the provider, for the People page.
    func linkedAccountIDs(issuer: String) async throws -> Set<Int64> {
        try await read { db in
            Set(try SingleSignOnLinkRow.filter(SingleSignOnLinkRow.Columns.issuer == issuer).fetchAll(db).map(\.accountID))
        }
    }

    /// The person the provider's (issuer, subject) is linked to, noting the link was used.
    func linkedAccount(issuer: String, subject: String, now: Date) async throws -> Account? {
        try await write { db in
            try SingleSignOnLinkRow.of(issuer, subject).updateAll(db, SingleSignOnLinkRow.Columns.lastUsedAt.set(to: now))
            return try Account.fetchOne(
                db,
                sql: """
                    SELECT \(Account.selection) FROM sso_link l JOIN account ON account.id = l.account_id WHERE l.issuer = ?
                        AND l.subject = ?
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
            guard try SingleSignOnLinkRow.of(identity.issuer, identity.subject).isEmpty(db) else { return nil }
            let bases = names.isEmpty ? ["Member"] : names
            let candidates = bases + (2...99).map { "\(bases[0].prefix(60)) \($0)" }
            guard let name = try candidates.first(where: { try AccountRow.filter(AccountRow.Columns.name == $0).isEmpty(db) }) else {
                throw NameTaken()
            }
            let id = try AccountRow(name: name, passwordHash: nil, role: .member, createdAt: now).inserted(db).id!
            try Self.link(db, identity, to: id, now: now, signingIn: true)
            return try Account.fetchOne(db, sql: "SELECT \(Account.selection) FROM account WHERE id = ?", arguments: [id])
        }
    }

    func unlink(accountID: Int64, issuer: String) async throws -> Bool {
        try await write { db in
            try SingleSignOnLinkRow.of(account: accountID, issuer: issuer).deleteAll(db) == 1
        }
    }

    /// `signingIn` when the link is made by signing in with it (an invitation, a new member), so
    /// it has been used; linking from the account page signs nobody in.
    private static func link(_ db: Database, _ identity: OpenIDIdentity, to accountID: Int64, now: Date, signingIn: Bool = false) throws {
        let holder = try SingleSignOnLinkRow.of(identity.issuer, identity.subject).fetchOne(db)?.accountID
        if let holder, holder != accountID { throw LinkedElsewhere() }
        try SingleSignOnLinkRow.of(account: accountID, issuer: identity.issuer).deleteAll(db)
        try SingleSignOnLinkRow(
            issuer: identity.issuer, subject: identity.subject, accountID: accountID, shownAs: identity.shownAs, linkedAt: now,
            lastUsedAt: signingIn ? now : nil
        ).insert(db)
    }
}

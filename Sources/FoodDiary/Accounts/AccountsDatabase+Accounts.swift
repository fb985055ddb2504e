import FoodDiaryStorage
import Foundation
import GRDB

/// Reads and writes of accounts. Names are unique without regard to case.
extension AccountsDatabase {
    /// A name another account already has.
    struct NameTaken: Error {}
    /// Removing or demoting this account would leave the server with no owner.
    struct LastOwner: Error {}

    public func accountCount() async throws -> Int {
        try await read { db in try AccountRow.fetchCount(db) }
    }

    public func accounts() async throws -> [Account] {
        try await read { db in
            try Account.fetchAll(db, sql: "SELECT \(Account.selection) FROM account ORDER BY role = 'member', name COLLATE NOCASE")
        }
    }

    public func account(id: Int64) async throws -> Account? {
        try await read { db in try Account.fetchOne(db, sql: "SELECT \(Account.selection) FROM account WHERE id = ?", arguments: [id]) }
    }

    public func account(named name: String) async throws -> Account? {
        try await read { db in try Account.fetchOne(db, sql: "SELECT \(Account.selection) FROM account WHERE name = ?", arguments: [name]) }
    }

    /// The account and its password hash, for checking a sign-in.
    func credentials(named name: String) async throws -> (account: Account, passwordHash: String?)? {
        try await read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT \(Account.selection), password_hash FROM account WHERE name = ?", arguments: [name])
            else { return nil }
            return (try Account(row: row), row["password_hash"])
        }
    }

    /// The language `accountID` reads in, by tag; nil to follow their browser's.
    func setLanguage(accountID: Int64, to code: String?) async throws {
        try await write { db in _ = try AccountRow.filter(key: accountID).updateAll(db, AccountRow.Columns.language.set(to: code)) }
    }

    func passwordHash(accountID: Int64) async throws -> String? {
        try await read { db in try AccountRow.fetchOne(db, key: accountID)?.passwordHash }
    }

    /// The first account, the owner's, only while there is none: two browsers finishing setup at
    /// once make one owner, the other gets nil.
    func createFirstOwner(name: String, passwordHash: String, now: Date) async throws -> Int64? {
        try await write { db in
            guard try AccountRow.fetchCount(db) == 0 else { return nil }
            return try AccountRow(name: name, passwordHash: passwordHash, role: .owner, createdAt: now).inserted(db).id
        }
    }

    /// A nil `passwordHash` leaves the account waiting for its invitation to be taken up.
    public func createAccount(
        name: String, passwordHash: String?, role: Account.Role, mustChangePassword: Bool = false,
        now: Date
    ) async throws -> Int64 {
        try await write { db in
            // The column compares without regard to case, so "sam" is taken by "Sam".
            guard try AccountRow.filter(AccountRow.Columns.name == name).isEmpty(db) else { throw NameTaken() }
            let row = try AccountRow(
                name: name, passwordHash: passwordHash, role: role, mustChangePassword: mustChangePassword, createdAt: now
            )
            .inserted(db)
            return row.id!
        }
    }

    /// Sets a password; `mustChangePassword` for one somebody else chose. Returns false for no such account.
    public func setPassword(accountID: Int64, passwordHash: String, mustChangePassword: Bool) async throws -> Bool {
        try await write { db in
            let changed = try AccountRow.filter(key: accountID).updateAll(
                db,
                [
                    AccountRow.Columns.passwordHash.set(to: passwordHash),
                    AccountRow.Columns.mustChangePassword.set(to: mustChangePassword)
                ])
            try InviteRow.filter(InviteRow.Columns.accountID == accountID).deleteAll(db)
            return changed > 0
        }
    }

    /// When the person last signed in, for the People page; skipped on a full disk, where signing in still works.
    func recordSignIn(accountID: Int64, now: Date) async throws {
        try await DiskFull.bestEffort {
            try await write { db in
                _ = try AccountRow.filter(key: accountID).updateAll(db, AccountRow.Columns.lastSignInAt.set(to: now))
            }
        }
    }

    /// Removes the account with its sessions, tokens and invitation; its diaries stay, nobody's.
    /// Returns false for no such account.
    public func removeAccount(id: Int64) async throws -> Bool {
        interimSessions.endAll(accountID: id)
        return try await write { db in
            guard let account = try AccountRow.fetchOne(db, key: id) else { return false }
            let otherOwners = try AccountRow.filter(AccountRow.Columns.role == Account.Role.owner.rawValue && AccountRow.Columns.id != id)
                .fetchCount(db)
            if account.role == .owner && otherOwners == 0 { throw LastOwner() }
            return try AccountRow.deleteOne(db, key: id)
        }
    }
}

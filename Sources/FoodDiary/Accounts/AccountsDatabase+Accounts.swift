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
        try await read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM account") ?? 0 }
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
            guard let row = try Row.fetchOne(db, sql: "SELECT \(Account.selection), password_hash FROM account WHERE name = ?", arguments: [name])
            else { return nil }
            return (try Account(row: row), row["password_hash"])
        }
    }

    func passwordHash(accountID: Int64) async throws -> String? {
        try await read { db in try String.fetchOne(db, sql: "SELECT password_hash FROM account WHERE id = ?", arguments: [accountID]) }
    }

    /// The first account, the owner's, only while there is none: two browsers finishing setup at
    /// once make one owner, the other gets nil.
    func createFirstOwner(name: String, passwordHash: String, now: Date) async throws -> Int64? {
        try await write { db in
            guard try Int.fetchOne(db, sql: "SELECT count(*) FROM account") == 0 else { return nil }
            try db.execute(sql: "INSERT INTO account (name, password_hash, role, created_at) VALUES (?, ?, 'owner', ?)",
                           arguments: [name, passwordHash, now])
            return db.lastInsertedRowID
        }
    }

    /// A nil `passwordHash` leaves the account waiting for its invitation to be taken up.
    public func createAccount(name: String, passwordHash: String?, role: Account.Role, mustChangePassword: Bool = false,
                              now: Date) async throws -> Int64 {
        try await write { db in
            guard try Int.fetchOne(db, sql: "SELECT 1 FROM account WHERE name = ?", arguments: [name]) == nil else { throw NameTaken() }
            try db.execute(sql: """
                INSERT INTO account (name, password_hash, role, must_change_password, created_at) VALUES (?, ?, ?, ?, ?)
                """, arguments: [name, passwordHash, role.rawValue, mustChangePassword, now])
            return db.lastInsertedRowID
        }
    }

    /// Sets a password; `mustChangePassword` for one somebody else chose. Returns false for no such account.
    public func setPassword(accountID: Int64, passwordHash: String, mustChangePassword: Bool) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "UPDATE account SET password_hash = ?, must_change_password = ? WHERE id = ?",
                           arguments: [passwordHash, mustChangePassword, accountID])
            try db.execute(sql: "DELETE FROM invite WHERE account_id = ?", arguments: [accountID])
            return db.changesCount > 0
        }
    }

    /// When the person last signed in, for the People page; skipped on a full disk, where signing in still works.
    func recordSignIn(accountID: Int64, now: Date) async throws {
        try await DiskFull.bestEffort {
            try await write { db in
                try db.execute(sql: "UPDATE account SET last_sign_in_at = ? WHERE id = ?", arguments: [now, accountID])
            }
        }
    }

    /// Removes the account with its sessions, tokens and invitation; its diaries stay, nobody's.
    /// Returns false for no such account.
    public func removeAccount(id: Int64) async throws -> Bool {
        interimSessions.endAll(accountID: id)
        return try await write { db in
            let owners = try Int.fetchOne(db, sql: "SELECT count(*) FROM account WHERE role = 'owner' AND id != ?", arguments: [id]) ?? 0
            guard let role = try String.fetchOne(db, sql: "SELECT role FROM account WHERE id = ?", arguments: [id]) else { return false }
            if role == Account.Role.owner.rawValue && owners == 0 { throw LastOwner() }
            try db.execute(sql: "DELETE FROM account WHERE id = ?", arguments: [id])
            return true
        }
    }
}

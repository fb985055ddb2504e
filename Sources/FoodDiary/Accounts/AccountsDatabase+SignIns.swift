import FoodDiaryStorage
import Foundation
import GRDB

/// How a person signed in: the account page lists them, so a sign-in nobody remembers shows.
enum SignInMethod: String, Sendable {
    case password
    case passwordAndCode = "password and code"
    case passwordAndRecoveryCode = "password and recovery code"
    case passkey
    case singleSignOn = "single sign-on"
    case invitation = "invitation (a new password)"
    case setup = "first-run setup"
}

/// One of a person's recent sign-ins.
struct SignInRecord: Sendable {
    let method: String
    let client: String
    let at: Date
}

extension AccountsDatabase {
    /// Enough to notice one that was not you; older ones go as new ones come.
    static let signInsKept = 10

    /// Kept when the disk has room: signing in must work on a full disk.
    func recordSignIn(accountID: Int64, method: SignInMethod, client: String, now: Date) async throws {
        try await DiskFull.bestEffort {
            try await write { db in
                try db.execute(
                    sql: "INSERT INTO sign_in (account_id, method, client, signed_in_at) VALUES (?, ?, ?, ?)",
                    arguments: [accountID, method.rawValue, String(client.prefix(64)), now])
                try db.execute(
                    sql: """
                        DELETE FROM sign_in WHERE account_id = ? AND id NOT IN
                            (SELECT id FROM sign_in WHERE account_id = ? ORDER BY signed_in_at DESC, id DESC LIMIT ?)
                        """, arguments: [accountID, accountID, Self.signInsKept])
            }
        }
    }

    func recentSignIns(accountID: Int64) async throws -> [SignInRecord] {
        try await read { db in
            try Row.fetchAll(
                db, sql: "SELECT method, client, signed_in_at FROM sign_in WHERE account_id = ? ORDER BY signed_in_at DESC, id DESC",
                arguments: [accountID]
            ).map { SignInRecord(method: $0[0], client: $0[1], at: $0[2]) }
        }
    }
}

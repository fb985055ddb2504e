import Foundation
import GRDB

/// A passkey as the account page lists it.
struct Passkey: Sendable {
    let id: Int64
    let name: String
    let createdAt: Date
    let lastUsedAt: Date?
}

/// What a sign-in with a passkey is checked against.
struct StoredPasskey: Sendable {
    let id: Int64
    let accountID: Int64
    let publicKeyCOSE: Data
    let signCount: UInt32
    let userHandle: Data?
}

extension AccountsDatabase {
    static let maxPasskeys = 20
    static let maxPasskeyNameLength = 60

    /// The person's user handle, made at their first passkey: 32 random bytes.
    func userHandle(accountID: Int64) async throws -> Data {
        try await write { db in
            if let handle = try Data.fetchOne(db, sql: "SELECT webauthn_user_handle FROM account WHERE id = ?", arguments: [accountID]) { return handle }
            var generator = SystemRandomNumberGenerator()
            let handle = Data((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
            try db.execute(sql: "UPDATE account SET webauthn_user_handle = ? WHERE id = ?", arguments: [handle, accountID])
            return handle
        }
    }

    func passkeys(accountID: Int64) async throws -> [Passkey] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT id, name, created_at, last_used_at FROM passkey WHERE account_id = ? ORDER BY created_at, id", arguments: [accountID])
                .map { Passkey(id: $0[0], name: $0[1], createdAt: $0[2], lastUsedAt: $0[3]) }
        }
    }

    func passkeyCredentialIDs(accountID: Int64) async throws -> [Data] {
        try await read { db in try Data.fetchAll(db, sql: "SELECT credential_id FROM passkey WHERE account_id = ?", arguments: [accountID]) }
    }

    /// False when the credential is kept already (by anyone) or the person has the most passkeys.
    func addPasskey(accountID: Int64, credential: WebAuthn.NewCredential, name: String, now: Date) async throws -> Bool {
        try await write { db in
            let held = try Int.fetchOne(db, sql: "SELECT count(*) FROM passkey WHERE account_id = ?", arguments: [accountID]) ?? 0
            guard held < Self.maxPasskeys else { return false }
            try db.execute(sql: """
                INSERT INTO passkey (account_id, credential_id, public_key_cose, sign_count, name, created_at) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (credential_id) DO NOTHING
                """, arguments: [accountID, credential.id, credential.publicKeyCOSE, Int64(credential.signCount), name, now])
            return db.changesCount == 1
        }
    }

    func storedPasskey(credentialID: Data) async throws -> StoredPasskey? {
        try await read { db in
            try Row.fetchOne(db, sql: """
                SELECT p.id, p.account_id, p.public_key_cose, p.sign_count, a.webauthn_user_handle
                FROM passkey p JOIN account a ON a.id = p.account_id WHERE p.credential_id = ?
                """, arguments: [credentialID])
                .map { StoredPasskey(id: $0[0], accountID: $0[1], publicKeyCOSE: $0[2], signCount: UInt32(clamping: $0[3] as Int64), userHandle: $0[4]) }
        }
    }

    /// Keeps the new counter only if it is still the one checked against: two sign-ins with one
    /// assertion cannot both pass.
    func usePasskey(id: Int64, from oldCount: UInt32, to newCount: UInt32, now: Date) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "UPDATE passkey SET sign_count = ?, last_used_at = ? WHERE id = ? AND sign_count = ?",
                           arguments: [Int64(newCount), now, id, Int64(oldCount)])
            return db.changesCount == 1
        }
    }

    func removePasskey(accountID: Int64, id: Int64) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM passkey WHERE id = ? AND account_id = ?", arguments: [id, accountID])
            return db.changesCount == 1
        }
    }
}

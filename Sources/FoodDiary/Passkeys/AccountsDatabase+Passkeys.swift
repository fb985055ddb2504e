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
            if let handle = try Data.fetchOne(db, sql: "SELECT webauthn_user_handle FROM account WHERE id = ?", arguments: [accountID]) {
                return handle
            }
            var generator = SystemRandomNumberGenerator()
            let handle = Data((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
            try db.execute(sql: "UPDATE account SET webauthn_user_handle = ? WHERE id = ?", arguments: [handle, accountID])
            return handle
        }
    }

    func passkeys(accountID: Int64) async throws -> [Passkey] {
        try await read { db in
            try PasskeyRow.of(account: accountID).order(PasskeyRow.Columns.createdAt, PasskeyRow.Columns.id).fetchAll(db).compactMap {
                row in row.id.map { Passkey(id: $0, name: row.name, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt) }
            }
        }
    }

    func passkeyCredentialIDs(accountID: Int64) async throws -> [Data] {
        try await read { db in try PasskeyRow.of(account: accountID).fetchAll(db).map(\.credentialID) }
    }

    /// False when the credential is kept already (by anyone) or the person has the most passkeys.
    func addPasskey(accountID: Int64, credential: WebAuthn.NewCredential, name: String, now: Date) async throws -> Bool {
        try await write { db in
            guard try PasskeyRow.of(account: accountID).fetchCount(db) < Self.maxPasskeys else { return false }
            // A credential kept already, by anyone, is not taken again (its column is unique).
            guard try PasskeyRow.filter(PasskeyRow.Columns.credentialID == credential.id).isEmpty(db) else { return false }
            var passkey = PasskeyRow(
                accountID: accountID, credentialID: credential.id, publicKeyCOSE: credential.publicKeyCOSE,
                signCount: Int64(credential.signCount), name: name, createdAt: now)
            try passkey.insert(db)
            return true
        }
    }

    func storedPasskey(credentialID: Data) async throws -> StoredPasskey? {
        try await read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT p.id, p.account_id, p.public_key_cose, p.sign_count, a.webauthn_user_handle
                    FROM passkey p JOIN account a ON a.id = p.account_id WHERE p.credential_id = ?
                    """, arguments: [credentialID]
            )
            .map {
                StoredPasskey(
                    id: $0[0], accountID: $0[1], publicKeyCOSE: $0[2], signCount: UInt32(clamping: $0[3] as Int64), userHandle: $0[4])
            }
        }
    }

    /// Keeps the new counter only if it is still the one checked against: two sign-ins with one
    /// assertion cannot both pass.
    func usePasskey(id: Int64, from oldCount: UInt32, to newCount: UInt32, now: Date) async throws -> Bool {
        try await write { db in
            try PasskeyRow.filter(PasskeyRow.Columns.id == id && PasskeyRow.Columns.signCount == Int64(oldCount)).updateAll(
                db, PasskeyRow.Columns.signCount.set(to: Int64(newCount)), PasskeyRow.Columns.lastUsedAt.set(to: now)) == 1
        }
    }

    func removePasskey(accountID: Int64, id: Int64) async throws -> Bool {
        try await write { db in
            try PasskeyRow.of(account: accountID).filter(PasskeyRow.Columns.id == id).deleteAll(db) == 1
        }
    }
}

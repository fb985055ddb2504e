@preconcurrency import Crypto
import Foundation
import GRDB

/// A person's second step as stored: the sealed key, whether it is on, the last step taken, and
/// how many recovery codes are left.
struct SecondStepState: Sendable {
    let sealedSecret: Data
    let confirmedAt: Date?
    let lastStep: Int64
    let recoveryCodesLeft: Int

    var isOn: Bool { confirmedAt != nil }
}

extension AccountsDatabase {
    func secondStep(accountID: Int64) async throws -> SecondStepState? {
        try await read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT secret_sealed, confirmed_at, last_step FROM second_step WHERE account_id = ?", arguments: [accountID]) else {
                return nil
            }
            let left = try Int.fetchOne(db, sql: "SELECT count(*) FROM recovery_code WHERE account_id = ? AND used_at IS NULL", arguments: [accountID]) ?? 0
            return SecondStepState(sealedSecret: row[0], confirmedAt: row[1], lastStep: row[2], recoveryCodesLeft: left)
        }
    }

    /// A new key to set up with, replacing one never confirmed; false when a second step is on.
    func beginSecondStep(accountID: Int64, sealedSecret: Data) async throws -> Bool {
        try await write { db in
            try db.execute(sql: """
                INSERT INTO second_step (account_id, secret_sealed) VALUES (?, ?)
                ON CONFLICT (account_id) DO UPDATE SET secret_sealed = excluded.secret_sealed, last_step = 0 WHERE confirmed_at IS NULL
                """, arguments: [accountID, sealedSecret])
            return db.changesCount == 1
        }
    }

    /// Turns the key being set up on, with the step its first code was for and the recovery
    /// codes' hashes; false if it was on already or gone.
    func confirmSecondStep(accountID: Int64, step: Int64, recoveryCodeHashes: [Data], now: Date) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "UPDATE second_step SET confirmed_at = ?, last_step = ? WHERE account_id = ? AND confirmed_at IS NULL",
                           arguments: [now, step, accountID])
            guard db.changesCount == 1 else { return false }
            try Self.replaceRecoveryCodes(db, accountID: accountID, hashes: recoveryCodeHashes)
            return true
        }
    }

    /// Takes a code's step if it is later than any taken before: two requests with the same code
    /// race here, and only one changes the row.
    func takeSecondStep(accountID: Int64, step: Int64) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "UPDATE second_step SET last_step = ? WHERE account_id = ? AND confirmed_at IS NOT NULL AND last_step < ?",
                           arguments: [step, accountID, step])
            return db.changesCount == 1
        }
    }

    /// Uses an unused recovery code, once.
    func useRecoveryCode(accountID: Int64, codeSHA256: Data, now: Date) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "UPDATE recovery_code SET used_at = ? WHERE account_id = ? AND code_sha256 = ? AND used_at IS NULL",
                           arguments: [now, accountID, codeSHA256])
            return db.changesCount == 1
        }
    }

    func replaceRecoveryCodes(accountID: Int64, hashes: [Data]) async throws {
        try await write { db in try Self.replaceRecoveryCodes(db, accountID: accountID, hashes: hashes) }
    }

    func removeSecondStep(accountID: Int64) async throws {
        try await write { db in try Self.removeSecondStep(db, accountID: accountID) }
    }

    static func removeSecondStep(_ db: Database, accountID: Int64) throws {
        try db.execute(sql: "DELETE FROM second_step WHERE account_id = ?", arguments: [accountID])
        try db.execute(sql: "DELETE FROM recovery_code WHERE account_id = ?", arguments: [accountID])
    }

    private static func replaceRecoveryCodes(_ db: Database, accountID: Int64, hashes: [Data]) throws {
        try db.execute(sql: "DELETE FROM recovery_code WHERE account_id = ?", arguments: [accountID])
        for hash in hashes {
            try db.execute(sql: "INSERT INTO recovery_code (account_id, code_sha256) VALUES (?, ?)", arguments: [accountID, hash])
        }
    }
}

/// The authenticator app's key sealed (AES-GCM) with a key derived from the server's secret.
struct SecondStepSeal: Sendable {
    private let key: SymmetricKey

    init(serverSecret: Data) {
        key = HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: serverSecret), info: Data("fooddiary second step".utf8), outputByteCount: 32)
    }

    func seal(_ secret: Data) throws -> Data {
        guard let combined = try AES.GCM.seal(secret, using: key).combined else { throw CryptoKitError.incorrectParameterSize }
        return combined
    }

    /// Nil when the server's secret changed since (a data directory moved without it): the person
    /// signs in with a recovery code, or the owner resets their sign-in.
    func open(_ sealed: Data) -> Data? {
        guard let box = try? AES.GCM.SealedBox(combined: sealed) else { return nil }
        return try? AES.GCM.open(box, using: key)
    }
}

/// Ten codes of 80 random bits each, shown once as `abcd-efgh-ijkl-mnop`, kept as their SHA-256.
enum RecoveryCodes {
    static let count = 10

    static func make() -> [String] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in
            let letters = (0..<16).map { _ in Base32.alphabet[Int.random(in: 0..<32, using: &generator)] }
            return stride(from: 0, to: 16, by: 4).map { String(letters[$0..<$0 + 4]).lowercased() }.joined(separator: "-")
        }
    }

    /// The same however it is typed: case, dashes and spaces aside.
    static func sha256(of typed: String) -> Data {
        let normalised = typed.uppercased().filter { $0 != "-" && !$0.isWhitespace }
        return Data(SHA256.hash(data: Data(normalised.utf8)))
    }

    static func looksLikeOne(_ typed: String) -> Bool {
        typed.filter { $0 != "-" && !$0.isWhitespace }.count == 16
    }
}

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
    let wrongCodes: Int

    var isOn: Bool { confirmedAt != nil }
    var isLocked: Bool { isOn && wrongCodes >= SecondStepLock.limit }
}

/// Wrong authenticator codes are counted per account, whatever address they come from: a guesser
/// who has the password and many addresses gets `limit` tries at the six digits (about 1 in 11,000
/// of hitting one of the three codes a 90-second window accepts), then none until the lock is
/// lifted: by the person from their account page (in with a recovery code, a passkey or the
/// provider), by the household's owner, or by `fooddiary user reset-password`. The person's own
/// right code forgives only a few slips, so a guesser's tries add up between their sign-ins.
enum SecondStepLock {
    static let limit = 30
    static let forgivenSlips = 5
}

extension AccountsDatabase {
    func secondStep(accountID: Int64) async throws -> SecondStepState? {
        try await read { db in
            guard let row = try SecondStepRow.fetchOne(db, key: accountID) else { return nil }
            let left = try RecoveryCodeRow.of(accountID).filter(RecoveryCodeRow.Columns.usedAt == nil).fetchCount(db)
            return SecondStepState(
                sealedSecret: row.secretSealed, confirmedAt: row.confirmedAt, lastStep: row.lastStep, recoveryCodesLeft: left,
                wrongCodes: row.wrongCodes)
        }
    }

    /// A new key to set up with, replacing one never confirmed; false when a second step is on.
    func beginSecondStep(accountID: Int64, sealedSecret: Data) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: """
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
            let confirmed = try SecondStepRow.of(accountID).filter(SecondStepRow.Columns.confirmedAt == nil)
                .updateAll(db, SecondStepRow.Columns.confirmedAt.set(to: now), SecondStepRow.Columns.lastStep.set(to: step))
            guard confirmed == 1 else { return false }
            try Self.replaceRecoveryCodes(db, accountID: accountID, hashes: recoveryCodeHashes)
            return true
        }
    }

    /// Takes a code's step if it is later than any taken before: two requests with the same code
    /// race here, and only one changes the row.
    func takeSecondStep(accountID: Int64, step: Int64) async throws -> Bool {
        try await write { db in
            try SecondStepRow.of(accountID)
                .filter(SecondStepRow.Columns.confirmedAt != nil && SecondStepRow.Columns.lastStep < step)
                .updateAll(db, SecondStepRow.Columns.lastStep.set(to: step)) == 1
        }
    }

    /// Counts a code about to be checked as wrong until it proves right, in the same statement that
    /// refuses past the limit: however many addresses send codes at once, at most
    /// `SecondStepLock.limit` are ever checked. False when the account is locked.
    func reserveCodeCheck(accountID: Int64) async throws -> Bool {
        try await write { db in
            try SecondStepRow.of(accountID).filter(SecondStepRow.Columns.wrongCodes < SecondStepLock.limit)
                .updateAll(db, SecondStepRow.Columns.wrongCodes += 1) == 1
        }
    }

    /// A right code: its reservation is given back, and the person's own few slips are forgiven;
    /// more are kept for them to see.
    func forgiveSlips(accountID: Int64) async throws {
        try await write { db in
            try db.execute(
                sql:
                    "UPDATE second_step SET wrong_codes = CASE WHEN wrong_codes - 1 <= ? THEN 0 ELSE wrong_codes - 1 END WHERE account_id = ?",
                arguments: [SecondStepLock.forgivenSlips, accountID])
        }
    }

    /// Lifts the lock (the person, the owner or a reset): wrong codes start again from none.
    func clearWrongCodes(accountID: Int64) async throws {
        try await write { db in _ = try SecondStepRow.of(accountID).updateAll(db, SecondStepRow.Columns.wrongCodes.set(to: 0)) }
    }

    /// Who cannot sign in with a code now, for the owner's People page.
    func lockedSecondSteps() async throws -> Set<Int64> {
        try await read { db in
            try SecondStepRow.filter(SecondStepRow.Columns.confirmedAt != nil && SecondStepRow.Columns.wrongCodes >= SecondStepLock.limit)
                .select(SecondStepRow.Columns.accountID, as: Int64.self).fetchSet(db)
        }
    }

    /// Uses an unused recovery code, once.
    func useRecoveryCode(accountID: Int64, codeSHA256: Data, now: Date) async throws -> Bool {
        try await write { db in
            try RecoveryCodeRow.of(accountID)
                .filter(RecoveryCodeRow.Columns.codeSHA256 == codeSHA256 && RecoveryCodeRow.Columns.usedAt == nil)
                .updateAll(db, RecoveryCodeRow.Columns.usedAt.set(to: now)) == 1
        }
    }

    func replaceRecoveryCodes(accountID: Int64, hashes: [Data]) async throws {
        try await write { db in try Self.replaceRecoveryCodes(db, accountID: accountID, hashes: hashes) }
    }

    func removeSecondStep(accountID: Int64) async throws {
        try await write { db in try Self.removeSecondStep(db, accountID: accountID) }
    }

    static func removeSecondStep(_ db: Database, accountID: Int64) throws {
        try SecondStepRow.of(accountID).deleteAll(db)
        try RecoveryCodeRow.of(accountID).deleteAll(db)
    }

    private static func replaceRecoveryCodes(_ db: Database, accountID: Int64, hashes: [Data]) throws {
        try RecoveryCodeRow.of(accountID).deleteAll(db)
        for hash in hashes { try RecoveryCodeRow(accountID: accountID, codeSHA256: hash).insert(db) }
    }
}

/// The authenticator app's key sealed (AES-GCM) with a key derived from the server's secret.
struct SecondStepSeal: Sendable {
    private let key: SymmetricKey

    init(serverSecret: Data) {
        key = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: serverSecret), info: Data("fooddiary second step".utf8), outputByteCount: 32)
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

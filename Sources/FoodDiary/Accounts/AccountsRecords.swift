import Foundation
import GRDB

// The rows of accounts.sqlite as records: a write, and a read of one table, goes through them.
// What a page reads of a person (`Account`) adds their open diary's name and is joined with a
// session or token on every request, so it keeps its SQL (`Account.selection`).

/// An account's row.
struct AccountRow: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "account"

    var id: Int64?
    var name: String
    /// Nil until an invited person picks a password.
    var passwordHash: String?
    var role: Account.Role
    var mustChangePassword = false
    var createdAt: Date
    var lastSignInAt: Date?
    var currentDiaryID: Int64?
    /// The tag of the language they chose to read in; nil follows their browser.
    var language: String?

    enum CodingKeys: String, CodingKey, ColumnExpression {
        case id, name, role, language
        case passwordHash = "password_hash", mustChangePassword = "must_change_password", createdAt = "created_at"
        case lastSignInAt = "last_sign_in_at", currentDiaryID = "current_diary_id"
    }

    typealias Columns = CodingKeys

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// A signed-in browser's row; the session id itself is only ever held by its browser.
struct SessionRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "session"

    var idSHA256: Data
    var accountID: Int64
    var createdAt: Date
    var lastSeenAt: Date
    var expiresAt: Date

    enum CodingKeys: String, CodingKey, ColumnExpression {
        case idSHA256 = "id_sha256", accountID = "account_id", createdAt = "created_at", lastSeenAt = "last_seen_at", expiresAt =
            "expires_at"
    }

    typealias Columns = CodingKeys
}

/// A personal access token's row, kept by its hash.
struct AccessTokenRow: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "access_token"

    var id: Int64?
    var accountID: Int64
    var name: String
    var tokenSHA256: Data
    var createdAt: Date
    var lastUsedAt: Date?
    var canWrite = true

    enum CodingKeys: String, CodingKey, ColumnExpression {
        case id, name
        case accountID = "account_id", tokenSHA256 = "token_sha256", createdAt = "created_at", lastUsedAt = "last_used_at", canWrite =
            "can_write"
    }

    typealias Columns = CodingKeys

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// An invitation's row: one per account, a new one replacing the last.
struct InviteRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "invite"
    static let persistenceConflictPolicy = PersistenceConflictPolicy(insert: .replace, update: .abort)

    var tokenSHA256: Data
    var accountID: Int64
    var expiresAt: Date

    enum CodingKeys: String, CodingKey, ColumnExpression {
        case tokenSHA256 = "token_sha256", accountID = "account_id", expiresAt = "expires_at"
    }

    typealias Columns = CodingKeys
}

/// A diary as it is made: its id comes from SQLite.
struct NewDiaryRow: Encodable, PersistableRecord {
    static let databaseTableName = "diary"

    var accountID: Int64?
    var name: String
    /// True for the diary an earlier version kept, which only an owner may take over.
    var fromUpgrade = false
    var createdAt: Date

    enum CodingKeys: String, CodingKey {
        case name, accountID = "account_id", fromUpgrade = "from_upgrade", createdAt = "created_at"
    }
}

/// A person's second step: the sealed key of their authenticator app and what it has taken.
struct SecondStepRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "second_step"

    var accountID: Int64
    var secretSealed: Data
    var confirmedAt: Date?
    var lastStep: Int64
    var wrongCodes: Int

    enum CodingKeys: String, CodingKey, ColumnExpression {
        case accountID = "account_id", secretSealed = "secret_sealed", confirmedAt = "confirmed_at", lastStep = "last_step"
        case wrongCodes = "wrong_codes"
    }

    typealias Columns = CodingKeys

    static func of(_ accountID: Int64) -> QueryInterfaceRequest<Self> { filter(Columns.accountID == accountID) }
}

/// A recovery code, kept as its hash; used once.
struct RecoveryCodeRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "recovery_code"

    var accountID: Int64
    var codeSHA256: Data
    var usedAt: Date?

    enum CodingKeys: String, CodingKey, ColumnExpression {
        case accountID = "account_id", codeSHA256 = "code_sha256", usedAt = "used_at"
    }

    typealias Columns = CodingKeys

    static func of(_ accountID: Int64) -> QueryInterfaceRequest<Self> { filter(Columns.accountID == accountID) }
}

/// A passkey's row: the credential the authenticator made, its public key and counter.
struct PasskeyRow: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "passkey"

    var id: Int64?
    var accountID: Int64
    var credentialID: Data
    var publicKeyCOSE: Data
    var signCount: Int64
    var name: String
    var createdAt: Date
    var lastUsedAt: Date?

    enum CodingKeys: String, CodingKey, ColumnExpression {
        case id, name
        case accountID = "account_id", credentialID = "credential_id", publicKeyCOSE = "public_key_cose", signCount = "sign_count"
        case createdAt = "created_at", lastUsedAt = "last_used_at"
    }

    typealias Columns = CodingKeys

    static func of(account accountID: Int64) -> QueryInterfaceRequest<Self> { filter(Columns.accountID == accountID) }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// The row linking the provider's (issuer, subject) to an account.
struct SingleSignOnLinkRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "sso_link"

    var issuer: String
    var subject: String
    var accountID: Int64
    /// How the provider showed them when linked (a user name or address), for the account page.
    var shownAs: String
    var linkedAt: Date
    var lastUsedAt: Date?

    enum CodingKeys: String, CodingKey, ColumnExpression {
        case issuer, subject
        case accountID = "account_id", shownAs = "shown_as", linkedAt = "linked_at", lastUsedAt = "last_used_at"
    }

    typealias Columns = CodingKeys

    /// The person's link to one provider (at most one: `sso_link_by_account`).
    static func of(account accountID: Int64, issuer: String) -> QueryInterfaceRequest<Self> {
        filter(Columns.accountID == accountID && Columns.issuer == issuer)
    }

    static func of(_ issuer: String, _ subject: String) -> QueryInterfaceRequest<Self> {
        filter(Columns.issuer == issuer && Columns.subject == subject)
    }
}

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

    enum CodingKeys: String, CodingKey, ColumnExpression {
        case id, name, role
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

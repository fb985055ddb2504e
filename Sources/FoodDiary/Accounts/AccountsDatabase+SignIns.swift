import FoodDiaryBase
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

    /// The raw value is what the history keeps; this is how the account page says it.
    var shownName: String {
        switch self {
        case .password: tr("password", context: "sign-in method")
        case .passwordAndCode: tr("password and code")
        case .passwordAndRecoveryCode: tr("password and recovery code")
        case .passkey: tr("passkey", context: "sign-in method")
        case .singleSignOn: tr("single sign-on")
        case .invitation: tr("invitation (a new password)")
        case .setup: tr("first-run setup")
        }
    }
}

/// One of a person's recent sign-ins.
struct SignInRecord: Sendable {
    let method: String
    let client: String
    let at: Date
}

/// A row of `sign_in`.
struct SignInRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "sign_in"

    var accountID: Int64
    var method: String
    var client: String
    var signedInAt: Date

    enum CodingKeys: String, CodingKey, ColumnExpression {
        case accountID = "account_id", method, client, signedInAt = "signed_in_at"
    }

    typealias Columns = CodingKeys

    /// The person's sign-ins, the latest first.
    static func latest(_ accountID: Int64) -> QueryInterfaceRequest<Self> {
        filter(Columns.accountID == accountID).order(Columns.signedInAt.desc, Column.rowID.desc)
    }
}

extension AccountsDatabase {
    /// Enough to notice one that was not you; older ones go as new ones come.
    static let signInsKept = 10

    /// Kept when the disk has room: signing in must work on a full disk.
    func recordSignIn(accountID: Int64, method: SignInMethod, client: String, now: Date) async throws {
        try await DiskFull.bestEffort {
            try await write { db in
                try SignInRow(accountID: accountID, method: method.rawValue, client: String(client.prefix(64)), signedInAt: now).insert(db)
                let kept = SignInRow.latest(accountID).limit(Self.signInsKept).select(Column.rowID)
                try SignInRow.filter(SignInRow.Columns.accountID == accountID && !kept.contains(Column.rowID)).deleteAll(db)
            }
        }
    }

    func recentSignIns(accountID: Int64) async throws -> [SignInRecord] {
        try await read { db in
            try SignInRow.latest(accountID).fetchAll(db).map { SignInRecord(method: $0.method, client: $0.client, at: $0.signedInAt) }
        }
    }
}

import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB

/// A diary as the accounts know it: whose it is and what it is called. Its meals are in its own file.
public struct DiaryRecord: Sendable, Equatable, FetchableRecord, TableRecord, Decodable {
    public static let databaseTableName = "diary"
    public static var databaseSelection: [any SQLSelectable] { [Columns.id, Columns.accountID, Columns.name, Columns.createdAt] }

    public let id: Int64
    public let accountID: Int64?
    public let name: String
    public let createdAt: Date

    public enum CodingKeys: String, CodingKey, ColumnExpression {
        case id, name, accountID = "account_id", createdAt = "created_at"
    }

    public typealias Columns = CodingKeys
    static let fromUpgrade = Column("from_upgrade")

    /// Nobody's, from the single-file diary of an earlier version: only an owner takes it over.
    static var waitingFromUpgrade: QueryInterfaceRequest<DiaryRecord> {
        DiaryRecord.filter(Columns.accountID == nil && fromUpgrade == true).order(Columns.id)
    }

    static func of(_ accountID: Int64) -> QueryInterfaceRequest<DiaryRecord> {
        DiaryRecord.filter(Columns.accountID == accountID).order(Columns.id)
    }
}

/// Which diaries each person has and which one they have open.
extension AccountsDatabase {
    /// In the language of the request that makes it; a name, kept as written, from then on.
    static var firstDiaryName: String { tr("My diary") }

    public func diaries(accountID: Int64) async throws -> [DiaryRecord] {
        try await read { db in
            try DiaryRecord.of(accountID).fetchAll(db)
        }
    }

    /// Every diary with its person's name ("nobody" for one no account has taken), for the command line.
    package func everyDiary() async throws -> [(id: Int64, name: String, owner: String)] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT d.id, d.name, a.name FROM diary d LEFT JOIN account a ON a.id = d.account_id ORDER BY d.id")
                .map { (id: $0[0], name: $0[1], owner: ($0[2] as String?) ?? "nobody") }
        }
    }

    /// The diary the single-file diary of an earlier version moves into, nobody's until an owner
    /// opens a page. A start interrupted half-way through the move finds the same one again
    /// (`isMoved` says whether its folder already holds a diary).
    package func upgradedDiary(isMoved: (Int64) -> Bool, now: Date) async throws -> Int64 {
        let waiting = try await read { db in
            try DiaryRecord.waitingFromUpgrade.fetchAll(db).map(\.id)
        }
        if let id = waiting.first(where: { !isMoved($0) }) { return id }
        let name = Self.firstDiaryName
        return try await write { db in
            try NewDiaryRow(accountID: nil, name: name, fromUpgrade: true, createdAt: now).insert(db)
            return db.lastInsertedRowID
        }
    }

    /// Whether the diary an earlier version kept is waiting for the first owner.
    package func hasDiaryFromAnEarlierVersion() async throws -> Bool {
        try await read { db in try !DiaryRecord.waitingFromUpgrade.isEmpty(db) }
    }

    /// The diary the account has open, choosing one the first time: an owner takes over the diary
    /// an earlier version kept, anyone else gets a new one. A removed person's diaries, also
    /// nobody's, are never handed to anyone.
    func openDiaryID(for account: Account, now: Date) async throws -> Int64 {
        if let id = account.currentDiaryID { return id }
        let name = Self.firstDiaryName
        return try await write { db in
            if let id = try AccountRow.fetchOne(db, key: account.id)?.currentDiaryID { return id }
            var id = try DiaryRecord.of(account.id).fetchOne(db)?.id
            if id == nil, account.role == .owner {
                id = try DiaryRecord.waitingFromUpgrade.fetchOne(db)?.id
                if let id { _ = try DiaryRecord.filter(key: id).updateAll(db, DiaryRecord.Columns.accountID.set(to: account.id)) }
            }
            if id == nil {
                try NewDiaryRow(accountID: account.id, name: name, createdAt: now).insert(db)
                id = db.lastInsertedRowID
            }
            _ = try AccountRow.filter(key: account.id).updateAll(db, AccountRow.Columns.currentDiaryID.set(to: id))
            return id!
        }
    }

    /// The diaries of everyone else on this server, with whose each is: where the household's
    /// shared foods live. A removed person's diaries, nobody's now, are not among them.
    func householdDiaries(besides accountID: Int64) async throws -> [(id: Int64, ownerName: String)] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT diary.id, account.name FROM diary JOIN account ON account.id = diary.account_id
                    WHERE account.id != ? ORDER BY account.name COLLATE NOCASE, diary.id
                    """, arguments: [accountID]
            ).map { ($0[0], $0[1]) }
        }
    }

    /// A person's last diary stays: every page needs one to show.
    struct LastDiary: Error {}

    public func createDiary(accountID: Int64, name: String, now: Date) async throws -> Int64 {
        try await write { db in
            try NewDiaryRow(accountID: accountID, name: name, createdAt: now).insert(db)
            return db.lastInsertedRowID
        }
    }

    /// The account's own diary with that id, or nil.
    public func diary(id: Int64, accountID: Int64) async throws -> DiaryRecord? {
        try await read { db in
            try DiaryRecord.of(accountID).filter(key: id).fetchOne(db)
        }
    }

    /// Returns false when the account has no such diary.
    public func renameDiary(id: Int64, accountID: Int64, to name: String) async throws -> Bool {
        try await write { db in
            try DiaryRecord.of(accountID).filter(key: id).updateAll(db, DiaryRecord.Columns.name.set(to: name)) > 0
        }
    }

    /// Returns false when the account has no such diary.
    public func openDiary(id: Int64, accountID: Int64) async throws -> Bool {
        try await write { db in
            guard try !DiaryRecord.of(accountID).filter(key: id).isEmpty(db) else { return false }
            _ = try AccountRow.filter(key: accountID).updateAll(db, AccountRow.Columns.currentDiaryID.set(to: id))
            return true
        }
    }

    /// Forgets the diary (its folder is the caller's to remove); a person's open diary moves to
    /// their oldest other one. Returns false when the account has no such diary.
    public func deleteDiary(id: Int64, accountID: Int64) async throws -> Bool {
        try await write { db in
            guard try !DiaryRecord.of(accountID).filter(key: id).isEmpty(db) else { return false }
            guard let other = try DiaryRecord.of(accountID).filter(DiaryRecord.Columns.id != id).fetchOne(db) else { throw LastDiary() }
            _ = try AccountRow.filter(AccountRow.Columns.id == accountID && AccountRow.Columns.currentDiaryID == id)
                .updateAll(db, AccountRow.Columns.currentDiaryID.set(to: other.id))
            return try DiaryRecord.deleteOne(db, key: id)
        }
    }
}

extension AccountsDatabase {
    /// In a backup's copy of the accounts, forgets diaries deleted while the backup ran, as
    /// `deleteDiary` did: an account whose open diary it was moves to its oldest other one.
    static func forgetDiaries(_ ids: [Int64], inCopyAt path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.inDatabase { db in // sync: own thread
            for id in ids {
                try db.execute(
                    sql: """
                        UPDATE account SET current_diary_id = (SELECT min(d.id) FROM diary d WHERE d.account_id = account.id AND d.id != ?)
                        WHERE current_diary_id = ?
                        """, arguments: [id, id])
                try DiaryRecord.deleteOne(db, key: id)
            }
        }
    }
}

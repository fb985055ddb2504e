import FoodDiaryStorage
import Foundation
import GRDB

/// A call an assistant made through `/mcp`, as the account page lists it.
struct AssistantCall: Sendable {
    let tokenName: String
    let summary: String
    let at: Date
    let undone: Bool
}

/// What an assistant's write added to a diary, kept so `undo_last` can take it back.
struct AssistantUndoable: Sendable {
    let summary: String
    /// The rows the write added, as the assistant wrote them down (JSON).
    let undo: Data
}

/// A row of `assistant_call`.
struct AssistantCallRow: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "assistant_call"

    var id: Int64?
    var accountID: Int64
    var tokenID: Int64?
    var tokenName: String
    var diaryID: Int64
    var tool: String
    var summary: String
    var undo: String?
    var undoneAt: Date?
    var calledAt: Date

    enum CodingKeys: String, CodingKey, ColumnExpression {
        case id, tool, summary, undo
        case accountID = "account_id", tokenID = "token_id", tokenName = "token_name", diaryID = "diary_id", undoneAt = "undone_at"
        case calledAt = "called_at"
    }

    typealias Columns = CodingKeys

    /// The person's calls, the latest first.
    static func latest(_ accountID: Int64) -> QueryInterfaceRequest<Self> {
        filter(Columns.accountID == accountID).order(Columns.id.desc)
    }
}

extension AccountsDatabase {
    /// Enough to see what an assistant did this week; older calls go as new ones come.
    static let assistantCallsKept = 200

    /// Kept when the disk has room, like the sign-ins: a full disk must not stop the diary being read.
    func recordAssistantCall(accountID: Int64, tokenID: Int64, diaryID: Int64, tool: String, summary: String, undo: Data?, now: Date)
        async throws
    {
        try await DiskFull.bestEffort {
            try await write { db in
                let tokenName =
                    try AccessTokenRow.filter(key: tokenID).select(AccessTokenRow.Columns.name, as: String.self).fetchOne(db)
                    ?? "a token since revoked"
                var call = AssistantCallRow(
                    accountID: accountID, tokenID: tokenID, tokenName: tokenName, diaryID: diaryID, tool: tool,
                    summary: String(summary.prefix(500)), undo: undo.map { String(decoding: $0, as: UTF8.self) }, calledAt: now)
                try call.insert(db)
                let kept = AssistantCallRow.latest(accountID).limit(Self.assistantCallsKept).select(AssistantCallRow.Columns.id)
                try AssistantCallRow.filter(AssistantCallRow.Columns.accountID == accountID && !kept.contains(AssistantCallRow.Columns.id))
                    .deleteAll(db)
            }
        }
    }

    func assistantCalls(accountID: Int64, limit: Int = 10) async throws -> [AssistantCall] {
        try await read { db in
            try AssistantCallRow.latest(accountID).limit(limit).fetchAll(db).map {
                AssistantCall(tokenName: $0.tokenName, summary: $0.summary, at: $0.calledAt, undone: $0.undoneAt != nil)
            }
        }
    }

    /// The token's latest write in the diary that can still be taken back, taken: once, however
    /// many undos arrive at once.
    func takeLastUndoable(accountID: Int64, tokenID: Int64, diaryID: Int64, now: Date) async throws -> AssistantUndoable? {
        try await write { db in
            typealias Columns = AssistantCallRow.Columns
            guard
                var call = try AssistantCallRow.latest(accountID)
                    .filter(Columns.tokenID == tokenID && Columns.diaryID == diaryID && Columns.undo != nil && Columns.undoneAt == nil)
                    .fetchOne(db),
                let undo = call.undo
            else { return nil }
            call.undoneAt = now
            try call.update(db, columns: [Columns.undoneAt])
            return AssistantUndoable(summary: call.summary, undo: Data(undo.utf8))
        }
    }
}

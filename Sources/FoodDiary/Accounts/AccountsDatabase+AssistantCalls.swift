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

extension AccountsDatabase {
    /// Enough to see what an assistant did this week; older calls go as new ones come.
    static let assistantCallsKept = 200

    /// Kept when the disk has room, like the sign-ins: a full disk must not stop the diary being read.
    func recordAssistantCall(accountID: Int64, tokenID: Int64, diaryID: Int64, tool: String, summary: String, undo: Data?, now: Date)
        async throws
    {
        try await DiskFull.bestEffort {
            try await write { db in
                try db.execute(
                    sql: """
                        INSERT INTO assistant_call (account_id, token_id, token_name, diary_id, tool, summary, undo, called_at)
                        VALUES (?, ?, COALESCE((SELECT name FROM access_token WHERE id = ?), 'a token since revoked'), ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        accountID, tokenID, tokenID, diaryID, tool, String(summary.prefix(500)),
                        undo.map { String(decoding: $0, as: UTF8.self) }, now
                    ])
                try db.execute(
                    sql: """
                        DELETE FROM assistant_call WHERE account_id = ? AND id NOT IN
                            (SELECT id FROM assistant_call WHERE account_id = ? ORDER BY id DESC LIMIT ?)
                        """, arguments: [accountID, accountID, Self.assistantCallsKept])
            }
        }
    }

    func assistantCalls(accountID: Int64, limit: Int = 10) async throws -> [AssistantCall] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT token_name, summary, called_at, undone_at IS NOT NULL FROM assistant_call
                    WHERE account_id = ? ORDER BY id DESC LIMIT ?
                    """, arguments: [accountID, limit]
            )
            .map { AssistantCall(tokenName: $0[0], summary: $0[1], at: $0[2], undone: $0[3]) }
        }
    }

    /// The token's latest write in the diary that can still be taken back, taken: once, however
    /// many undos arrive at once.
    func takeLastUndoable(accountID: Int64, tokenID: Int64, diaryID: Int64, now: Date) async throws -> AssistantUndoable? {
        try await write { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT id, summary, undo FROM assistant_call
                        WHERE account_id = ? AND token_id = ? AND diary_id = ? AND undo IS NOT NULL AND undone_at IS NULL
                            ORDER BY id DESC LIMIT 1
                        """, arguments: [accountID, tokenID, diaryID])
            else { return nil }
            try db.execute(sql: "UPDATE assistant_call SET undone_at = ? WHERE id = ?", arguments: [now, row[0] as Int64])
            return AssistantUndoable(summary: row[1], undo: Data((row[2] as String).utf8))
        }
    }
}

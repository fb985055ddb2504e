import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB

/// Someone who may sign in. The owner set the server up and manages the others.
public struct Account: Sendable, Equatable, FetchableRecord, Decodable {
    public enum Role: String, Sendable, Codable {
        case owner, member
    }

    public let id: Int64
    public let name: String
    public let role: Role
    public let mustChangePassword: Bool
    public let createdAt: Date
    public let lastSignInAt: Date?
    /// False while an invitation is still waiting to be taken up.
    public let hasPassword: Bool
    /// The diary their pages show; nil until their first request picks or makes one.
    public let currentDiaryID: Int64?
    public let currentDiaryName: String?
    /// The tag of the language they chose to read in; nil follows their browser.
    public let language: String?

    /// Read by position from `selection`'s columns starting at `start`: every request reads one.
    init(row: Row, at start: Int) {
        id = row[start]
        name = row[start + 1]
        role = Role(rawValue: row[start + 2]) ?? .member
        mustChangePassword = row[start + 3]
        createdAt = row[start + 4]
        lastSignInAt = row[start + 5]
        hasPassword = row[start + 6]
        currentDiaryID = row[start + 7]
        currentDiaryName = row[start + 8]
        language = row[start + 9]
    }

    /// Qualified, so it can be joined with sessions and tokens.
    static let selection = """
        account.id, account.name, account.role, account.must_change_password AS mustChangePassword,
        account.created_at AS createdAt, account.last_sign_in_at AS lastSignInAt,
        account.password_hash IS NOT NULL AS hasPassword, account.current_diary_id AS currentDiaryID,
        (SELECT name FROM diary WHERE diary.id = account.current_diary_id) AS currentDiaryName, account.language
        """
}

/// The rules for a name people sign in with: what they type, trimmed, 1–64 characters, no
/// control characters. Compared without regard to case.
enum AccountName {
    static func check(_ typed: String) -> Result<String, FieldProblem> {
        let name = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        if name.isEmpty { return .failure(FieldProblem(tr("Enter a name."))) }
        if name.count > 64 { return .failure(FieldProblem(tr("Use at most 64 characters."))) }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return .failure(FieldProblem(tr("Use letters, digits, spaces and punctuation only.")))
        }
        return .success(name)
    }
}

/// What is wrong with one form field, in words for the person who typed it.
struct FieldProblem: Error, Equatable, Sendable {
    let message: String
    init(_ message: String) { self.message = message }
}

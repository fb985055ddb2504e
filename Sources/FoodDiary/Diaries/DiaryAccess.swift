import Foundation

/// Who may reach which diary, decided here and nowhere else. Each diary is a file of its own in
/// the pool, which nothing else holds: a person's requests reach the diary they have open; the
/// household's shared foods are read from the others' diaries; a meal shared with someone goes
/// into the diary they have open. A removed person's diaries, nobody's now, are reached by none.
package struct DiaryAccess: Sendable {
    let accounts: AccountsDatabase
    private let pool: DiaryPool

    package init(accounts: AccountsDatabase, pool: DiaryPool) {
        self.accounts = accounts
        self.pool = pool
    }

    /// The person as of now, with the diary they have open. A first request picks the diary and
    /// reads the account again, so this very page already names it.
    func openDiary(of account: Account, now: Date) async throws -> (account: Account, diary: Diary) {
        let id = try await accounts.openDiaryID(for: account, now: now)
        let current = account.currentDiaryID == id ? account : try await accounts.account(id: account.id) ?? account
        return (current, try await pool.diary(id))
    }

    /// Each diary of everyone else, with whose it is: where what they share with the household lives.
    func othersDiaries(besides viewer: Account) async throws -> [(diary: Diary, ownerName: String)] {
        var found: [(diary: Diary, ownerName: String)] = []
        for (id, owner) in try await accounts.householdDiaries(besides: viewer.id) {
            found.append((try await pool.diary(id), owner))
        }
        return found
    }

    /// Diary `id` with whose it is, or nil unless it is someone else's: never one of the viewer's own.
    func othersDiary(_ id: Int64, besides viewer: Account) async throws -> (diary: Diary, ownerName: String)? {
        guard let owner = try await accounts.householdDiaries(besides: viewer.id).first(where: { $0.id == id })?.ownerName else {
            return nil
        }
        return (try await pool.diary(id), owner)
    }

    /// Diary `id` if it is one of the person's own; nil for anyone else's or none.
    func ownDiary(_ id: Int64, of account: Account) async throws -> Diary? {
        guard try await accounts.diaries(accountID: account.id).contains(where: { $0.id == id }) else { return nil }
        return try await pool.diary(id)
    }

    /// The diary a working report link shows; nil for a link unknown, expired or revoked, or whose
    /// diary is no longer its maker's.
    func sharedReport(secret: String, now: Date) async throws -> (share: ReportShare, diary: Diary)? {
        guard let share = try await accounts.reportShare(secret: secret, now: now) else { return nil }
        return (share, try await pool.diary(share.diaryID))
    }

    /// Where a meal shared with `recipient` goes: the diary they have open (chosen now if they have none yet).
    func deliveryDiary(for recipient: Account, now: Date) async throws -> Diary {
        try await pool.diary(try await accounts.openDiaryID(for: recipient, now: now))
    }

    /// Deletes one of the person's own diaries, its record first, then its files; false when they have no such diary.
    func deleteOwnDiary(_ id: Int64, of account: Account) async throws -> Bool {
        guard try await accounts.deleteDiary(id: id, accountID: account.id) else { return false }
        try await pool.remove(id)
        return true
    }

    /// The diaries open now, for the maintenance that runs over them and the health check.
    package var openDiaries: [Diary] { pool.openDiaries }
}

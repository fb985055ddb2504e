import Foundation
import GRDB

/// The foods and recipes the others of the household share, as one person sees them: read where
/// they live, in their owners' diaries, and only while marked shared, so an edit shows at once and
/// stopping sharing hides them at once. Nobody's own are among them, and none can be changed here.
struct HouseholdFoods: Sendable {
    let accounts: AccountsDatabase
    let diaries: DiaryPool

    /// Something shared, with where it lives and whose it is.
    struct Shared<Item: Sendable>: Sendable {
        let item: Item
        let diaryID: Int64
        let ownerName: String
    }

    func myFoods(for viewer: Account, matching query: String = "") async throws -> [Shared<MyFood>] {
        try await fromEveryDiary(for: viewer) { db in try MyFood.fetchAll(db, matching: query, sharedOnly: true) }
    }

    func recipes(for viewer: Account, matching query: String = "") async throws -> [Shared<Recipe>] {
        try await fromEveryDiary(for: viewer) { db in try Recipe.search(db, query: query, sharedOnly: true) }
    }

    /// Nil unless that diary is someone else's and shares that food.
    func myFood(diaryID: Int64, id: Int64, for viewer: Account) async throws -> Shared<MyFood>? {
        try await fromDiary(diaryID, for: viewer) { db in
            try MyFood.fetch(db, id: id).flatMap { $0.isSharedWithHousehold ? $0 : nil }
        }
    }

    /// Nil unless that diary is someone else's and shares that recipe.
    func recipe(diaryID: Int64, id: Int64, for viewer: Account) async throws -> Shared<Recipe>? {
        try await fromDiary(diaryID, for: viewer) { db in try Recipe.fetch(db, id: id, sharedOnly: true) }
    }

    /// The diary holding a shared item, for copying its photo.
    func diary(_ shared: Shared<some Sendable>) throws -> Diary { try diaries.diary(shared.diaryID) }

    private func fromEveryDiary<Item: Sendable>(for viewer: Account, _ read: @escaping @Sendable (Database) throws -> [Item]) async throws -> [Shared<Item>] {
        var found: [Shared<Item>] = []
        for (id, owner) in try accounts.householdDiaries(besides: viewer.id) {
            found += try await diaries.diary(id).database.read(read).map { Shared(item: $0, diaryID: id, ownerName: owner) }
        }
        return found
    }

    private func fromDiary<Item: Sendable>(_ diaryID: Int64, for viewer: Account, _ read: @escaping @Sendable (Database) throws -> Item?) async throws -> Shared<Item>? {
        guard let owner = try accounts.householdDiaries(besides: viewer.id).first(where: { $0.id == diaryID })?.ownerName,
              let item = try await diaries.diary(diaryID).database.read(read) else { return nil }
        return Shared(item: item, diaryID: diaryID, ownerName: owner)
    }
}

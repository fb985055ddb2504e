import FoodDiaryBase
import FoodDiaryStorage
import FoodDiaryWeb
import Foundation
import GRDB

/// The foods and recipes the others of the household share, as one person sees them: read where
/// they live, in their owners' diaries, and only while marked shared, so an edit shows at once and
/// stopping sharing hides them at once. Nobody's own are among them, and none can be changed here.
struct HouseholdFoods: Sendable {
    let diaries: DiaryAccess

    /// Something shared, with where it lives and whose it is.
    struct Shared<Item: Sendable>: Sendable {
        let item: Item
        /// Where it lives: its photo is copied from there.
        let diary: Diary
        let ownerName: String

        var diaryID: Int64 { diary.id }
    }

    /// One diary's shared foods and recipes, kept on the diary until its next write, so the
    /// others' pages read each diary once per change rather than on every visit.
    struct Shelf: Sendable {
        let foods: [MyFood]
        let recipes: [Recipe]
    }

    func myFoods(for viewer: Account, matching query: String = "") async throws -> [Shared<MyFood>] {
        try await myFoodsAndRecipes(for: viewer, matching: query).foods
    }

    func recipes(for viewer: Account, matching query: String = "") async throws -> [Shared<Recipe>] {
        try await myFoodsAndRecipes(for: viewer, matching: query).recipes
    }

    /// Both at once, from one listing of the others' diaries: what the add-food page shows. Each
    /// diary's shelf is kept until its next write, so matching what is not shown costs no read.
    func myFoodsAndRecipes(for viewer: Account, matching query: String) async throws -> (foods: [Shared<MyFood>], recipes: [Shared<Recipe>])
    {
        var foods: [Shared<MyFood>] = [], recipes: [Shared<Recipe>] = []
        for (diary, owner) in try await diaries.othersDiaries(besides: viewer) {
            let shelf = try await shelf(diary)
            foods += MyFood.matching(shelf.foods, query).map { Shared(item: $0, diary: diary, ownerName: owner) }
            recipes += Recipe.matching(shelf.recipes, query).map { Shared(item: $0, diary: diary, ownerName: owner) }
        }
        return (foods, recipes)
    }

    /// Nil unless that diary is someone else's and shares that food.
    func myFood(diaryID: Int64, id: Int64, for viewer: Account) async throws -> Shared<MyFood>? {
        try await fromDiary(diaryID, for: viewer) { $0.foods.first { $0.id == id } }
    }

    /// Nil unless that diary is someone else's and shares that recipe.
    func recipe(diaryID: Int64, id: Int64, for viewer: Account) async throws -> Shared<Recipe>? {
        try await fromDiary(diaryID, for: viewer) { $0.recipes.first { $0.id == id } }
    }

    private func fromDiary<Item: Sendable>(_ diaryID: Int64, for viewer: Account, _ pick: (Shelf) -> Item?) async throws -> Shared<Item>? {
        guard let (diary, owner) = try await diaries.othersDiary(diaryID, besides: viewer), let item = pick(try await shelf(diary)) else {
            return nil
        }
        return Shared(item: item, diary: diary, ownerName: owner)
    }

    private func shelf(_ diary: Diary) async throws -> Shelf {
        try await diary.kept(KeptSharedShelf.self, for: 0) { db in
            Shelf(foods: try MyFood.fetchAll(db, sharedOnly: true), recipes: try Recipe.search(db, sharedOnly: true))
        }
    }
}

extension HouseholdFoods {
    /// Nobody else shares what was named: its owner stopped sharing it, or it is not shared at all.
    struct NothingShared: Refusal, Equatable {
        var kind: RefusalKind { .missing }
        var message: String { tr("Nothing is shared at this address. Its owner may have stopped sharing it.") }
    }
}

/// What a diary shares with the household, which the others' pages read on every visit.
enum KeptSharedShelf: DiaryReadKind {
    typealias Key = Int
    typealias Value = HouseholdFoods.Shelf
}

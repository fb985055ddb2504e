import FoodDiaryStorage
import GRDB

/// A person's own foods, recipes and saved foods: what the search pages list as theirs beside the
/// catalog. All of them are kept per diary until its next write (`Diary.ownFoods`), so a search
/// matches them in memory instead of waiting for a read of its own while the catalog is searched.
struct OwnFoods: Sendable {
    var myFoods: [MyFood]
    var recipes: [Recipe]
    var saved: [SavedFood]

    static func read(_ db: Database) throws -> OwnFoods {
        OwnFoods(myFoods: try MyFood.fetchAll(db), recipes: try Recipe.search(db), saved: try EntryQueries.savedFoods(db))
    }

    /// Those that contain every word of `query`, as each kind is matched where it is read.
    func matching(_ query: String) -> OwnFoods {
        OwnFoods(
            myFoods: MyFood.matching(myFoods, query), recipes: Recipe.matching(recipes, query), saved: EntryQueries.matching(saved, query))
    }
}

/// The person's own foods, recipes and saved foods, which every search page lists first.
enum KeptOwnFoods: DiaryReadKind {
    typealias Key = Int
    typealias Value = OwnFoods
}

extension Diary {
    /// The person's own foods, recipes and saved foods that contain every word of `query`.
    func ownFoods(matching query: String) async throws -> OwnFoods {
        try await kept(KeptOwnFoods.self, for: 0) { db in try OwnFoods.read(db) }.matching(query)
    }
}

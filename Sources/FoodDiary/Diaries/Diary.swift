import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import FoodDiaryPhotos

/// One diary: its database, its photos, and what is kept of it between changes. Every request
/// that reads or writes meals works in the diary its person has open, handed over in the request
/// context, never in one a controller holds.
public final class Diary: Sendable {
    public let id: Int64
    public let database: AppDatabase
    package let photos: PhotoStore
    /// Today's totals for the strip every page shows, read once per change (or new day).
    let statusStrips = DiaryReadCache<LocalDate, StatusStripView>()
    /// The list page read last: page 1 is opened far more often than it changes.
    let listPages = DiaryReadCache<Int, MealListData?>()
    /// The day page read last, usually today's.
    let days = DiaryReadCache<LocalDate, DayQueries.Day>()
    /// What this diary shares with the household, which the others' pages read on every visit.
    let sharedWithHousehold = DiaryReadCache<Int, HouseholdFoods.Shelf>()
    /// The catalog foods this diary's person has logged, and how often, which their searches favour.
    let loggedFoods = DiaryReadCache<Int, [Int64: Int]>()

    /// The person's own foods, recipes and saved foods, which every search page lists first.
    let ownFoodsRead = DiaryReadCache<Int, OwnFoods>()

    /// The amount each catalog food was last logged in, which ＋ offers again: read beside a
    /// search, not after it.
    let lastAmounts = DiaryReadCache<Int, [Int64: ChosenAmount]>()

    /// The units the person reads (energy, amounts), which every request they send is answered in.
    let shownUnits = DiaryReadCache<Int, BodySettings>()

    /// The request's conventions, with the person's units.
    func conventions() async throws -> RequestConventions {
        let settings = try await shownUnits.value(for: 0, in: database) { db in try BodyQueries.settings(db) }
        return RequestConventions.current.with(energy: settings.energy, amounts: settings.units)
    }

    func lastCatalogAmounts() async throws -> [Int64: ChosenAmount] {
        try await lastAmounts.value(for: 0, in: database) { db in try LogQueries.lastAmounts(db) }
    }

    /// The person's own foods, recipes and saved foods that contain every word of `query`.
    func ownFoods(matching query: String) async throws -> OwnFoods {
        try await ownFoodsRead.value(for: 0, in: database) { db in try OwnFoods.read(db) }.matching(query)
    }

    func loggedCatalogFoods() async throws -> [Int64: Int] {
        try await loggedFoods.value(for: 0, in: database) { db in try EntryQueries.loggedCatalogFoods(db) }
    }

    init(id: Int64, database: AppDatabase, photosDirectory: String, maxPhotoPixels: Int) {
        self.id = id
        self.database = database
        photos = PhotoStore(root: photosDirectory, maxPixels: maxPhotoPixels,
                            isRecorded: { [database] in try await database.isPhotoRecorded(sha256: $0) })
    }
}

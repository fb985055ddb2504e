@preconcurrency import Crypto
import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB
import FoodDiaryPhotos

/// A meal as another person of the household logs it: the sharer's occasion with that person's
/// share of the foods.
struct SharedMealCopy: Sendable {
    let key: String
    let sharedBy: String
    let share: ServingShare
    let eatenAt: LocalDateTime
    let utcOffsetMinutes: Int
    let notes: String
    let location: Coordinates?
    let locationSource: LocationSource?
    let placeName: String?
    let photo: IngestedPhoto?
    let tags: [String]
    let portions: [SharedPortion]
}

/// Who a meal was shared with, or who shared it; see the `createMealShare` migration.
public struct MealShare: Sendable, Equatable {
    public enum Direction: String, Sendable {
        /// This meal's foods were shared out, and the person named had `share` of them.
        case with
        /// This meal is the person named's, shared into this diary; this diary's person had `share`.
        case from
    }

    public let direction: Direction
    public let personName: String
    public let share: ServingShare
    public let createdAt: Date
}

/// A row of `meal_share`.
struct MealShareRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "meal_share"

    var mealID: Int64
    var direction: String
    var personName: String
    var shareKey: String
    var servings: Double
    var totalServings: Double
    var createdAt: Date

    enum CodingKeys: String, CodingKey, ColumnExpression {
        case mealID = "meal_id", direction, personName = "person_name", shareKey = "share_key", servings
        case totalServings = "total_servings", createdAt = "created_at"
    }

    typealias Columns = CodingKeys

    static func keyed(_ key: String, _ direction: MealShare.Direction) -> QueryInterfaceRequest<Self> {
        filter(Columns.shareKey == key && Columns.direction == direction.rawValue)
    }

    var share: MealShare? {
        MealShare.Direction(rawValue: direction).map {
            MealShare(
                direction: $0, personName: personName, share: ServingShare(servings: servings, of: totalServings), createdAt: createdAt)
        }
    }
}

/// Writes of shared meals, each diary's part in one transaction of its own.
extension AppDatabase {
    /// Logs the copy, or finds the one an earlier send of the same share made; returns its meal id.
    func insertSharedCopy(_ copy: SharedMealCopy, now: Date) async throws -> Int64 {
        try await write { db in
            if let existing = try MealShareRow.keyed(copy.key, .from).select(MealShareRow.Columns.mealID, as: Int64.self).fetchOne(db) {
                return existing
            }
            if let photo = copy.photo { try Self.insertPhoto(db, photo, now: now) }
            var record = MealRecord(
                id: nil, eatenLocal: copy.eatenAt.description, utcOffsetMinutes: copy.utcOffsetMinutes,
                notes: copy.notes, photoSHA256: copy.photo?.sha256, createdAt: now, updatedAt: now)
            try record.insert(db)
            let id = record.id!
            if let point = copy.location {
                try Self.applyLocation(
                    db, mealID: id, choice: .point(point, source: copy.locationSource ?? .typed), geocodedName: nil,
                    placeName: copy.placeName, now: now)
            }
            try Self.applyTags(db, mealID: id, tags: copy.tags)
            for portion in copy.portions {
                _ = try Self.insertEntry(
                    db, mealID: id, food: portion.food, grams: portion.grams, label: portion.label,
                    nutrients: portion.nutrients, now: now)
            }
            try Self.insertShare(db, mealID: id, .from, person: copy.sharedBy, key: copy.key, share: copy.share, now: now)
            return id
        }
    }

    /// Scales the meal's foods down to `kept` and records who had the rest. Returns nil when the
    /// meal is gone, false when this share was recorded already (its foods are scaled once).
    /// Scales the sharer's meal to their share and records with whom it was shared, in one
    /// transaction that first checks the meal is still as the form saw it (`version`): a second
    /// share racing this one finds it changed and divides nothing again.
    func shareOut(
        mealID: Int64, version: String, key: String, kept: ServingShare, with people: [(name: String, share: ServingShare)],
        now: Date
    ) async throws -> ShareOutcome {
        try await write { db in
            guard let (source, shares) = try SharingQueries.mealFoodsAndShares(db, mealID: mealID) else { return .gone }
            guard try !SharingQueries.isRecorded(db, key: key) else { return .doneAlready }
            guard SharingQueries.version(of: source, shares: shares) == version else { return .stale }
            let entries = try FoodEntry.filter(FoodEntry.Columns.mealID == mealID).order(FoodEntry.Columns.id).fetchAll(db)
            for entry in entries {
                let portion = kept.portion(of: entry)
                try Self.updateEntry(
                    db, id: entry.id, grams: portion.grams, label: portion.label, nutrients: portion.nutrients, food: portion.food,
                    now: now)
            }
            for person in people {
                try Self.insertShare(db, mealID: mealID, .with, person: person.name, key: key, share: person.share, now: now)
            }
            _ = try touchMeal(db, id: mealID, now: now)
            return .done
        }
    }

    private static func insertShare(
        _ db: Database, mealID: Int64, _ direction: MealShare.Direction, person: String, key: String,
        share: ServingShare, now: Date
    ) throws {
        try MealShareRow(
            mealID: mealID, direction: direction.rawValue, personName: person, shareKey: key, servings: share.servings,
            totalServings: share.totalServings, createdAt: now
        ).insert(db)
    }
}

/// What became of a share.
enum ShareOutcome: Sendable, Equatable {
    case done
    /// This share (its key) was carried out before: a double tap or a retry.
    case doneAlready
    /// The meal changed since the form was opened, another share among the changes.
    case stale
    case gone
}

public enum SharingQueries {
    /// The meal's foods and shares as they are, digested: any food added, changed or shared out
    /// since a share form was opened changes it, even within one tick of the clock.
    static func version(of source: MealQueries.MealFoods, shares: [MealShare]) -> String {
        let state =
            source.entries.map { "\($0.id):\($0.grams ?? -1):\($0.nutrients[.energyKcal] ?? -1)" }.joined(separator: ",")
            + "|\(shares.count)|\(source.meal.updatedAt.timeIntervalSince1970)"
        return SHA256.hash(data: Data(state.utf8)).prefix(12).map { String(format: "%02x", $0) }.joined()
    }

    /// Whether a share with this key was carried out in this diary.
    static func isRecorded(_ db: Database, key: String) throws -> Bool {
        try !MealShareRow.keyed(key, .with).isEmpty(db)
    }

    /// A meal with its foods and its shares, for the pages that show both; nil when it is gone.
    static func mealFoodsAndShares(_ db: Database, mealID: Int64) throws -> (MealQueries.MealFoods, [MealShare])? {
        try MealQueries.mealFoods(db, mealID: mealID).map { ($0, try shares(db, mealID: mealID)) }
    }

    /// The meal's shares, oldest first.
    public static func shares(_ db: Database, mealID: Int64) throws -> [MealShare] {
        // Read by every meal's page: a statement compiled once (through the query interface the
        // page was 8 % slower, paired).
        try db.cachedRecords(MealShareRow.self, "SELECT * FROM meal_share WHERE meal_id = ? ORDER BY id", [mealID]).compactMap(\.share)
    }
}

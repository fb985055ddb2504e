import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB
import FoodDiaryPhotos

/// Writes to meals, each in one transaction.
extension AppDatabase {
    package func mealCount() async throws -> Int {
        try await read { db in try MealRecord.fetchCount(db) }
    }

    /// Creates the meal with its photo, place and tags in one transaction. `geocodedName` names a
    /// new place founded at the input's coordinates.
    package func createMeal(
        _ input: MealInput, photo: IngestedPhoto? = nil, geocodedName: String? = nil,
        now: Date
    ) async throws -> Int64 {
        try await write { db in try Self.insertMeal(db, input, photo: photo, geocodedName: geocodedName, now: now) }
    }

    static func insertMeal(_ db: Database, _ input: MealInput, photo: IngestedPhoto?, geocodedName: String?, now: Date) throws -> Int64 {
        if let photo { try insertPhoto(db, photo, now: now) }
        var record = MealRecord(
            id: nil, eatenLocal: input.eatenAt.description, utcOffsetMinutes: input.utcOffsetMinutes,
            notes: input.notes, photoSHA256: photo?.sha256, createdAt: now, updatedAt: now)
        try record.insert(db)
        try applyLocation(db, mealID: record.id!, choice: input.location, geocodedName: geocodedName, now: now)
        try applyTags(db, mealID: record.id!, tags: input.tags)
        return record.id!
    }

    /// Returns false when no meal has that id.
    func updateMeal(id: Int64, with input: MealInput, geocodedName: String? = nil, now: Date) async throws -> Bool {
        try await write { db in
            guard var record = try MealRecord.fetchOne(db, key: id) else { return false }
            record.eatenLocal = input.eatenAt.description
            record.utcOffsetMinutes = input.utcOffsetMinutes
            record.notes = input.notes
            record.updatedAt = now
            try record.update(db)
            try Self.applyLocation(db, mealID: id, choice: input.location, geocodedName: geocodedName, now: now)
            try Self.applyTags(db, mealID: id, tags: input.tags)
            return true
        }
    }

    /// Deletes the meal with its foods; returns nil when no meal has that id, else the photo
    /// that no meal shows any more, whose files can go.
    package func deleteMeal(id: Int64) async throws -> PhotoChange? {
        try await write { db in
            guard let record = try MealRecord.fetchOne(db, key: id) else { return nil }
            try record.delete(db)
            try db.execute(sql: "DELETE FROM tag WHERE id NOT IN (SELECT tag_id FROM meal_tag)")
            return PhotoChange(orphaned: try record.photoSHA256.flatMap { try Self.deleteIfUnused(db, sha256: $0) })
        }
    }
}

/// Read-only questions about meals; each runs in one read transaction and returns plain values.
public enum MealQueries {
    /// A meal with its foods in the order they were added, and their sums.
    public struct MealFoods: Sendable, Equatable {
        public let meal: Meal
        public let entries: [FoodEntry]
        public var totals: NutrientValues { NutrientValues.sum(entries.map(\.nutrients)) }
        /// `Meal.isItemised`, as the foods read with it say.
        public var isItemised: Bool { !entries.isEmpty }
        /// Nutrients some foods report and others do not: their totals are a lower bound.
        public var partiallyKnown: Set<NutrientKind> {
            Set(
                NutrientKind.allCases.filter { kind in
                    entries.contains { $0.nutrients[kind] != nil } && entries.contains { $0.nutrients[kind] == nil }
                })
        }
    }

    public static func mealFoods(_ db: Database, mealID: Int64) throws -> MealFoods? {
        guard let meal = try MealQueries.meal(db, id: mealID) else { return nil }
        return try mealFoods(db, meals: [meal]).first
    }

    /// Each meal with its foods, all read in one query.
    static func mealFoods(_ db: Database, meals: [Meal]) throws -> [MealFoods] {
        guard !meals.isEmpty else { return [] }
        let entries = Dictionary(
            grouping: try db.cachedRecords(
                FoodEntry.self,
                "SELECT \(FoodEntry.selectedColumns) FROM food_entry WHERE meal_id IN (SELECT value FROM json_each(?)) ORDER BY meal_id, id",
                [JSONList.ids(meals.map(\.id))]
            ), by: \.mealID)
        return meals.map { MealFoods(meal: $0, entries: entries[$0.id] ?? []) }
    }

    public struct ListPage: Sendable, Equatable {
        public let meals: [Meal]
        public let page: Int
        public let pageCount: Int
        public let totalCount: Int
    }

    public static let pageSize = 50

    /// Which meals a paged list shows.
    public enum Selection: Sendable, Equatable {
        case all
        case place(Int64)
        case tag(Int64)
        /// Meals with no foods yet.
        case toItemise
    }

    /// Meals newest first by the wall clock they were eaten at, `pageSize` to a page (pages count
    /// from 1); nil for a page past the last. The page is checked against the count before any
    /// arithmetic, so no number from an address can overflow the offset.
    public static func listPage(_ db: Database, page: Int, of selection: Selection = .all) throws -> ListPage? {
        // No WHERE at all for every meal: SQLite then counts the table without visiting each row.
        let (condition, arguments): (String, StatementArguments) =
            switch selection {
            case .all: ("", [])
            case .place(let id): ("WHERE place_id = ?", [id])
            case .tag(let id): ("WHERE id IN (SELECT meal_id FROM meal_tag WHERE tag_id = ?)", [id])
            case .toItemise: ("WHERE entry_count = 0", [])
            }
        let total = try db.cachedValue("SELECT count(*) FROM meal \(condition)", arguments) ?? 0
        let pageCount = max(1, (total + pageSize - 1) / pageSize)
        guard (1...pageCount).contains(page) else { return nil }
        let records = try db.cachedRecords(
            MealRecord.self,
            "SELECT \(MealRecord.selectedColumns) FROM meal \(condition) ORDER BY eaten_local DESC, id DESC LIMIT ? OFFSET ?",
            arguments + [pageSize, (page - 1) * pageSize])
        return ListPage(meals: try withTotals(db, records), page: page, pageCount: pageCount, totalCount: total)
    }

    public static func meal(_ db: Database, id: Int64) throws -> Meal? {
        try db.cachedRecords(MealRecord.self, "SELECT \(MealRecord.selectedColumns) FROM meal WHERE id = ?", [id]).first.map {
            try withTotals(db, [$0])[0]
        }
    }

    /// Meals eaten on the local days `from` through `to` inclusive, oldest first.
    public static func meals(_ db: Database, from: LocalDate?, through to: LocalDate?) throws -> [Meal] {
        try withTotals(db, try eaten(db, from: from, through: to, after: nil, limit: nil))
    }

    /// Up to `limit` of those meals, starting after `cursor`; `next` is where the following page
    /// starts, nil after the last.
    public static func mealsPage(
        _ db: Database, from: LocalDate?, through to: LocalDate?, after cursor: TimeCursor?,
        limit: Int
    ) throws -> (meals: [Meal], next: TimeCursor?) {
        let records = try eaten(db, from: from, through: to, after: cursor, limit: limit + 1)
        let page = Array(records.prefix(limit))
        let next =
            records.count > limit
            ? page.last.flatMap { record in
                LocalDateTime(parsing: record.eatenLocal).map { TimeCursor(at: $0, id: record.id!) }
            } : nil
        return (try withTotals(db, page), next)
    }

    private static func eaten(_ db: Database, from: LocalDate?, through to: LocalDate?, after cursor: TimeCursor?, limit: Int?) throws
        -> [MealRecord]
    {
        var conditions = ["1"]
        var arguments: StatementArguments = []
        if let from {
            conditions.append("eaten_local >= ?")
            arguments += [from.description]
        }
        if let to {
            conditions.append("eaten_local < ?")
            arguments += [to.next.description]
        }
        if let cursor {
            conditions.append("(eaten_local, id) > (?, ?)")
            arguments += [cursor.at.description, cursor.id]
        }
        arguments += [limit ?? -1]
        return try db.cachedRecords(
            MealRecord.self,
            "SELECT \(MealRecord.selectedColumns) FROM meal WHERE \(conditions.joined(separator: " AND ")) ORDER BY eaten_local, id LIMIT ?",
            arguments)
    }

    /// Attaches each meal's food count, energy, photo, place and tags, each in one query for the batch.
    static func withTotals(_ db: Database, _ records: [MealRecord]) throws -> [Meal] {
        let ids = records.compactMap(\.id)
        var totals: [Int64: (count: Int, kcal: Double)] = [:]
        if !ids.isEmpty {
            try db.forEachCachedRow(
                """
                SELECT meal_id, count(*), total(energy_kcal)
                FROM food_entry WHERE meal_id IN (SELECT value FROM json_each(?)) GROUP BY meal_id
                """, [JSONList.ids(ids)]
            ) { row in totals[row[0]] = (row[1], row[2]) }
        }
        let photos = try Photo.byHash(db, records.compactMap(\.photoSHA256))
        let placeIDs = Array(Set(records.compactMap(\.placeID)))
        var places: [Int64: PlaceSummary] = [:]
        if !placeIDs.isEmpty {
            try db.forEachCachedRow(
                "SELECT id, name FROM place WHERE id IN (SELECT value FROM json_each(?))",
                [JSONList.ids(placeIDs)]
            ) { row in places[row[0]] = PlaceSummary(id: row[0], name: row[1]) }
        }
        var tags: [Int64: [TagSummary]] = [:]
        if !ids.isEmpty {
            try db.forEachCachedRow(
                """
                SELECT mt.meal_id, t.id, t.name FROM meal_tag mt JOIN tag t ON t.id = mt.tag_id
                WHERE mt.meal_id IN (SELECT value FROM json_each(?)) ORDER BY mt.meal_id, mt.position
                """, [JSONList.ids(ids)]
            ) { row in tags[row[0], default: []].append(TagSummary(id: row[1], name: row[2])) }
        }
        var names: [Int64: [String]] = [:]
        if !ids.isEmpty {
            try db.forEachCachedRow(
                """
                SELECT meal_id, description FROM food_entry WHERE meal_id IN (SELECT value FROM json_each(?)) ORDER BY meal_id, id
                """, [JSONList.ids(ids)]
            ) { row in
                let mealID: Int64 = row[0]
                if names[mealID, default: []].count < Meal.firstFoodsShown { names[mealID, default: []].append(row[1]) }
            }
        }
        return try records.map { record in
            let total = record.id.flatMap { totals[$0] }
            return try Meal(
                record: record, foodCount: total?.count ?? 0, energyKcal: total?.kcal ?? 0,
                photo: record.photoSHA256.flatMap { photos[$0] }, place: record.placeID.flatMap { places[$0] },
                tags: record.id.flatMap { tags[$0] } ?? [], firstFoods: record.id.flatMap { names[$0] } ?? [])
        }
    }
}

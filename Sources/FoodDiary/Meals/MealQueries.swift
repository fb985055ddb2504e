import Foundation
import GRDB

/// Read-only questions about meals; each runs in one read transaction and returns plain values.
public enum MealQueries {
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
    }

    /// Meals newest first by the wall clock they were eaten at, `pageSize` to a page (pages count
    /// from 1); nil for a page past the last. The page is checked against the count before any
    /// arithmetic, so no number from an address can overflow the offset.
    public static func listPage(_ db: Database, page: Int, of selection: Selection = .all) throws -> ListPage? {
        let selected: QueryInterfaceRequest<MealRecord> = switch selection {
        case .all: MealRecord.all()
        case .place(let id): MealRecord.filter(sql: "place_id = ?", arguments: [id])
        case .tag(let id): MealRecord.filter(sql: "id IN (SELECT meal_id FROM meal_tag WHERE tag_id = ?)", arguments: [id])
        }
        let total = try selected.fetchCount(db)
        let pageCount = max(1, (total + pageSize - 1) / pageSize)
        guard (1...pageCount).contains(page) else { return nil }
        let records = try selected
            .order(MealRecord.Columns.eatenLocal.desc, MealRecord.Columns.id.desc)
            .limit(pageSize, offset: (page - 1) * pageSize)
            .fetchAll(db)
        return ListPage(meals: try withTotals(db, records), page: page, pageCount: pageCount, totalCount: total)
    }

    public static func meal(_ db: Database, id: Int64) throws -> Meal? {
        try MealRecord.fetchOne(db, key: id).map { try withTotals(db, [$0])[0] }
    }

    /// Where a walk through the meals, oldest first, stopped: the last meal given. Written in
    /// addresses as `2026-03-09T12:30_42`.
    public struct Cursor: Sendable, Equatable, CustomStringConvertible {
        public let eatenAt: LocalDateTime
        public let id: Int64

        public init(eatenAt: LocalDateTime, id: Int64) {
            self.eatenAt = eatenAt
            self.id = id
        }

        public init?(parsing text: String) {
            let parts = text.split(separator: "_", omittingEmptySubsequences: false)
            guard parts.count == 2, let eatenAt = LocalDateTime(parsing: String(parts[0])), let id = Int64(parts[1]), id > 0 else { return nil }
            self.init(eatenAt: eatenAt, id: id)
        }

        public var description: String { "\(eatenAt)_\(id)" }
    }

    /// Meals eaten on the local days `from` through `to` inclusive, oldest first.
    public static func meals(_ db: Database, from: LocalDate?, through to: LocalDate?) throws -> [Meal] {
        try withTotals(db, try eatenBetween(from, to).fetchAll(db))
    }

    /// Up to `limit` of those meals, starting after `cursor`; `next` is where the following page
    /// starts, nil after the last.
    public static func mealsPage(_ db: Database, from: LocalDate?, through to: LocalDate?, after cursor: Cursor?,
                                 limit: Int) throws -> (meals: [Meal], next: Cursor?) {
        var request = eatenBetween(from, to)
        if let cursor {
            request = request.filter(sql: "(eaten_local, id) > (?, ?)", arguments: [cursor.eatenAt.description, cursor.id])
        }
        let records = try request.limit(limit + 1).fetchAll(db)
        let page = Array(records.prefix(limit))
        let next = records.count > limit ? page.last.flatMap { record in
            LocalDateTime(parsing: record.eatenLocal).map { Cursor(eatenAt: $0, id: record.id!) }
        } : nil
        return (try withTotals(db, page), next)
    }

    private static func eatenBetween(_ from: LocalDate?, _ to: LocalDate?) -> QueryInterfaceRequest<MealRecord> {
        var request = MealRecord.order(MealRecord.Columns.eatenLocal, MealRecord.Columns.id)
        if let from {
            request = request.filter(MealRecord.Columns.eatenLocal >= from.description)
        }
        if let to {
            request = request.filter(MealRecord.Columns.eatenLocal < to.next.description)
        }
        return request
    }

    /// Attaches each meal's food count, energy, photo, place and tags, each in one query for the batch.
    static func withTotals(_ db: Database, _ records: [MealRecord]) throws -> [Meal] {
        let ids = records.compactMap(\.id)
        var totals: [Int64: (count: Int, kcal: Double)] = [:]
        if !ids.isEmpty {
            let rows = try Row.fetchAll(db, sql: """
                SELECT meal_id, count(*) AS food_count, total(energy_kcal) AS energy_kcal
                FROM food_entry WHERE meal_id IN (\(databaseQuestionMarks(count: ids.count))) GROUP BY meal_id
                """, arguments: StatementArguments(ids))
            for row in rows { totals[row["meal_id"]] = (row["food_count"], row["energy_kcal"]) }
        }
        let hashes = Array(Set(records.compactMap(\.photoSHA256)))
        var photos: [String: Photo] = [:]
        if !hashes.isEmpty {
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM photo WHERE sha256 IN (\(databaseQuestionMarks(count: hashes.count)))",
                                        arguments: StatementArguments(hashes))
            for row in rows { let photo = Photo(row: row); photos[photo.sha256] = photo }
        }
        let placeIDs = Array(Set(records.compactMap(\.placeID)))
        var places: [Int64: PlaceSummary] = [:]
        if !placeIDs.isEmpty {
            let rows = try Row.fetchAll(db, sql: "SELECT id, name FROM place WHERE id IN (\(databaseQuestionMarks(count: placeIDs.count)))",
                                        arguments: StatementArguments(placeIDs))
            for row in rows { places[row["id"]] = PlaceSummary(id: row["id"], name: row["name"]) }
        }
        var tags: [Int64: [TagSummary]] = [:]
        if !ids.isEmpty {
            let rows = try Row.fetchAll(db, sql: """
                SELECT mt.meal_id, t.id, t.name FROM meal_tag mt JOIN tag t ON t.id = mt.tag_id
                WHERE mt.meal_id IN (\(databaseQuestionMarks(count: ids.count))) ORDER BY mt.meal_id, mt.position
                """, arguments: StatementArguments(ids))
            for row in rows { tags[row["meal_id"], default: []].append(TagSummary(id: row["id"], name: row["name"])) }
        }
        return try records.map { record in
            let total = record.id.flatMap { totals[$0] }
            return try Meal(record: record, foodCount: total?.count ?? 0, energyKcal: total?.kcal ?? 0,
                            photo: record.photoSHA256.flatMap { photos[$0] }, place: record.placeID.flatMap { places[$0] },
                            tags: record.id.flatMap { tags[$0] } ?? [])
        }
    }
}

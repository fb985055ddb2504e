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

    /// Meals newest first by the wall clock they were eaten at, `pageSize` to a page (pages count from 1).
    public static func listPage(_ db: Database, page: Int) throws -> ListPage {
        let total = try MealRecord.fetchCount(db)
        let pageCount = max(1, (total + pageSize - 1) / pageSize)
        let records = try MealRecord
            .order(MealRecord.Columns.eatenLocal.desc, MealRecord.Columns.id.desc)
            .limit(pageSize, offset: (page - 1) * pageSize)
            .fetchAll(db)
        return ListPage(meals: try records.map(Meal.init(record:)), page: page, pageCount: pageCount, totalCount: total)
    }

    public static func meal(_ db: Database, id: Int64) throws -> Meal? {
        try MealRecord.fetchOne(db, key: id).map(Meal.init(record:))
    }

    /// Meals eaten on the local days `from` through `to` inclusive, oldest first.
    public static func meals(_ db: Database, from: LocalDate?, through to: LocalDate?) throws -> [Meal] {
        var request = MealRecord.order(MealRecord.Columns.eatenLocal, MealRecord.Columns.id)
        if let from {
            request = request.filter(MealRecord.Columns.eatenLocal >= from.description)
        }
        if let to {
            request = request.filter(MealRecord.Columns.eatenLocal < to.next.description)
        }
        return try request.fetchAll(db).map(Meal.init(record:))
    }
}

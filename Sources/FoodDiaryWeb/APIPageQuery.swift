import FoodDiaryBase
import Foundation
import Hummingbird

/// What a JSON list's address asks for: the days `from` through `to`, at most `limit` things,
/// starting after the cursor a previous page ended with. Every paged list reads it the same way.
package struct APIPageQuery: Sendable {
    package static let defaultLimit = 50
    package static let maxLimit = 500

    package let from: LocalDate?
    package let to: LocalDate?
    package let limit: Int
    package let after: TimeCursor?

    package init(_ query: FormFields) throws {
        from = try Self.date(query, "from")
        to = try Self.date(query, "to")
        if let from, let to, to < from {
            throw HTTPError(.badRequest, message: "`to` (\(to)) is before `from` (\(from)).")
        }
        limit =
            try query["limit"].map { text in
                guard let value = Int(text), (1...Self.maxLimit).contains(value) else {
                    throw HTTPError(.badRequest, message: "`limit` must be a whole number from 1 to \(Self.maxLimit).")
                }
                return value
            } ?? Self.defaultLimit
        after = try query["after"].map { text in
            guard let cursor = TimeCursor(parsing: text) else {
                throw HTTPError(.badRequest, message: "`after` must be the `nextAfter` of a previous page, like 2026-03-09T12:30_42.")
            }
            return cursor
        }
    }

    /// The address of the page after the one ending at `cursor`, on `path`.
    package func next(_ path: String, after cursor: TimeCursor?) -> String? {
        cursor.map { cursor in
            var parameters = [("limit", String(limit)), ("after", cursor.description)]
            if let from { parameters.append(("from", from.description)) }
            if let to { parameters.append(("to", to.description)) }
            return path + "?" + parameters.map { "\($0)=\($1)" }.joined(separator: "&")
        }
    }

    private static func date(_ query: FormFields, _ name: String) throws -> LocalDate? {
        guard let text = query[name], !text.isEmpty else { return nil }
        guard let date = LocalDate(parsing: text) else {
            throw HTTPError(.badRequest, message: "`\(name)` must be a date as YYYY-MM-DD, got “\(text.prefix(40))”.")
        }
        return date
    }
}

/// A page of a JSON list: its things under their own name (`meals`, `readings`), any fields that
/// describe them all, then `nextAfter` and `next`, both null on the last page.
package struct PagedJSON<Item: Encodable>: Encodable {
    let name: String
    let items: [Item]
    let fields: [(String, String)]
    let nextAfter: String?
    let next: String?

    package init(
        _ name: String, _ items: [Item], fields: [(String, String)] = [], page: APIPageQuery, path: String, next cursor: TimeCursor?
    ) {
        (self.name, self.items, self.fields) = (name, items, fields)
        nextAfter = cursor?.description
        next = page.next(path, after: cursor)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NutrientsJSON.DynamicKey.self)
        try container.encode(items, forKey: .init(name))
        for (key, value) in fields { try container.encode(value, forKey: .init(key)) }
        try container.encode(nextAfter, forKey: .init("nextAfter"))
        try container.encode(next, forKey: .init("next"))
    }
}

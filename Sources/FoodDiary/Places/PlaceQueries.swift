import Foundation
import GRDB

/// Read-only questions about places and tags.
public enum PlaceQueries {
    public struct PlaceRow: Sendable, Equatable {
        public let id: Int64
        public let name: String
        public let coordinates: Coordinates
        public let geocodedName: String?
        /// The first meal there, as the UTC instant it was eaten; nil when no meal is there any more.
        public let firstVisitedAt: Date?
        public let lastVisitedAt: Date?
        public let mealCount: Int
    }

    /// A meal's instant in UTC, from its wall clock and offset, as SQLite text. The index
    /// `meal_instant_by_place` is on this very expression, so it must not change.
    static let mealInstantSQL = "datetime(eaten_local || ':00', printf('%+d minutes', -utc_offset_minutes))"

    /// Every place, first visited first; places whose meals are all gone come last.
    public static func places(_ db: Database) throws -> [PlaceRow] {
        try db.cachedRows(placesSQL(where: "1") + " ORDER BY first_visited IS NULL, first_visited, p.id").compactMap(placeRow)
    }

    /// Each visit bound is one step down `meal_instant_by_place`, so the page costs little
    /// however many meals a place has.
    private static func placesSQL(where condition: String) -> String {
        """
        SELECT p.id, p.name, p.latitude, p.longitude, p.geocoded_name,
               (SELECT min(\(mealInstantSQL)) FROM meal WHERE place_id = p.id) AS first_visited,
               (SELECT max(\(mealInstantSQL)) FROM meal WHERE place_id = p.id) AS last_visited,
               (SELECT count(*) FROM meal WHERE place_id = p.id) AS meal_count
        FROM place p WHERE \(condition)
        """
    }

    /// Places for the meal form's picker: most recently visited first.
    public static func recentPlaces(_ db: Database) throws -> [PlaceRow] {
        try places(db).sorted { ($0.lastVisitedAt ?? .distantPast, $0.id) > ($1.lastVisitedAt ?? .distantPast, $1.id) }
    }

    public static func place(_ db: Database, id: Int64) throws -> PlaceRow? {
        try db.cachedRows(placesSQL(where: "p.id = ?"), [id]).first.flatMap(placeRow)
    }

    private static func placeRow(_ row: Row) -> PlaceRow? {
        guard let coordinates = Coordinates(latitude: row["latitude"], longitude: row["longitude"]) else { return nil }
        return PlaceRow(id: row["id"], name: row["name"], coordinates: coordinates, geocodedName: row["geocoded_name"],
                        firstVisitedAt: (row["first_visited"] as String?).flatMap(sqliteUTC),
                        lastVisitedAt: (row["last_visited"] as String?).flatMap(sqliteUTC), mealCount: row["meal_count"])
    }

    /// "2026-03-09 11:30:00" in UTC, as SQLite's datetime() writes it.
    static func sqliteUTC(_ text: String) -> Date? {
        try? Date(text.replacingOccurrences(of: " ", with: "T") + "Z", strategy: .iso8601)
    }

    public struct TagRow: Sendable, Equatable {
        public let id: Int64
        public let name: String
        public let mealCount: Int
    }

    /// Tags most used first (then alphabetically), leaving out colon tags;
    /// `matching` keeps those containing it, ignoring case.
    public static func tags(_ db: Database, matching search: String = "") throws -> [TagRow] {
        let rows = try Row.fetchAll(db, sql: """
            SELECT t.id, t.name, count(*) AS meal_count
            FROM tag t JOIN meal_tag mt ON mt.tag_id = t.id JOIN meal m ON m.id = mt.meal_id
            GROUP BY t.id
            ORDER BY meal_count DESC, t.name COLLATE NOCASE, t.id
            """)
        let needle = search.trimmingCharacters(in: .whitespaces).lowercased()
        return rows.map { TagRow(id: $0["id"], name: $0["name"], mealCount: $0["meal_count"]) }
            .filter { !TagList.isHidden($0.name) && (needle.isEmpty || $0.name.lowercased().contains(needle)) }
    }

    public static func tag(_ db: Database, id: Int64) throws -> TagRow? {
        guard let row = try Row.fetchOne(db, sql: "SELECT id, name FROM tag WHERE id = ?", arguments: [id]) else { return nil }
        let count = try Int.fetchOne(db, sql: """
            SELECT count(*) FROM meal_tag WHERE tag_id = ?
            """, arguments: [id]) ?? 0
        return TagRow(id: row["id"], name: row["name"], mealCount: count)
    }
}

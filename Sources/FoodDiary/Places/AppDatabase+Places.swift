import FoodDiaryStorage
import Foundation
import GRDB

/// Where meals happened and how they are tagged, written in the same transaction as the meal.
extension AppDatabase {
    /// A meal this close to a known place joins it rather than starting a new one.
    static let joinRadiusMeters = 100.0

    struct PlaceGone: Error {}

    /// Sets the meal's coordinates, source and place. A new point joins the nearest place within
    /// `joinRadiusMeters`, or founds a place named `placeName` (a shared meal keeps the sharer's
    /// name for it), else `geocodedName`, else its coordinates (far from towns).
    static func applyLocation(
        _ db: Database, mealID: Int64, choice: LocationChoice, geocodedName: String?, placeName: String? = nil,
        now: Date
    ) throws {
        var point: Coordinates?, source: LocationSource?, placeID: Int64?
        switch choice {
        case .none:
            break
        case .place(let id):
            guard let place = try PlaceRecord.fetchOne(db, key: id) else { throw PlaceGone() }
            point = place.coordinates
            source = .place
            placeID = id
        case .point(let coordinates, let pointSource):
            point = coordinates
            source = pointSource
            placeID = try nearestPlace(db, to: coordinates, within: joinRadiusMeters)
            if placeID == nil {
                var place = PlaceRecord(
                    name: placeName ?? geocodedName ?? coordinates.text, latitude: coordinates.latitude,
                    longitude: coordinates.longitude, geocodedName: geocodedName, createdAt: now)
                try place.insert(db)
                placeID = place.id
            }
        }
        try MealRecord.filter(key: mealID).updateAll(
            db, MealRecord.Columns.latitude.set(to: point?.latitude), MealRecord.Columns.longitude.set(to: point?.longitude),
            MealRecord.Columns.locationSource.set(to: source?.rawValue), MealRecord.Columns.placeID.set(to: placeID))
    }

    static func nearestPlace(_ db: Database, to point: Coordinates, within radius: Double) throws -> Int64? {
        // People have tens of places, not thousands: measuring each is instant and exact.
        var best: (id: Int64, distance: Double)?
        for place in try PlaceRecord.fetchAll(db) {
            guard let id = place.id, let coordinates = place.coordinates else { continue }
            let distance = point.distance(to: coordinates)
            if distance <= radius, distance < (best?.distance ?? .infinity) { best = (id, distance) }
        }
        return best?.id
    }

    /// Replaces the meal's tags, creating tags met for the first time; names match ignoring case.
    static func applyTags(_ db: Database, mealID: Int64, tags: [String]) throws {
        try MealTagRow.filter(MealTagRow.Columns.mealID == mealID).deleteAll(db)
        for (position, name) in tags.enumerated() {
            var tag = try TagRecord.filter(TagRecord.Columns.name == name).fetchOne(db) ?? TagRecord(name: name)
            if tag.id == nil { try tag.insert(db) }
            guard let tagID = tag.id else { continue }
            try MealTagRow(mealID: mealID, tagID: tagID, position: position).insert(db)
        }
        // A tag no meal uses any more is gone from every list; drop it so its spelling can change.
        try db.execute(sql: "DELETE FROM tag WHERE id NOT IN (SELECT tag_id FROM meal_tag)")
    }

    /// Renames a place. Returns false when there is no such place.
    package func renamePlace(id: Int64, to name: String) async throws -> Bool {
        try await write { db in
            try PlaceRecord.filter(key: id).updateAll(db, PlaceRecord.Columns.name.set(to: name)) > 0
        }
    }
}

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
        return PlaceRow(
            id: row["id"], name: row["name"], coordinates: coordinates, geocodedName: row["geocoded_name"],
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
        // Counting each tag through its index is a third of the cost of grouping every meal_tag row.
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT id, name, meal_count FROM (
                    SELECT t.id, t.name, (SELECT count(*) FROM meal_tag mt WHERE mt.tag_id = t.id) AS meal_count FROM tag t)
                WHERE meal_count > 0
                ORDER BY meal_count DESC, name COLLATE NOCASE, id
                """)
        let needle = search.trimmingCharacters(in: .whitespaces).lowercased()
        return rows.map { TagRow(id: $0["id"], name: $0["name"], mealCount: $0["meal_count"]) }
            .filter { !TagList.isHidden($0.name) && (needle.isEmpty || $0.name.lowercased().contains(needle)) }
    }

    public static func tag(_ db: Database, id: Int64) throws -> TagRow? {
        guard let tag = try TagRecord.fetchOne(db, key: id) else { return nil }
        return TagRow(id: id, name: tag.name, mealCount: try MealTagRow.filter(MealTagRow.Columns.tagID == id).fetchCount(db))
    }
}

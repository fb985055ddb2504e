import Foundation
import GRDB

/// Where meals happened and how they are tagged, written in the same transaction as the meal.
extension AppDatabase {
    /// A meal this close to a known place joins it rather than starting a new one.
    static let joinRadiusMeters = 100.0

    struct PlaceGone: Error {}

    /// Sets the meal's coordinates, source and place. A new point joins the nearest place within
    /// `joinRadiusMeters`, or founds a place named `geocodedName` (or its coordinates, far from towns).
    static func applyLocation(_ db: Database, mealID: Int64, choice: LocationChoice, geocodedName: String?, now: Date) throws {
        var point: Coordinates?, source: LocationSource?, placeID: Int64?
        switch choice {
        case .none:
            break
        case .place(let id):
            guard let row = try Row.fetchOne(db, sql: "SELECT latitude, longitude FROM place WHERE id = ?", arguments: [id]) else { throw PlaceGone() }
            point = Coordinates(latitude: row["latitude"], longitude: row["longitude"])
            source = .place
            placeID = id
        case .point(let coordinates, let pointSource):
            point = coordinates
            source = pointSource
            placeID = try nearestPlace(db, to: coordinates, within: joinRadiusMeters)
            if placeID == nil {
                try db.execute(sql: "INSERT INTO place (name, latitude, longitude, geocoded_name, created_at) VALUES (?, ?, ?, ?, ?)",
                               arguments: [geocodedName ?? coordinates.text, coordinates.latitude, coordinates.longitude, geocodedName, now])
                placeID = db.lastInsertedRowID
            }
        }
        try db.execute(sql: "UPDATE meal SET latitude = ?, longitude = ?, location_source = ?, place_id = ? WHERE id = ?",
                       arguments: [point?.latitude, point?.longitude, source?.rawValue, placeID, mealID])
    }

    static func nearestPlace(_ db: Database, to point: Coordinates, within radius: Double) throws -> Int64? {
        // People have tens of places, not thousands: measuring each is instant and exact.
        var best: (id: Int64, distance: Double)?
        for row in try Row.fetchAll(db, sql: "SELECT id, latitude, longitude FROM place") {
            guard let place = Coordinates(latitude: row["latitude"], longitude: row["longitude"]) else { continue }
            let distance = point.distance(to: place)
            if distance <= radius, distance < (best?.distance ?? .infinity) { best = (row["id"], distance) }
        }
        return best?.id
    }

    /// Replaces the meal's tags, creating tags met for the first time; names match ignoring case.
    static func applyTags(_ db: Database, mealID: Int64, tags: [String]) throws {
        try db.execute(sql: "DELETE FROM meal_tag WHERE meal_id = ?", arguments: [mealID])
        for (position, tag) in tags.enumerated() {
            try db.execute(sql: "INSERT INTO tag (name) VALUES (?) ON CONFLICT (name) DO NOTHING", arguments: [tag])
            try db.execute(sql: """
                INSERT INTO meal_tag (meal_id, tag_id, position) SELECT ?, id, ? FROM tag WHERE name = ?
                """, arguments: [mealID, position, tag])
        }
        // A tag no meal uses any more is gone from every list; drop it so its spelling can change.
        try db.execute(sql: "DELETE FROM tag WHERE id NOT IN (SELECT tag_id FROM meal_tag)")
    }

    /// Renames a place. Returns false when there is no such place.
    package func renamePlace(id: Int64, to name: String) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "UPDATE place SET name = ? WHERE id = ?", arguments: [name, id])
            return db.changesCount > 0
        }
    }
}

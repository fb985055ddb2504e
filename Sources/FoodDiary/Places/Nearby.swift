import FoodDiaryStorage
import Foundation
import GRDB

/// "Here": the same place, or one close enough that it was surely the same table, café or canteen
/// (GPS in a building wanders by tens of metres).
enum Nearby {
    static let radiusMeters = 150.0

    /// The places within 150 m of where a meal was, its own `place` included; nil when it says nowhere.
    /// Every meal with a location has a place (a new point founds one), so these places hold every
    /// meal eaten here, and their meals come from an index rather than a scan of every meal.
    static func placeIDs(_ db: Database, near location: Coordinates?, place: PlaceSummary?) throws -> [Int64]? {
        guard let point = location else { return nil }
        // People have tens of places, not thousands: measuring each is instant and exact.
        var ids = Set(place.map { [$0.id] } ?? [])
        try db.forEachCachedRow("SELECT id, latitude, longitude FROM place") { row in
            guard let place = Coordinates(latitude: row[1], longitude: row[2]), point.distance(to: place) <= radiusMeters else { return }
            ids.insert(row[0])
        }
        return ids.sorted()
    }
}

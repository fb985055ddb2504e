import Foundation
import GRDB

/// "Here": the same place, or a point close enough that it was surely the same table, café or
/// canteen (GPS in a building wanders by tens of metres).
struct Nearby: Sendable {
    static let radiusMeters = 150.0

    let placeID: Int64?
    let point: Coordinates

    /// A box around the point a little larger than the radius, for SQL to narrow by before the
    /// exact distance is measured.
    var box: (latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>) {
        let latitudeSpan = Self.radiusMeters / 111_000 * 1.1
        let longitudeSpan = latitudeSpan / max(cos(point.latitude * .pi / 180), 0.01)
        return ((point.latitude - latitudeSpan)...(point.latitude + latitudeSpan),
                (point.longitude - longitudeSpan)...(point.longitude + longitudeSpan))
    }

    /// The SQL condition "at the same place or inside the box", on a meal table aliased `alias`,
    /// with its arguments.
    func condition(_ alias: String) -> (sql: String, arguments: [any DatabaseValueConvertible]) {
        let box = self.box
        return ("(\(alias).place_id = ? OR (\(alias).latitude BETWEEN ? AND ? AND \(alias).longitude BETWEEN ? AND ?))",
                [placeID, box.latitudes.lowerBound, box.latitudes.upperBound, box.longitudes.lowerBound, box.longitudes.upperBound])
    }

    /// The exact test for a row the box let through.
    func contains(placeID other: Int64?, latitude: Double?, longitude: Double?) -> Bool {
        if let placeID, other == placeID { return true }
        guard let latitude, let longitude, let there = Coordinates(latitude: latitude, longitude: longitude) else { return false }
        return point.distance(to: there) <= Self.radiusMeters
    }

    init(placeID: Int64?, point: Coordinates) {
        self.placeID = placeID
        self.point = point
    }

    /// Where the meal was, if it says.
    init?(_ meal: Meal) {
        guard let point = meal.location else { return nil }
        self.init(placeID: meal.place?.id, point: point)
    }
}

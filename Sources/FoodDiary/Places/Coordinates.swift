import Foundation

/// A point on Earth in degrees (WGS 84), always within range.
public struct Coordinates: Sendable, Equatable, Hashable {
    public let latitude: Double
    public let longitude: Double

    public init?(latitude: Double, longitude: Double) {
        guard (-90...90).contains(latitude), (-180...180).contains(longitude), latitude.isFinite, longitude.isFinite else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }

    static let earthRadiusMeters = 6_371_008.8

    /// Great-circle distance in metres (haversine).
    public func distance(to other: Coordinates) -> Double {
        let φ1 = latitude * .pi / 180, φ2 = other.latitude * .pi / 180
        let Δφ = φ2 - φ1, Δλ = (other.longitude - longitude) * .pi / 180
        let a = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
        return 2 * Self.earthRadiusMeters * asin(min(1, sqrt(a)))
    }

    /// "51.50135, -0.14189": five decimals are about a metre.
    public var text: String { "\(Self.format(latitude)), \(Self.format(longitude))" }

    static func format(_ degrees: Double) -> String {
        degrees.formatted(.number.precision(.fractionLength(0...5)).grouping(.never))
    }

    /// The map page for this point, zoomed to street level.
    public var openStreetMapURL: String {
        "https://www.openstreetmap.org/?mlat=\(Self.format(latitude))&mlon=\(Self.format(longitude))#map=17/\(Self.format(latitude))/\(Self.format(longitude))"
    }

    /// A small embedded map centred on the point, with a marker.
    public var openStreetMapEmbedURL: String {
        let span = 0.004
        let box = [longitude - span, latitude - span / 2, longitude + span, latitude + span / 2].map(Self.format).joined(separator: "%2C")
        return
            "https://www.openstreetmap.org/export/embed.html?bbox=\(box)&layer=mapnik&marker=\(Self.format(latitude))%2C\(Self.format(longitude))"
    }

    /// Phones open their own map app for `geo:` links (RFC 5870).
    public var geoURI: String { "geo:\(Self.format(latitude)),\(Self.format(longitude))" }
}

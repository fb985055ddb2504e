import FoodDiary
import FoodDiaryStorage
import Foundation
import GRDB

/// Times reverse geocoding on the real GeoNames file: the banded search against measuring every
/// city, on the same random points in the same run.
public enum GeocodeBenchmark {
    public struct Figures: Sendable {
        public let cities: Int
        public let importSeconds: Double
        public let lookups: Int
        public let bandedP50Milliseconds: Double
        public let bandedP99Milliseconds: Double
        public let scans: Int
        public let scanP50Milliseconds: Double
        public let named: Int
        /// Points within about 20 km of a random town, where every lookup finds a name.
        public let nearTownP50Milliseconds: Double
        public let nearTownP99Milliseconds: Double
        public let nearTownScanP50Milliseconds: Double
    }

    public static func run(csv: String, scratch: String, lookups: Int, scans: Int) async throws -> Figures {
        let geonames = try GeoNamesDatabase.open(path: scratch + "/geonames.sqlite")
        let start = ContinuousClock.now
        let cities = try geonames.importCSV(at: csv)
        let importTime = ContinuousClock.now - start
        var random = SplitMix64(seed: 11)
        // Where people live: between 56° S and 70° N, any longitude.
        let points = (0..<lookups).map { _ in
            Coordinates(latitude: Double(random.next() % 126_000) / 1000 - 56, longitude: Double(random.next() % 360_000) / 1000 - 180)!
        }
        let seed = random.next()
        return try await geonames.writer.read { db in
            var random = SplitMix64(seed: seed)
            var nearTown: [Coordinates] = []
            for _ in 0..<lookups {
                let id = Int64(random.next() % UInt64(cities)) + 1
                guard let row = try Row.fetchOne(db, sql: "SELECT latitude, longitude FROM city WHERE id = ?", arguments: [id]) else {
                    continue
                }
                let latitudeJitter = (Double(random.next() % 400) - 200) / 1000,
                    longitudeJitter = (Double(random.next() % 400) - 200) / 1000
                if let point = Coordinates(
                    latitude: max(-90, min(90, (row["latitude"] as Double) + latitudeJitter)),
                    longitude: max(-180, min(180, (row["longitude"] as Double) + longitudeJitter)))
                {
                    nearTown.append(point)
                }
            }
            var near: [Double] = [], nearScanned: [Double] = []
            for point in nearTown { near.append(try milliseconds { _ = try GeoNamesDatabase.nearest(db, to: point) }) }
            for point in nearTown.prefix(scans) {
                nearScanned.append(try milliseconds { _ = try GeoNamesDatabase.nearestByScan(db, to: point) })
            }
            near.sort()
            nearScanned.sort()

            var banded: [Double] = [], scanned: [Double] = [], named = 0
            for point in points {
                banded.append(try milliseconds { if try GeoNamesDatabase.nearest(db, to: point) != nil { named += 1 } })
            }
            for point in points.prefix(scans) {
                scanned.append(try milliseconds { _ = try GeoNamesDatabase.nearestByScan(db, to: point) })
            }
            banded.sort()
            scanned.sort()
            return Figures(
                cities: cities, importSeconds: Double(importTime.components.seconds) + Double(importTime.components.attoseconds) / 1e18,
                lookups: banded.count, bandedP50Milliseconds: banded[banded.count / 2],
                bandedP99Milliseconds: banded[min(banded.count - 1, banded.count * 99 / 100)],
                scans: scanned.count, scanP50Milliseconds: scanned[scanned.count / 2], named: named,
                nearTownP50Milliseconds: near[near.count / 2], nearTownP99Milliseconds: near[min(near.count - 1, near.count * 99 / 100)],
                nearTownScanP50Milliseconds: nearScanned[nearScanned.count / 2])
        }
    }
}

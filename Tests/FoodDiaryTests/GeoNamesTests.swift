import Foundation
import GRDB
import Testing
@testable import FoodDiary
import FoodDiaryStorage
import FoodDiaryTools

@Suite struct GeoNamesTests {
    static func fixtureDatabase() throws -> (GeoNamesDatabase, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        try GeoNamesFixture.write(to: directory.path)
        let geonames = try GeoNamesDatabase.open(path: directory.path + "/geonames.sqlite")
        #expect(try geonames.importCSV(at: directory.path + "/rg_cities1000.csv") == 6)
        return (geonames, directory)
    }

    @Test func theNearestTownNamesAPoint() async throws {
        let (geonames, directory) = try Self.fixtureDatabase()
        defer { directory.remove() }
        let downtown = try await geonames.nearest(to: Coordinates(latitude: 43.6532, longitude: -79.3832)!)
        #expect(downtown?.label == "Toronto, Ontario, CA")
        #expect(downtown.map { abs($0.distanceMeters - 5_856) < 5 } == true, "\(downtown?.distanceMeters ?? -1) m")
        #expect(try await geonames.nearest(to: Coordinates(latitude: 43.59, longitude: -79.64)!)?.name == "Mississauga")
        #expect(
            try await geonames.nearest(to: Coordinates(latitude: 47.25, longitude: 8.85)!)?.name == "Rueti / Dorfzentrum, Suedl. Teil",
            "a quoted name with a comma is one field")
    }

    @Test func farFromAnyTownThereIsNoName() async throws {
        let (geonames, directory) = try Self.fixtureDatabase()
        defer { directory.remove() }
        #expect(try await geonames.nearest(to: Coordinates(latitude: 40, longitude: -40)!) == nil, "mid-Atlantic")
        #expect(
            try await geonames.nearest(to: Coordinates(latitude: 44.3, longitude: -79.4)!) == nil, "67 km north of Toronto is beyond 50 km")
    }

    @Test func theSearchCrossesTheAntimeridian() async throws {
        let (geonames, directory) = try Self.fixtureDatabase()
        defer { directory.remove() }
        #expect(try await geonames.nearest(to: Coordinates(latitude: -16.8, longitude: -179.999)!)?.name == "Westside")
        #expect(try await geonames.nearest(to: Coordinates(latitude: -16.8, longitude: 179.9995)!)?.name == "Eastside")
        // 179.9999 E is 1.1 km from Eastside and 1.2 km from Westside, across the line.
        let near = try await geonames.nearest(to: Coordinates(latitude: -16.8, longitude: -179.9999)!)
        #expect(near?.name == "Westside" && near.map { $0.distanceMeters < 1_200 } == true)
    }

    @Test func malformedRowsStopTheImportAndKeepTheOldData() throws {
        let (geonames, directory) = try Self.fixtureDatabase()
        defer { directory.remove() }
        try "lat,lon,name,admin1,admin2,cc\n91.5,0,Nowhere,,,XX\n".write(
            toFile: directory.path + "/bad.csv", atomically: true, encoding: .utf8)
        #expect(throws: (any Error).self) { try geonames.importCSV(at: directory.path + "/bad.csv") }
        #expect(try geonames.cityCount() == 6)
    }

    @Test func mapLinksPointAtTheMeal() {
        let point = Coordinates(latitude: 51.50135, longitude: -0.14189)!
        #expect(point.openStreetMapURL == "https://www.openstreetmap.org/?mlat=51.50135&mlon=-0.14189#map=17/51.50135/-0.14189")
        #expect(point.geoURI == "geo:51.50135,-0.14189")
        #expect(
            point.openStreetMapEmbedURL.hasPrefix(
                "https://www.openstreetmap.org/export/embed.html?bbox=-0.14589%2C51.49935%2C-0.13789%2C51.50335"))
        #expect(point.openStreetMapEmbedURL.hasSuffix("&layer=mapnik&marker=51.50135%2C-0.14189"))
        #expect(Coordinates(latitude: 90.0001, longitude: 0) == nil && Coordinates(latitude: 0, longitude: -180.5) == nil)
    }

    @Test func distancesAreGreatCircle() {
        let london = Coordinates(latitude: 51.5074, longitude: -0.1278)!, paris = Coordinates(latitude: 48.8566, longitude: 2.3522)!
        #expect(abs(london.distance(to: paris) - 343_500) < 1_500)
        #expect(london.distance(to: london) == 0)
    }
}

/// On the real GeoNames file, when scripts/fetch-data.sh has fetched it.
@Suite(.enabled(if: GeoNamesFixture.realIsPresent, "GeoNames not fetched: run scripts/fetch-data.sh"))
struct RealGeoNamesTests {
    static let database: Task<GeoNamesDatabase, any Error> = Task {
        let directory = try TemporaryDirectory.forTheRun()
        let geonames = try GeoNamesDatabase.open(path: directory.path + "/geonames.sqlite")
        try geonames.importCSV(at: GeoNamesFixture.realDirectory + "/rg_cities1000.csv")
        return geonames
    }

    @Test func knownCoordinatesGetTheirTowns() async throws {
        let geonames = try await Self.database.value
        #expect(try geonames.cityCount() == 144_563)
        #expect(try await geonames.nearest(to: Coordinates(latitude: 43.6532, longitude: -79.3832)!)?.label == "Toronto, Ontario, CA")
        let sydney = try await geonames.nearest(to: Coordinates(latitude: -33.8568, longitude: 151.2153)!)
        #expect(sydney?.countryCode == "AU" && sydney?.admin1 == "New South Wales")
        #expect(try await geonames.nearest(to: Coordinates(latitude: 0, longitude: -30)!) == nil, "the middle of the Atlantic")
    }

    /// The banded search gives exactly what measuring every city gives.
    @Test func bandedSearchAgreesWithAFullScan() async throws {
        let geonames = try await Self.database.value
        var random = SplitMix64(seed: 7)
        for _ in 0..<60 {
            let point = Coordinates(
                latitude: Double(random.next() % 140_000) / 1000 - 60, longitude: Double(random.next() % 360_000) / 1000 - 180)!
            let (banded, scanned) = try await geonames.writer.read { db in
                (try GeoNamesDatabase.nearest(db, to: point), try GeoNamesDatabase.nearestByScan(db, to: point))
            }
            #expect(banded == scanned, "\(point)")
        }
    }
}

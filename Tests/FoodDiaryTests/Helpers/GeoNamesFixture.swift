import Foundation

/// A few GeoNames rows in the real file's format (header, quoted fields with commas), written by the
/// tests, with a pair either side of the antimeridian.
enum GeoNamesFixture {
    static let csv = """
        lat,lon,name,admin1,admin2,cc
        43.70011,-79.4163,Toronto,Ontario,,CA
        43.5789,-79.6583,Mississauga,Ontario,,CA
        51.50853,-0.12574,London,England,Greater London,GB
        47.25368,8.85654,"Rueti / Dorfzentrum, Suedl. Teil",Zurich,Bezirk Hinwil,CH
        -16.80000,179.99000,Eastside,Northern,,FJ
        -16.80000,-179.99000,Westside,Northern,,FJ

        """

    static func write(to directory: String) throws {
        try csv.write(toFile: directory + "/rg_cities1000.csv", atomically: true, encoding: .utf8)
    }

    /// The real file fetched by scripts/fetch-data.sh, when present.
    static let realDirectory = TestEnvironment.packageRoot.appendingPathComponent(".cache/geonames").path
    static var realIsPresent: Bool { FileManager.default.fileExists(atPath: realDirectory + "/rg_cities1000.csv") }
}

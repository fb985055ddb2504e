import ArgumentParser
import FoodDiaryTools
import Foundation

struct BenchGeocode: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-geocode",
        abstract: "Import GeoNames into a scratch file, then time reverse geocoding against a scan of every city.")

    @Argument(help: "Folder holding rg_cities1000.csv.")
    var geonamesDirectory: String = ".cache/geonames"

    @Option(help: "How many random points to look up.")
    var lookups: Int = 5000

    @Option(help: "How many of them to also look up by scanning every city (slow).")
    var scans: Int = 50

    func run() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("fooddiary-bench-geo-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let figures = try await GeocodeBenchmark.run(
            csv: geonamesDirectory + "/rg_cities1000.csv", scratch: scratch, lookups: lookups, scans: scans)
        func ms(_ value: Double) -> String { value.formatted(.number.precision(.fractionLength(3))) }
        print("GeoNames import: \(figures.cities) cities in \(figures.importSeconds.formatted(.number.precision(.fractionLength(2)))) s")
        print("near towns (random town ±0.2°):")
        print("  banded lookup  p50 \(ms(figures.nearTownP50Milliseconds)) ms  p99 \(ms(figures.nearTownP99Milliseconds)) ms")
        print("  full scan      p50 \(ms(figures.nearTownScanP50Milliseconds)) ms")
        print("anywhere (random points, mostly sea):")
        print(
            "  banded lookup  p50 \(ms(figures.bandedP50Milliseconds)) ms  p99 \(ms(figures.bandedP99Milliseconds)) ms  (\(figures.lookups) random points, \(figures.named) within 50 km of a town)"
        )
        print("  full scan      p50 \(ms(figures.scanP50Milliseconds)) ms  (first \(figures.scans) of the same points)")
        print(
            "ratio scan / banded (p50): near towns \((figures.nearTownScanP50Milliseconds / figures.nearTownP50Milliseconds).formatted(.number.precision(.fractionLength(0))))×, anywhere \((figures.scanP50Milliseconds / figures.bandedP50Milliseconds).formatted(.number.precision(.fractionLength(0))))×"
        )
    }
}

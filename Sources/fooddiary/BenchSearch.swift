import ArgumentParser
import FoodDiary
import FoodDiaryCatalog
import FoodDiaryTools
import Foundation
import Logging

struct BenchSearch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-search",
        abstract: "Import the catalog into a scratch file, then time search against a LIKE scan on the same queries, at each size.")

    @Argument(help: "Directory holding the SR28 text files.")
    var sr28Directory: String = ".cache/sr28"

    @Option(help: "FoodData Central's generic and branded foods, imported after SR28 as `serve` does (an empty folder leaves them out).")
    var fdcDir: String = ".cache/fdc"

    @Option(help: "File of queries, one per line after a tab-separated judgement (the relevance set), replayed as typed.")
    var queries: String = "Tests/FoodDiaryTests/Fixtures/relevance.tsv"

    @Option(help: "File of the mixed set timed at scale: a kind, a tab, a query.")
    var mix: String = "Tests/FoodDiaryTests/Fixtures/scale-queries.tsv"

    @Option(help: "How many times to replay each set.")
    var rounds: Int = 5

    @Option(help: "Then grow the catalog to this many foods with synthetic branded variants and time it again (0 skips).")
    var synthetic: Int = 500_000

    @Option(
        help:
            "Time a copy of this imported catalog.sqlite (then grown, if asked) instead of importing one: a profile then sees searches, not the import."
    )
    var catalog: String?

    func run() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("fooddiary-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let path = scratch.appendingPathComponent("catalog.sqlite").path
        let typing = SearchBenchmark.typingMix(try Self.lines(queries).compactMap { $0.split(separator: "\t").first.map(String.init) })
        let mixed = try Self.lines(mix).compactMap { $0.split(separator: "\t").last.map(String.init) }
        if let imported = self.catalog {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: imported, toPath: path)
        }
        let catalog = try CatalogDatabase.open(path: path)
        if self.catalog == nil {
            let start = ContinuousClock.now
            try CatalogImporter(directory: sr28Directory, fdcDirectory: fdcDir).importInto(catalog)
            print("import: \(ContinuousClock.now - start), catalog.sqlite \(Self.megabytes(path)) MiB")
        }
        try await reportMixed(catalog, mixed, typing: typing)

        var quiet = Logger(label: "bench")
        quiet.logLevel = .error
        let importer = BrandedFoodsImport(catalog: catalog, directory: fdcDir, logger: quiet)
        if self.catalog == nil, importer.isNeeded() {
            let brandedStart = ContinuousClock.now
            let progress = try await importer.run()
            print(
                "\nbranded foods: \(progress.done) added in \(ContinuousClock.now - brandedStart), catalog.sqlite \(Self.megabytes(path)) MiB, "
                    + "peak RSS of this process so far \(Self.peakResidentMegabytes()) MiB")
            try await reportMixed(catalog, mixed, typing: typing)
        }
        guard synthetic > 0 else { return }
        let growStart = ContinuousClock.now
        let added = try SyntheticCatalog.grow(catalog, to: synthetic)
        print("\nsynthetic: added \(added) branded variants in \(ContinuousClock.now - growStart)")
        try await reportMixed(catalog, mixed, typing: typing)
    }

    /// The relevance set as typed (every prefix), then the mixed set, then the mixed set with Branded chosen.
    private func reportMixed(_ catalog: CatalogDatabase, _ mixed: [String], typing: [String]) async throws {
        let foods = try await catalog.foodCount()
        report(
            "\(foods) foods, the relevance set as typed", try await SearchBenchmark.run(catalog, queries: typing, rounds: rounds),
            size: typing.count)
        report("\(foods) foods, the mixed set", try await SearchBenchmark.run(catalog, queries: mixed, rounds: rounds), size: mixed.count)
        print("  where its time goes (separate rounds):")
        for phase in try await SearchBenchmark.phases(catalog, queries: mixed, rounds: rounds) {
            let share = (phase.totalShare * 100).formatted(.number.precision(.fractionLength(0)))
            print(
                "  \(phase.phase.padding(toLength: 30, withPad: " ", startingAt: 0)) ran \(phase.ran)×  p50 \(Self.ms(phase.p50)) ms  p99 \(Self.ms(phase.p99)) ms  \(share) % of all"
            )
        }
        report(
            "\(foods) foods, the mixed set with Branded chosen",
            try await SearchBenchmark.run(catalog, queries: mixed, scope: .branded, rounds: rounds), size: mixed.count)
    }

    static func lines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
    }

    static func megabytes(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / 1_048_576
    }

    static func peakResidentMegabytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss / 1024
    }

    static func ms(_ value: Double) -> String { value.formatted(.number.precision(.fractionLength(3))) }

    private func report(_ title: String, _ figures: SearchBenchmark.Figures, size: Int) {
        func ms(_ value: Double) -> String { value.formatted(.number.precision(.fractionLength(3))) }
        print("\n\(title): \(figures.queries) queries timed (\(size) distinct strings × \(rounds) rounds)")
        print("FTS5 search  p50 \(ms(figures.searchP50Milliseconds)) ms  p99 \(ms(figures.searchP99Milliseconds)) ms  (each a first time)")
        print("asked again  p50 \(ms(figures.againP50Milliseconds)) ms  p99 \(ms(figures.againP99Milliseconds)) ms")
        print("LIKE scan    p50 \(ms(figures.likeP50Milliseconds)) ms  p99 \(ms(figures.likeP99Milliseconds)) ms")
        print("slowest: " + figures.slowest.map { "\($0.query) \(ms($0.milliseconds)) ms" }.joined(separator: ", "))
        print(
            "ratio (LIKE / FTS5): p50 \(ms(figures.likeP50Milliseconds / figures.searchP50Milliseconds))×  p99 \(ms(figures.likeP99Milliseconds / figures.searchP99Milliseconds))×"
        )
    }
}

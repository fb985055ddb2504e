import ArgumentParser
import FoodDiaryTools
import Foundation

struct BenchHealthSending: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-health-sending",
        abstract: "Time a phone's largest sending read by its outline, against building the whole JSON first.")

    @Option(help: "How many readings the sending holds (230,000 is about 15 MB).")
    var points: Int = 230_000

    func run() throws {
        let figures = try HealthSendingBenchmark.run(points: points)
        func one(_ value: Double) -> String { value.formatted(.number.precision(.fractionLength(1))) }
        print("a sending of \(one(Double(figures.bytes) / 1_048_576)) MB, \(figures.readings) readings")
        print("  by its outline       \(one(figures.outlineMilliseconds)) ms, peak memory +\(one(figures.outlinePeakGrowthMB)) MB")
        print(
            "    of which the walk  \(one(figures.walkMilliseconds)) ms (each reading found and built; the rest is reading times and kinds)"
        )
        print(
            "  whole tree, then the same reading (before)  \(one(figures.wholeTreeMilliseconds)) ms, peak memory +\(one(figures.wholeTreePeakGrowthMB)) MB"
        )
        print(
            "ratio whole tree / outline: time \(one(figures.wholeTreeMilliseconds / figures.outlineMilliseconds))×, "
                + "peak memory \(one(figures.wholeTreePeakGrowthMB / max(figures.outlinePeakGrowthMB, 0.1)))×")
    }
}

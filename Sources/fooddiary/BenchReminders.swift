import ArgumentParser
import FoodDiaryTools
import Foundation

struct BenchReminders: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-reminders",
        abstract: "Time a person's weekly digest and one sealed push, against the Today page's query on the same diary.")

    @Option(help: "How many times each is timed.")
    var runs: Int = 200

    func run() async throws {
        let figures = try await ReminderBenchmark.run(runs: runs)
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let today = median(figures.todayMilliseconds), digest = median(figures.digestMilliseconds)
        let seal = median(figures.sealMilliseconds)
        print("a diary of 4 weeks, 4 meals a day of 3 foods, weighed daily; \(runs) runs each, medians")
        print(String(format: "Today's query (baseline)        %.3f ms", today))
        print(String(format: "the week's digest, read + words  %.3f ms  %.2f× the baseline", digest, digest / today))
        print(String(format: "one push sealed (RFC 8291 + VAPID) %.3f ms  %.2f× the baseline", seal, seal / today))
        print(
            String(
                format: "a Monday's digests for 100 people: %.0f ms of one core, before the push services' answers", 100 * (digest + seal)))
        print("the digest read:\n  " + figures.digestLines.joined(separator: "\n  "))
    }
}

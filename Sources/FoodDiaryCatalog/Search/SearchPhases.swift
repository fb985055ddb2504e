import Foundation

/// Where a search's time goes, for `bench-search --phases`: each step of a search reports its
/// duration to the recorder bound for the search. Outside the benchmark none is bound, and a step
/// costs one task-local read.
package final class SearchPhases: @unchecked Sendable {
    @TaskLocal package static var recorder: SearchPhases?

    private let lock = NSLock()
    private var milliseconds: [String: [Double]] = [:]
    package private(set) var order: [String] = []

    package init() {}

    /// Runs `step`, reporting its duration under `phase` when a recorder is bound.
    package static func measure<Value>(_ phase: String, _ step: () throws -> Value) rethrows -> Value {
        guard let recorder else { return try step() }
        let start = ContinuousClock.now
        defer {
            let elapsed = ContinuousClock.now - start
            recorder.add(phase, Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
        }
        return try step()
    }

    private func add(_ phase: String, _ value: Double) {
        lock.withLock {
            if milliseconds[phase] == nil { order.append(phase) }
            milliseconds[phase, default: []].append(value)
        }
    }

    /// Each phase: how many times it ran, its p50 and p99, and its share of all the phases' time.
    package func figures() -> [(phase: String, ran: Int, p50: Double, p99: Double, totalShare: Double)] {
        lock.withLock {
            let total = milliseconds.values.reduce(0) { $0 + $1.reduce(0, +) }
            return order.map { phase in
                let values = (milliseconds[phase] ?? []).sorted()
                func at(_ p: Double) -> Double { values.isEmpty ? 0 : values[min(values.count - 1, Int(Double(values.count) * p))] }
                return (phase, values.count, at(0.5), at(0.99), total > 0 ? values.reduce(0, +) / total : 0)
            }
        }
    }
}

/// How long `body` took, in milliseconds: the one timer every benchmark uses.
package func milliseconds(_ body: () throws -> Void) throws -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
}

/// How long `body` took, in milliseconds, for work that awaits.
package func milliseconds(_ body: () async throws -> Void) async throws -> Double {
    let start = ContinuousClock.now
    try await body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
}

/// The value `p` of the way up sorted timings: 0.5 is the median, 0.99 the 99th percentile.
package func percentile(_ sorted: [Double], _ p: Double) -> Double {
    sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.down)))]
}

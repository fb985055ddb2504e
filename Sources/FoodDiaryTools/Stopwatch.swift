/// How long `body` took, in milliseconds: the one timer every benchmark uses.
package func milliseconds(_ body: () throws -> Void) throws -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
}

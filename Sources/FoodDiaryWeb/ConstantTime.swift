/// Comparing secrets (tokens, signatures, codes, nonces) without telling, by how long it takes,
/// how much of a guess was right.
package enum ConstantTime {
    /// Compares every byte whatever the first difference; only the lengths may differ quickly.
    package static func equals(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }
}

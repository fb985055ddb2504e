import FoodDiaryBase
import Foundation

/// Addresses allowed to vouch for a request: the reverse proxies named by `--trusted-proxies`, as
/// single addresses or CIDR blocks, IPv4 or IPv6.
public struct TrustedProxies: Sendable, Equatable {
    struct Block: Sendable, Equatable {
        let bytes: [UInt8]
        let prefixLength: Int

        func contains(_ address: [UInt8]) -> Bool {
            guard address.count == bytes.count else { return false }
            var remaining = prefixLength
            for index in bytes.indices where remaining > 0 {
                let bits = min(8, remaining)
                let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
                if address[index] & mask != bytes[index] & mask { return false }
                remaining -= bits
            }
            return true
        }
    }

    let blocks: [Block]

    public static let none = TrustedProxies(blocks: [])

    /// Parses "10.0.0.0/8,192.168.1.2,::1"; throws naming the first entry that is not an address.
    public init(parsing list: String) throws {
        var blocks: [Block] = []
        for entry in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !entry.isEmpty {
            let parts = entry.split(separator: "/", maxSplits: 1).map(String.init)
            guard let bytes = Self.addressBytes(parts[0]) else { throw BadEntry(entry: entry) }
            let length = parts.count == 2 ? Int(parts[1]) : bytes.count * 8
            guard let length, (0...(bytes.count * 8)).contains(length) else { throw BadEntry(entry: entry) }
            blocks.append(Block(bytes: bytes, prefixLength: length))
        }
        self.init(blocks: blocks)
    }

    init(blocks: [Block]) {
        self.blocks = blocks
    }

    public struct BadEntry: Error, CustomStringConvertible {
        let entry: String
        public var description: String { tr("“\(entry)” is not an IP address or CIDR block, like 192.168.1.10 or 10.0.0.0/8") }
    }

    public var isEmpty: Bool { blocks.isEmpty }

    package func contains(_ address: String) -> Bool {
        guard let bytes = Self.addressBytes(address) else { return false }
        return blocks.contains { $0.contains(bytes) }
    }

    /// An address as a proxy may write it, without the port or brackets: "[::1]:80" → "::1",
    /// "203.0.113.7:5000" → "203.0.113.7".
    package static func bareAddress(_ text: String) -> String {
        if text.hasPrefix("["), let end = text.firstIndex(of: "]") { return String(text[text.index(after: text.startIndex)..<end]) }
        let colons = text.filter { $0 == ":" }.count
        if colons == 1, let colon = text.firstIndex(of: ":") { return String(text[..<colon]) }
        return text
    }

    /// The address's bytes: 4 for IPv4, 16 for IPv6, nil for anything else.
    package static func addressBytes(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            let bytes = withUnsafeBytes(of: &v6) { Array($0) }
            // An IPv4 peer on a dual-stack socket shows as ::ffff:a.b.c.d.
            if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF { return Array(bytes[12...]) }
            return bytes
        }
        return nil
    }

    /// Whether the address is this machine's own.
    package static func isLoopback(_ address: String) -> Bool {
        guard let bytes = addressBytes(address) else { return false }
        return bytes.count == 4 ? bytes[0] == 127 : bytes == Array(repeating: 0, count: 15) + [1]
    }
}

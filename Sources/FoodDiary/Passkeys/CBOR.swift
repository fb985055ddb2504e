import Foundation

/// The little of CBOR (RFC 8949) that WebAuthn sends: an attestation object and a COSE key are
/// maps of unsigned and negative integers, byte and text strings, arrays and simple values.
/// Definite lengths only (WebAuthn's CTAP2 canonical form); nesting and sizes are bounded, so a
/// hostile body is refused rather than followed.
indirect enum CBOR: Equatable, Sendable {
    case unsigned(UInt64)
    case negative(Int64)
    case bytes(Data)
    case text(String)
    case array([CBOR])
    case map([CBOR: CBOR])
    case bool(Bool)
    case null

    struct Malformed: Error {}

    /// The first item of `data`, and where the next begins (an attestation object's authData holds
    /// a COSE key with the extensions after it).
    static func decode(_ data: Data, from start: Int = 0) throws -> (CBOR, end: Int) {
        var reader = Reader(bytes: [UInt8](data), index: start)
        let item = try reader.item(depth: 0)
        return (item, reader.index)
    }

    subscript(key: Int) -> CBOR? {
        guard case .map(let map) = self else { return nil }
        return map[key >= 0 ? .unsigned(UInt64(key)) : .negative(Int64(key))]
    }

    subscript(key: String) -> CBOR? {
        guard case .map(let map) = self else { return nil }
        return map[.text(key)]
    }

    var bytes: Data? { if case .bytes(let data) = self { data } else { nil } }
    var text: String? { if case .text(let text) = self { text } else { nil } }
    var integer: Int64? {
        switch self {
        case .unsigned(let value): value <= UInt64(Int64.max) ? Int64(value) : nil
        case .negative(let value): value
        default: nil
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var index: Int

        static let maxDepth = 8
        static let maxItems = 4_096

        mutating func byte() throws -> UInt8 {
            guard index < bytes.count else { throw Malformed() }
            defer { index += 1 }
            return bytes[index]
        }

        mutating func argument(_ info: UInt8) throws -> UInt64 {
            switch info {
            case 0..<24: return UInt64(info)
            case 24...27:
                var value: UInt64 = 0
                for _ in 0..<(1 << (info - 24)) { value = value << 8 | UInt64(try byte()) }
                return value
            default: throw Malformed() // indefinite lengths and reserved values
            }
        }

        mutating func take(_ count: UInt64) throws -> [UInt8] {
            guard count <= UInt64(bytes.count - index) else { throw Malformed() }
            defer { index += Int(count) }
            return Array(bytes[index..<index + Int(count)])
        }

        mutating func item(depth: Int) throws -> CBOR {
            guard depth <= Self.maxDepth else { throw Malformed() }
            let initial = try byte()
            let (major, info) = (initial >> 5, initial & 0x1f)
            switch major {
            case 0: return .unsigned(try argument(info))
            case 1:
                let value = try argument(info)
                guard value < UInt64(Int64.max) else { throw Malformed() }
                return .negative(-1 - Int64(value))
            case 2: return .bytes(Data(try take(try argument(info))))
            case 3:
                guard let text = String(bytes: try take(try argument(info)), encoding: .utf8) else { throw Malformed() }
                return .text(text)
            case 4:
                let count = try argument(info)
                guard count <= Self.maxItems else { throw Malformed() }
                return .array(try (0..<count).map { _ in try item(depth: depth + 1) })
            case 5:
                let count = try argument(info)
                guard count <= Self.maxItems else { throw Malformed() }
                var map: [CBOR: CBOR] = [:]
                for _ in 0..<count {
                    let key = try item(depth: depth + 1)
                    guard map[key] == nil else { throw Malformed() } // a key twice is not canonical
                    map[key] = try item(depth: depth + 1)
                }
                return .map(map)
            case 7:
                switch info {
                case 20: return .bool(false)
                case 21: return .bool(true)
                case 22: return .null
                default: throw Malformed()
                }
            default: throw Malformed() // tags and floats: WebAuthn sends neither
            }
        }
    }
}

extension CBOR: Hashable {}

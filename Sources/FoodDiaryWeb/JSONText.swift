import Foundation
import Hummingbird

/// JSON written straight into bytes, for an answer asked on every keystroke: `JSONEncoder` took
/// a quarter of a search's time. It writes what `jsonResponse` would (sorted keys, slashes as
/// they are, absent values left out), so a client cannot tell them apart; a test holds them equal.
package struct JSONText {
    package private(set) var bytes: [UInt8] = []

    package init(capacity: Int = 4_096) { bytes.reserveCapacity(capacity) }

    /// `{`, then the members `body` writes with `member`, then `}`.
    package mutating func object(_ body: (inout Members) -> Void) {
        bytes.append(UInt8(ascii: "{"))
        var members = Members(text: self)
        body(&members)
        self = members.text
        bytes.append(UInt8(ascii: "}"))
    }

    package mutating func array<Element>(_ elements: some Sequence<Element>, _ write: (inout JSONText, Element) -> Void) {
        bytes.append(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            write(&self, element)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    package mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), byte]
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), byte]
            case 0x08: bytes += Array(#"\b"#.utf8)
            case 0x0C: bytes += Array(#"\f"#.utf8)
            case 0x0A: bytes += Array(#"\n"#.utf8)
            case 0x0D: bytes += Array(#"\r"#.utf8)
            case 0x09: bytes += Array(#"\t"#.utf8)
            case ..<0x20: bytes += Array(String(format: "\\u%04x", byte).utf8)
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// As `JSONEncoder` writes it: the shortest text that reads back the same, without a `.0`.
    package mutating func number(_ value: Double) {
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes += Array(text.utf8)
    }

    package mutating func number(_ value: Int64) { bytes += Array(String(value).utf8) }

    package mutating func bool(_ value: Bool) { bytes += Array((value ? "true" : "false").utf8) }

    /// An object's members, written in the order given: callers give them sorted by key.
    package struct Members {
        fileprivate var text: JSONText
        private var first = true

        fileprivate init(text: JSONText) { self.text = text }

        /// A member; none when `write` is nil, as `JSONEncoder` leaves out a nil.
        package mutating func member(_ key: StaticString, _ write: ((inout JSONText) -> Void)?) {
            guard let write else { return }
            if !first { text.bytes.append(UInt8(ascii: ",")) }
            first = false
            text.bytes.append(UInt8(ascii: "\""))
            text.bytes += UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
            text.bytes += [UInt8(ascii: "\""), UInt8(ascii: ":")]
            write(&text)
        }
    }

    package func response(status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: jsonHeaders, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}

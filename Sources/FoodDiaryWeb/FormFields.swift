import Foundation

/// The fields of an `application/x-www-form-urlencoded` body.
public struct FormFields: Sendable, Equatable {
    private var values: [String: String]

    public init(_ values: [String: String] = [:]) {
        self.values = values
    }

    /// Every field, for a handler that takes whatever names an outside API defines.
    package var all: [String: String] { values }

    /// Parses a body; returns nil for malformed percent-encoding. A repeated name keeps its last value.
    public init?(urlEncoded body: String) {
        var values: [String: String] = [:]
        for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]), let value = Self.decode(parts.count > 1 ? parts[1] : "") else {
                return nil
            }
            values[name] = value
        }
        self.values = values
    }

    public subscript(name: String) -> String? { values[name] }

    /// "+" is a space, "%XX" a byte; nil for a "%" not followed by two hex digits, as Foundation's
    /// `removingPercentEncoding` answers, or for bytes that are not UTF-8 (which it refused or
    /// made "�", depending on the byte). Read byte by byte: every
    /// request with a query or a form is decoded, and Foundation's two passes cost a search page
    /// a seventh of its own work.
    static func decode(_ text: Substring) -> String? {
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") }) else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            index = utf8.index(after: index)
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard index != utf8.endIndex, let high = hexValue(utf8[index]) else { return nil }
                index = utf8.index(after: index)
                guard index != utf8.endIndex, let low = hexValue(utf8[index]) else { return nil }
                index = utf8.index(after: index)
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

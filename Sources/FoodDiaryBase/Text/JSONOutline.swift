import Foundation

/// A JSON document read by its outline: where each member and element lies, found by one pass over
/// its bytes, and a value built only when asked for. A phone's sending of 16 MB holds hundreds of
/// thousands of readings; built whole into Foundation objects it took more than a gigabyte and
/// half a minute, read this way it takes its own bytes and one reading at a time.
package struct JSONOutline: Sendable {
    package struct Malformed: Error {}

    private let bytes: [UInt8]

    package init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The document's one value, with nothing but whitespace around it.
    package func root() throws -> Range<Int> {
        let value = try valueRange(from: skipSpace(0))
        guard skipSpace(value.upperBound) == bytes.count else { throw Malformed() }
        return value
    }

    package func isObject(_ range: Range<Int>) -> Bool { bytes[range.lowerBound] == UInt8(ascii: "{") }
    package func isArray(_ range: Range<Int>) -> Bool { bytes[range.lowerBound] == UInt8(ascii: "[") }

    /// An object's members, each key with where its value lies; nil when `range` is no object.
    package func members(of range: Range<Int>) throws -> [String: Range<Int>]? {
        guard isObject(range) else { return nil }
        var members: [String: Range<Int>] = [:]
        try forEachItem(in: range, closing: UInt8(ascii: "}")) { index in
            let key = try valueRange(from: index)
            guard bytes[key.lowerBound] == UInt8(ascii: "\""), let name = value(key) as? String else { throw Malformed() }
            var at = skipSpace(key.upperBound)
            guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { throw Malformed() }
            at = skipSpace(at + 1)
            let member = try valueRange(from: at)
            members[name] = member
            return member.upperBound
        }
        return members
    }

    /// Calls `body` with where each element of an array lies, in order; false when `range` is no array.
    @discardableResult
    package func forEachElement(of range: Range<Int>, _ body: (Range<Int>) throws -> Void) throws -> Bool {
        guard isArray(range) else { return false }
        try forEachItem(in: range, closing: UInt8(ascii: "]")) { index in
            let element = try valueRange(from: index)
            try body(element)
            return element.upperBound
        }
        return true
    }

    /// The value at `range` built as Foundation builds JSON (a dictionary, an array, a string, an
    /// NSNumber, a Bool or NSNull); nil for what does not parse. Built here from the outline, so a
    /// reading costs a few small allocations, not a trip through JSONSerialization; only a string
    /// with escapes is handed to it.
    package func value(_ range: Range<Int>) -> Any? {
        switch bytes[range.lowerBound] {
        case UInt8(ascii: "{"):
            guard let members = try? members(of: range) else { return nil }
            var object: [String: Any] = [:]
            for (key, member) in members {
                guard let value = value(member) else { return nil }
                object[key] = value
            }
            return object
        case UInt8(ascii: "["):
            var array: [Any] = []
            do {
                try forEachElement(of: range) { element in
                    guard let value = value(element) else { throw Malformed() }
                    array.append(value)
                }
            } catch {
                return nil
            }
            return array
        case UInt8(ascii: "\""):
            let inside = (range.lowerBound + 1)..<(range.upperBound - 1)
            guard !bytes[inside].contains(UInt8(ascii: "\\")) else { return foundationValue(range) }
            return bytes.withUnsafeBufferPointer { String(validating: UnsafeBufferPointer(rebasing: $0[inside]), as: UTF8.self) }
        case UInt8(ascii: "t"): return bytes[range].elementsEqual("true".utf8) ? true : nil
        case UInt8(ascii: "f"): return bytes[range].elementsEqual("false".utf8) ? false : nil
        case UInt8(ascii: "n"): return bytes[range].elementsEqual("null".utf8) ? NSNull() : nil
        default:
            // JSON's numbers are DecimalText's, less a leading "+" or ".".
            guard bytes[range.lowerBound] != UInt8(ascii: "+"), bytes[range.lowerBound] != UInt8(ascii: "."),
                let number = DecimalText.value(String(decoding: bytes[range], as: UTF8.self)), number.isFinite
            else { return nil }
            return NSNumber(value: number)
        }
    }

    private func foundationValue(_ range: Range<Int>) -> Any? {
        let data = bytes.withUnsafeBufferPointer { Data(buffer: UnsafeBufferPointer(rebasing: $0[range])) }
        return try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
    }

    /// Items between an opening bracket and `closing`, separated by commas; `item` reads one from
    /// the index it starts at and returns the index after it.
    private func forEachItem(in range: Range<Int>, closing: UInt8, _ item: (Int) throws -> Int) throws {
        var at = skipSpace(range.lowerBound + 1)
        guard at < range.upperBound else { throw Malformed() }
        if bytes[at] == closing { return }
        while true {
            at = skipSpace(try item(at))
            guard at < range.upperBound else { throw Malformed() }
            if bytes[at] == closing { return }
            guard bytes[at] == UInt8(ascii: ",") else { throw Malformed() }
            at = skipSpace(at + 1)
        }
    }

    private func skipSpace(_ start: Int) -> Int {
        var at = start
        while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x0A || bytes[at] == 0x0D || bytes[at] == 0x09 { at += 1 }
        return at
    }

    /// Where the value starting at `start` ends: a string to its closing quote, an object or array
    /// to its matching bracket (strings inside skipped whole), anything else to the next delimiter.
    private func valueRange(from start: Int) throws -> Range<Int> {
        guard start < bytes.count else { throw Malformed() }
        let first = bytes[start]
        if first == UInt8(ascii: "\"") { return start..<(try stringEnd(from: start)) }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            var depth = 0, at = start
            while at < bytes.count {
                switch bytes[at] {
                case UInt8(ascii: "\""): at = try stringEnd(from: at) - 1
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return start..<(at + 1) }
                default: break
                }
                at += 1
            }
            throw Malformed()
        }
        var at = start
        scalar: while at < bytes.count {
            switch bytes[at] {
            case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09: break scalar
            default: at += 1
            }
        }
        guard at > start else { throw Malformed() }
        return start..<at
    }

    /// The index after the quote closing the string that opens at `start`.
    private func stringEnd(from start: Int) throws -> Int {
        var at = start + 1
        while at < bytes.count {
            switch bytes[at] {
            case UInt8(ascii: "\\"): at += 2
            case UInt8(ascii: "\""): return at + 1
            default: at += 1
            }
        }
        throw Malformed()
    }
}

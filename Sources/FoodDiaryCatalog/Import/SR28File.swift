import Foundation

/// Reads one USDA SR28 ASCII file: CRLF lines, `^`-separated fields, text wrapped in `~`, Windows-1252.
///
/// Fields are decoded only when asked for, because NUT_DATA has 679,045 lines of which the diary
/// needs three columns.
struct SR28File {
    struct FormatError: Error, CustomStringConvertible {
        package let file: String
        package let line: Int
        package let message: String
        package var description: String { "\(file) line \(line): \(message)" }
    }

    package let name: String
    package let bytes: [UInt8]
    let fieldCount: Int

    package init(directory: String, name: String, fieldCount: Int) throws {
        let path = URL(fileURLWithPath: directory).appendingPathComponent("\(name).txt").path
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            // The system's reason, so a file that was there a moment ago says why it could not be read.
            throw FormatError(file: name, line: 0, message: "cannot read \(path): \(error)")
        }
        self.name = name
        self.bytes = [UInt8](data)
        self.fieldCount = fieldCount
    }

    /// Calls `body` with each record; a line with the wrong number of fields stops the import.
    func forEachRecord(_ body: (Record) throws -> Void) throws {
        try bytes.withUnsafeBufferPointer { buffer in
            var lineStart = 0
            var lineNumber = 0
            var bounds: [Range<Int>] = []
            bounds.reserveCapacity(fieldCount)
            while lineStart < buffer.count {
                var lineEnd = lineStart
                while lineEnd < buffer.count && buffer[lineEnd] != 0x0A { lineEnd += 1 }
                let next = lineEnd + 1
                if lineEnd > lineStart && buffer[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                lineNumber += 1
                if lineEnd > lineStart {
                    bounds.removeAll(keepingCapacity: true)
                    var fieldStart = lineStart
                    for index in lineStart...lineEnd where index == lineEnd || buffer[index] == 0x5E {
                        var range = fieldStart..<index
                        if range.count >= 2 && buffer[range.lowerBound] == 0x7E && buffer[range.upperBound - 1] == 0x7E {
                            range = (range.lowerBound + 1)..<(range.upperBound - 1)
                        }
                        bounds.append(range)
                        fieldStart = index + 1
                    }
                    guard bounds.count == fieldCount else {
                        throw FormatError(file: name, line: lineNumber, message: "expected \(fieldCount) fields, found \(bounds.count)")
                    }
                    try body(Record(buffer: buffer, bounds: bounds, file: name, line: lineNumber))
                }
                lineStart = next
            }
        }
    }

    struct Record {
        package let buffer: UnsafeBufferPointer<UInt8>
        package let bounds: [Range<Int>]
        package let file: String
        package let line: Int

        /// The field as text; empty when the file has `~~` or nothing.
        package func text(_ index: Int) -> String {
            Windows1252.decode(UnsafeBufferPointer(rebasing: buffer[bounds[index]]))
        }

        /// The field as text, or nil when empty.
        func optionalText(_ index: Int) -> String? {
            let value = text(index)
            return value.isEmpty ? nil : value
        }

        /// A decimal such as `717`, `.5` or `0.85`; nil when empty, an error when not a number.
        package func number(_ index: Int) throws -> Double? {
            let value = text(index)
            if value.isEmpty { return nil }
            guard let number = Double(value), number.isFinite else {
                throw FormatError(file: file, line: line, message: "field \(index + 1) is not a number: \(value)")
            }
            return number
        }

        func requiredNumber(_ index: Int) throws -> Double {
            guard let value = try number(index) else {
                throw FormatError(file: file, line: line, message: "field \(index + 1) is empty")
            }
            return value
        }
    }
}

/// Windows-1252, which SR28 uses: Latin-1 plus printable characters in 0x80–0x9F.
enum Windows1252 {
    private static let high: [Unicode.Scalar] = [
        "\u{20AC}", "\u{FFFD}", "\u{201A}", "\u{0192}", "\u{201E}", "\u{2026}", "\u{2020}", "\u{2021}",
        "\u{02C6}", "\u{2030}", "\u{0160}", "\u{2039}", "\u{0152}", "\u{FFFD}", "\u{017D}", "\u{FFFD}",
        "\u{FFFD}", "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2022}", "\u{2013}", "\u{2014}",
        "\u{02DC}", "\u{2122}", "\u{0161}", "\u{203A}", "\u{0153}", "\u{FFFD}", "\u{017E}", "\u{0178}"
    ]

    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            scalars.append((0x80...0x9F).contains(byte) ? high[Int(byte) - 0x80] : Unicode.Scalar(byte))
        }
        return String(scalars)
    }
}

import Foundation

/// A CSV file people open in a spreadsheet: UTF-8, a header row, CRLF line ends (RFC 4180).
final class SpreadsheetFile {
    private let file: BufferedFile

    init(path: String, header: [String]) throws {
        file = try BufferedFile(path: path)
        try write(header.map(Cell.text))
    }

    enum Cell {
        /// Words someone typed: quoted as needed, and defused if a spreadsheet would run them.
        case text(String)
        case number(Double?)
        case integer(Int?)

        var field: String {
            switch self {
            case .text(let text): Self.quoted(Self.defused(text))
            case .number(let value): value.map { NumberText.decimal($0, maxFractionDigits: 4, grouping: false) } ?? ""
            case .integer(let value): value.map(String.init) ?? ""
            }
        }

        /// A cell starting with = + - @ (or a tab or carriage return, which some spreadsheets skip)
        /// is read as a formula: "=HYPERLINK(…)" in a meal's notes must stay text (OWASP's advice).
        static func defused(_ text: String) -> String {
            guard let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return text }
            return "'" + text
        }

        static func quoted(_ text: String) -> String {
            guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
            return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
    }

    func write(_ cells: [Cell]) throws {
        try file.append((cells.map(\.field).joined(separator: ",") + "\r\n").utf8)
    }

    func close() throws { try file.close() }
}

import FoodDiaryBase
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

        /// OWASP's CSV-injection advice, whole: a cell a spreadsheet could read as a formula gets a
        /// leading apostrophe, and every text cell is quoted, its quotes doubled, so no separator or
        /// quote inside it can start a cell of its own. A formula is what starts, after any spaces
        /// or invisible characters a spreadsheet skips, with = + - @ or their fullwidth forms
        /// (＝ ＋ － ＠, which some spreadsheets take as the same), or a cell that starts with a
        /// tab or line break. "=HYPERLINK(…)" in a meal's notes stays text.
        static func defused(_ text: String) -> String {
            let start = text.unicodeScalars.first { !skipped($0) }
            let startsWithBreak = text.unicodeScalars.first.map { "\t\r\n".unicodeScalars.contains($0) } ?? false
            guard startsWithBreak || start.map(formulaStarts.contains) == true else { return text }
            return "'" + text
        }

        private static let formulaStarts = Set("=+-@\u{FF1D}\u{FF0B}\u{FF0D}\u{FF20}".unicodeScalars)

        private static func skipped(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isWhitespace || scalar.properties.isDefaultIgnorableCodePoint
        }

        static func quoted(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
    }

    func write(_ cells: [Cell]) throws {
        try file.append((cells.map(\.field).joined(separator: ",") + "\r\n").utf8)
    }

    func close() throws { try file.close() }
}

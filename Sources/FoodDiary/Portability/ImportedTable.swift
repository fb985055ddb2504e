import CSV
import FoodDiaryBase
import Foundation

/// A CSV file from another app, checked before a row is read: UTF-8 (a byte-order mark is dropped,
/// as spreadsheets write one), no line longer than any diary needs, no more rows than we promise
/// to import. Columns are found by header name, whatever their order or case, with "μ" and "µ"
/// taken for the same letter.
struct ImportedTable: Sendable {
    static let maxBytes = 64_000_000
    static let maxLineBytes = 1_000_000
    static let maxRows = 200_000

    let headers: [String]
    /// Each data row with its row number as a spreadsheet shows it (the header is row 1).
    let rows: [(number: Int, fields: [String])]
    private let index: [String: Int]

    init(data: Data) throws {
        guard data.count <= Self.maxBytes else {
            throw ImportRefusal(
                description:
                    tr(
                        "The file is more than the \(Self.maxBytes / 1_000_000) MB of CSV an import reads. Export a shorter range of dates and import each part."
                    )
            )
        }
        var bytes = data
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        try Self.checkLines(bytes)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ImportRefusal(
                description: tr("The file is not UTF-8 text. Export it again as CSV (UTF-8), or save it from a spreadsheet as “CSV UTF-8”.")
            )
        }
        let reader: CSVReader
        do {
            reader = try CSVReader(string: text, hasHeaderRow: false)
        } catch {
            throw ImportRefusal(description: tr("The file could not be read as CSV."))
        }
        guard let header = reader.next(), header.contains(where: { !$0.isEmpty }) else {
            throw ImportRefusal(description: tr("The file is empty: it has no header row."))
        }
        headers = header.map { $0.trimmingCharacters(in: .whitespaces) }
        var rows: [(Int, [String])] = []
        var number = 1
        while let fields = reader.next() {
            number += 1
            if fields.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { continue }
            guard rows.count < Self.maxRows else {
                throw ImportRefusal(
                    description:
                        tr(
                            "The file has more than \(Self.maxRows.formatted()) rows, more than one import takes. Export a shorter range of dates and import each part."
                        )
                )
            }
            rows.append((number, fields))
        }
        self.rows = rows
        var index: [String: Int] = [:]
        for (position, name) in headers.enumerated() where index[Self.key(name)] == nil { index[Self.key(name)] = position }
        // An export from an account in another language: its columns found by the English names too.
        for (position, name) in headers.enumerated() {
            if let english = ForeignHeaders.english(for: Self.key(name)), index[english] == nil { index[english] = position }
        }
        self.index = index
    }

    /// The first of `names` the file has a column for.
    func column(_ names: [String]) -> Int? {
        names.lazy.compactMap { index[Self.key($0)] }.first
    }

    func has(_ name: String) -> Bool { index[Self.key(name)] != nil }

    /// The columns a format needs, or the refusal that names the missing ones.
    func require(_ names: [String], format: String) throws -> [Int] {
        let missing = names.filter { !has($0) }
        guard missing.isEmpty else {
            let columns = missing.map { "“\($0)”" }.joined(separator: ", ")
            throw ImportRefusal(
                description: tr("This looks like \(format), but it has no \(columns) column. Export it again with every column."))
        }
        return names.map { index[Self.key($0)]! }
    }

    static func key(_ name: String) -> String {
        name.lowercased().replacingOccurrences(of: "\u{03BC}", with: "\u{00B5}")
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private static func checkLines(_ bytes: Data) throws {
        var line = 1, start = bytes.startIndex
        for position in bytes.indices where bytes[position] == 0x0A {
            if position - start > maxLineBytes { throw longLine(line, bytes: position - start) }
            line += 1
            start = position + 1
        }
        if bytes.endIndex - start > maxLineBytes { throw longLine(line, bytes: bytes.endIndex - start) }
    }

    private static func longLine(_ line: Int, bytes: Int) -> ImportRefusal {
        ImportRefusal(
            description:
                tr(
                    "Line \(line) of the file is \(ByteSize.text(Int64(bytes))) long; no line of a food diary export is longer than \(maxLineBytes / 1_000_000) MB, so this is not one."
                )
        )
    }
}

extension [String] {
    /// The field at `index`, trimmed; empty when the row is shorter than the header.
    func field(_ index: Int?) -> String {
        guard let index, index < count else { return "" }
        return self[index].trimmingCharacters(in: .whitespaces)
    }
}

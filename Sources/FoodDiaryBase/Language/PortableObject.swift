/// A gettext catalogue (`.po`), as translators edit it in Weblate or Poedit: its entries, its
/// header's fields. Entries marked fuzzy are kept with their mark; a language leaves them out, as
/// gettext does, and obsolete ones (`#~`) are comments.
public struct PortableObject: Sendable {
    public struct Entry: Sendable, Equatable {
        public var context: String?
        public var id = ""
        public var idPlural: String?
        /// `msgstr`, or `msgstr[0]`, `msgstr[1]`… by plural form.
        public var strings: [String] = []
        public var isFuzzy = false
        /// The line its `msgid` is on, for the check's complaints.
        public var line = 0

        /// Every form translated: an entry with an empty string is still to do.
        public var isTranslated: Bool { !strings.isEmpty && strings.allSatisfy { !$0.isEmpty } }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let line: Int
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// Every entry but the header, in file order.
    public let entries: [Entry]
    /// The header's `Name: value` lines.
    public let header: [String: String]

    public init(parsing text: String) throws(Failure) {
        var parser = Parser()
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            try parser.read(line.trimmingCharacters(in: .whitespaces), number: index + 1)
        }
        try parser.finishEntry()
        var entries = parser.entries
        var header: [String: String] = [:]
        if let first = entries.first, first.id.isEmpty, first.context == nil {
            for field in (first.strings.first ?? "").split(separator: "\n") {
                guard let colon = field.firstIndex(of: ":") else { continue }
                header[String(field[..<colon])] = field[field.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            entries.removeFirst()
        }
        (self.entries, self.header) = (entries, header)
    }

    /// Reads line by line: a keyword starts a field, a quoted line continues it, a blank line or
    /// the next entry's first keyword ends the entry.
    private struct Parser {
        enum Field { case context, id, idPlural, string(Int) }
        var entries: [Entry] = []
        var entry = Entry()
        var field: Field?
        var hasContent = false
        var fuzzyMark = false

        mutating func read(_ line: String, number: Int) throws(Failure) {
            if line.isEmpty { return try finishEntry() }
            if line.hasPrefix("#") {
                if hasContent, !entry.strings.isEmpty { try finishEntry() }
                let isFuzzy =
                    line.hasPrefix("#,")
                    && line.dropFirst(2).split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == "fuzzy" }
                if isFuzzy { fuzzyMark = true }
                return
            }
            if line.hasPrefix("\"") { return try append(Self.unquoted(line, number: number), number: number) }
            guard let space = line.firstIndex(of: " ") else {
                throw Failure(line: number, message: "expected a keyword and a quoted string")
            }
            let keyword = String(line[..<space])
            let value = try Self.unquoted(String(line[line.index(after: space)...]).trimmingCharacters(in: .whitespaces), number: number)
            switch keyword {
            case "msgctxt":
                if hasContent { try finishEntry() }
                field = .context
                entry.context = ""
            case "msgid":
                if hasContent, field.map({ if case .context = $0 { false } else { true } }) ?? true { try finishEntry() }
                field = .id
                entry.line = number
            case "msgid_plural": field = .idPlural; entry.idPlural = ""
            case "msgstr": field = .string(0); entry.strings = [""]
            default:
                guard keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"), let form = Int(keyword.dropFirst(7).dropLast()),
                    form == entry.strings.count
                else { throw Failure(line: number, message: "unknown keyword \(keyword)") }
                field = .string(form)
                entry.strings.append("")
            }
            hasContent = true
            try append(value, number: number)
        }

        private mutating func append(_ text: String, number: Int) throws(Failure) {
            switch field {
            case nil: throw Failure(line: number, message: "a string outside any entry")
            case .context: entry.context! += text
            case .id: entry.id += text
            case .idPlural: entry.idPlural! += text
            case .string(let form): entry.strings[form] += text
            }
        }

        mutating func finishEntry() throws(Failure) {
            defer { (entry, field, hasContent, fuzzyMark) = (Entry(), nil, false, false) }
            guard hasContent else { return }
            guard !entry.strings.isEmpty else { throw Failure(line: entry.line, message: "msgid \"\(entry.id)\" has no msgstr") }
            entry.isFuzzy = fuzzyMark
            entries.append(entry)
        }

        /// The text of `"…"` with gettext's C escapes undone.
        static func unquoted(_ quoted: String, number: Int) throws(Failure) -> String {
            guard quoted.count >= 2, quoted.hasPrefix("\""), quoted.hasSuffix("\"") else {
                throw Failure(line: number, message: "expected a quoted string")
            }
            var text = ""
            var escaping = false
            for character in quoted.dropFirst().dropLast() {
                if escaping {
                    switch character {
                    case "n": text.append("\n")
                    case "t": text.append("\t")
                    case "r": text.append("\r")
                    default: text.append(character)
                    }
                    escaping = false
                } else if character == "\\" {
                    escaping = true
                } else if character == "\"" {
                    throw Failure(line: number, message: "an unescaped quote inside a string")
                } else {
                    text.append(character)
                }
            }
            guard !escaping else { throw Failure(line: number, message: "a string ends in a backslash") }
            return text
        }
    }
}

/// Apple Health's export.xml read as it streams, a chunk at a time, for the few elements the diary
/// keeps: `<Record>` of the types in `wanted`, `<Workout>` and the `<WorkoutStatistics>` inside
/// one. A real export is hundreds of MB to GBs, most of it heart rate: the scanner looks at each
/// tag's name and a Record's `type` before it reads anything else, and holds at most one
/// unfinished tag across chunks, so memory does not grow with the file. The internal DTD at the
/// top and every other element are passed over. Values are unescaped (`&amp;`, `&#8217;`).
struct AppleHealthScanner {
    enum Element: Equatable {
        case record([String: String])
        case workoutStart([String: String])
        case workoutStatistics([String: String])
        case workoutEnd
    }

    let wanted: Set<String>
    /// The end of the previous chunk that did not hold a whole tag.
    private var carry: [UInt8] = []
    /// Bytes consumed before `carry`, to say where a broken file breaks.
    private var consumed = 0
    /// Whether Apple Health's root element was seen: a file without it is some other XML.
    private(set) var sawHealthData = false

    /// The longest a tag (or the DTD at the top, about 10 KB in Apple's exports) may be: a tag that
    /// never closes, a DOCTYPE left open or a quote never ended, is said at once instead of being
    /// carried, and scanned again, chunk after chunk to the end of a file of gigabytes.
    static let longestTag = 1 << 20

    /// Where a file stops being XML a scanner can read.
    struct Broken: Error {
        let offset: Int
    }

    init(wanted: Set<String>) {
        self.wanted = wanted
    }

    mutating func feed(_ chunk: UnsafeRawBufferPointer, _ emit: (Element) throws -> Void) throws {
        if carry.isEmpty {
            let used = try scan(chunk.bindMemory(to: UInt8.self), emit)
            consumed += used
            if used < chunk.count { carry = Array(chunk[used...]) }
        } else {
            carry.append(contentsOf: chunk)
            let joined = carry
            let used = try joined.withUnsafeBufferPointer { try scan($0, emit) }
            consumed += used
            carry = used < joined.count ? Array(joined[used...]) : []
        }
        if carry.count > Self.longestTag { throw Broken(offset: consumed) }
    }

    private static let lessThan = UInt8(ascii: "<"), greaterThan = UInt8(ascii: ">"), slash = UInt8(ascii: "/")

    /// Emits every whole tag of interest in `bytes`; returns how many bytes were consumed: up to the
    /// start of a tag the chunk cut short.
    private mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ emit: (Element) throws -> Void) rethrows -> Int {
        var index = 0
        let count = bytes.count
        while index < count {
            guard bytes[index] == Self.lessThan else {
                index += 1
                continue
            }
            let start = index
            // The tag ends at the next ">" outside quotes; attribute values hold no raw "<" or ">" in
            // Apple's export, but a quote-aware scan costs nothing more.
            var end = index + 1
            var quote: UInt8 = 0
            while end < count {
                let byte = bytes[end]
                if quote != 0 {
                    if byte == quote { quote = 0 }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == Self.greaterThan {
                    break
                }
                end += 1
            }
            guard end < count else { return start }
            index = end + 1
            let tag = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end])
            if Self.starts(tag, with: "Record ") {
                guard let type = Self.attribute("type", in: tag), wanted.contains(type) else { continue }
                try emit(.record(Self.attributes(tag)))
            } else if Self.starts(tag, with: "Workout ") {
                try emit(.workoutStart(Self.attributes(tag)))
                if tag.last == Self.slash { try emit(.workoutEnd) }
            } else if Self.starts(tag, with: "WorkoutStatistics ") {
                try emit(.workoutStatistics(Self.attributes(tag)))
            } else if Self.starts(tag, with: "/Workout") && tag.count == 8 {
                try emit(.workoutEnd)
            } else if !sawHealthData, Self.starts(tag, with: "HealthData") {
                sawHealthData = true
            } else if Self.starts(tag, with: "!DOCTYPE") {
                // The internal subset holds "<!ELEMENT …>" declarations: skip to its closing "]>".
                if let close = Self.find("]>", in: bytes, from: start) { index = close + 2 } else { return start }
            }
        }
        return count
    }

    private static func starts(_ tag: UnsafeBufferPointer<UInt8>, with prefix: StaticString) -> Bool {
        let length = prefix.utf8CodeUnitCount
        guard tag.count >= length else { return false }
        let text = prefix.utf8Start
        for offset in 0..<length where tag[offset] != text[offset] { return false }
        return true
    }

    private static func find(_ needle: StaticString, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let length = needle.utf8CodeUnitCount, text = needle.utf8Start
        var index = start
        while index + length <= bytes.count {
            var matched = true
            for offset in 0..<length where bytes[index + offset] != text[offset] { matched = false; break }
            if matched { return index }
            index += 1
        }
        return nil
    }

    /// One attribute's value, without reading the others.
    static func attribute(_ name: String, in tag: UnsafeBufferPointer<UInt8>) -> String? {
        var found: String?
        forEachAttribute(in: tag) { key, value in
            guard key.elementsEqual(name.utf8) else { return true }
            found = unescaped(value)
            return false
        }
        return found
    }

    static func attributes(_ tag: UnsafeBufferPointer<UInt8>) -> [String: String] {
        var attributes: [String: String] = [:]
        forEachAttribute(in: tag) { key, value in
            attributes[String(decoding: key, as: UTF8.self)] = unescaped(value)
            return true
        }
        return attributes
    }

    /// Calls `body` with each `name="value"` of a tag until it returns false.
    private static func forEachAttribute(
        in tag: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Bool
    ) {
        var index = 0
        // Past the element's name.
        while index < tag.count, tag[index] != UInt8(ascii: " ") { index += 1 }
        while index < tag.count {
            while index < tag.count,
                tag[index] == UInt8(ascii: " ") || tag[index] == UInt8(ascii: "\n") || tag[index] == UInt8(ascii: "\t")
                    || tag[index] == UInt8(ascii: "\r")
            { index += 1 }
            let nameStart = index
            while index < tag.count, tag[index] != UInt8(ascii: "=") { index += 1 }
            guard index + 1 < tag.count else { return }
            let name = UnsafeBufferPointer(rebasing: tag[nameStart..<index])
            let quote = tag[index + 1]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return }
            let valueStart = index + 2
            var valueEnd = valueStart
            while valueEnd < tag.count, tag[valueEnd] != quote { valueEnd += 1 }
            guard valueEnd < tag.count else { return }
            if !body(name, UnsafeBufferPointer(rebasing: tag[valueStart..<valueEnd])) { return }
            index = valueEnd + 1
        }
    }

    /// XML's five entities and numeric references; text without "&" is taken as it is.
    static func unescaped(_ value: UnsafeBufferPointer<UInt8>) -> String {
        guard value.contains(UInt8(ascii: "&")) else { return String(decoding: value, as: UTF8.self) }
        let text = String(decoding: value, as: UTF8.self)
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            guard let semicolon = rest[ampersand...].firstIndex(of: ";") else { break }
            let entity = rest[rest.index(after: ampersand)..<semicolon]
            switch entity {
            case "amp": result += "&"
            case "lt": result += "<"
            case "gt": result += ">"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                let number =
                    entity.hasPrefix("#x")
                    ? UInt32(entity.dropFirst(2), radix: 16) : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                if let number, let scalar = Unicode.Scalar(number) { result.unicodeScalars.append(scalar) } else { result += "&\(entity);" }
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }
}

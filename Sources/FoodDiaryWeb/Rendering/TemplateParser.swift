/// Parses Mustache text into a `Template`, with the spec's rules for tags alone on a line (the line
/// disappears) and with swift-mustache's choices where the spec leaves room, so pages render as
/// they did under swift-mustache: the reference renderer in the tests checks that they still do.
/// Set-delimiter tags, pragmas, lambdas, dynamic partials and transforms are not supported: a
/// template using one fails at start-up.
package struct TemplateParser {
    package struct Failure: Error, CustomStringConvertible {
        let message: String
        let line: Int
        package var description: String { "line \(line): \(message)" }
    }

    private struct State {
        var sectionName: String?
        var atLineStart = true
        var inLayoutOverride = false
        var atLayoutTopLevel = false
        var layoutIndent: ArraySlice<UInt8>?
    }

    private let bytes: [UInt8]
    private var index = 0

    package static func parse(_ text: String) throws(Failure) -> Template {
        var parser = TemplateParser(bytes: Array(text.utf8))
        return try parser.parse(State())
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private static let newline = UInt8(ascii: "\n")
    private static let open = UInt8(ascii: "{")
    private static let close = UInt8(ascii: "}")

    private var atEnd: Bool { index >= bytes.count }
    private var current: UInt8? { atEnd ? nil : bytes[index] }

    private mutating func parse(_ initial: State) throws(Failure) -> Template {
        var nodes: [TemplateNode] = []
        var state = initial
        var whitespaceBefore: ArraySlice<UInt8> = []
        func flushWhitespace() {
            if !whitespaceBefore.isEmpty {
                nodes.append(.text(String(decoding: whitespaceBefore, as: UTF8.self)))
                whitespaceBefore = []
            }
        }
        while !atEnd {
            if state.atLineStart {
                let whitespace = readSpaces()
                if state.inLayoutOverride, !state.atLayoutTopLevel {
                    // A block's text loses the indentation of its first line, as in swift-mustache.
                    if let indent = state.layoutIndent {
                        whitespaceBefore = whitespace.dropFirst(indent.count)
                    } else {
                        state.layoutIndent = whitespace
                    }
                } else {
                    whitespaceBefore = whitespace
                }
            }
            let text = readText()
            if current == Self.newline {
                nodes.append(.text(String(decoding: whitespaceBefore + text + [Self.newline], as: UTF8.self)))
                state.atLineStart = true
                index += 1
                continue
            }
            if !text.isEmpty {
                nodes.append(.text(String(decoding: whitespaceBefore + text, as: UTF8.self)))
                whitespaceBefore = []
                state.atLineStart = false
            }
            if atEnd { break }
            // readText stopped just after "{{".
            var standalone = false
            switch bytes[index] {
            case UInt8(ascii: "#"), UInt8(ascii: "^"):
                let inverted = bytes[index] == UInt8(ascii: "^")
                index += 1
                let name = try readName()
                if isStandalone(state) { standalone = true } else { flushWhitespace() }
                var inner = state
                inner.sectionName = name
                inner.atLayoutTopLevel = false
                if !standalone { inner.atLineStart = false }
                nodes.append(.section(TemplateKey(name), try parse(inner), inverted: inverted))
            case UInt8(ascii: "/"):
                index += 1
                let name = try readName()
                guard name == state.sectionName else { throw failure("{{/\(name)}} closes nothing open") }
                if isStandalone(state) { standalone = true } else { flushWhitespace() }
                return Template(nodes: nodes)
            case UInt8(ascii: "!"):
                try skipComment()
                standalone = isStandalone(state)
            case UInt8(ascii: "{"):
                flushWhitespace()
                index += 1
                let name = try readName()
                guard current == Self.close else { throw failure("{{{\(name)}} needs a third }") }
                index += 1
                nodes.append(.variable(TemplateKey(name), escaped: false))
            case UInt8(ascii: "&"):
                flushWhitespace()
                index += 1
                nodes.append(.variable(TemplateKey(try readName()), escaped: false))
            case UInt8(ascii: ">"):
                index += 1
                let name = try readName(allowingSlash: true)
                let indentation = String(decoding: whitespaceBefore, as: UTF8.self)
                flushWhitespace()
                standalone = isStandalone(state)
                nodes.append(.partial(name, indentation: standalone ? indentation : nil, overrides: nil))
            case UInt8(ascii: "<"):
                index += 1
                let name = try readName(allowingSlash: true)
                let indentation = String(decoding: whitespaceBefore, as: UTF8.self)
                flushWhitespace()
                standalone = isStandalone(state)
                var inner = state
                inner.sectionName = name
                inner.atLineStart = true
                inner.inLayoutOverride = true
                inner.atLayoutTopLevel = true
                var overrides: [String: Template] = [:]
                for node in try parse(inner).nodes {
                    switch node {
                    case .blockOverride(let block, let template): overrides[block] = template
                    case .text: break
                    default: throw failure("only {{$block}} overrides may sit inside {{<\(name)}}")
                    }
                }
                nodes.append(.partial(name, indentation: indentation, overrides: overrides))
            case UInt8(ascii: "$"):
                index += 1
                let name = try readName()
                if state.atLayoutTopLevel {
                    standalone = isStandalone(state)
                    var inner = state
                    inner.sectionName = name
                    inner.atLayoutTopLevel = false
                    if !standalone { inner.atLineStart = false }
                    nodes.append(.blockOverride(name, try parse(inner)))
                } else {
                    let indentation = String(decoding: whitespaceBefore, as: UTF8.self)
                    flushWhitespace()
                    standalone = isStandalone(state)
                    var inner = state
                    inner.sectionName = name
                    inner.atLayoutTopLevel = false
                    if !standalone { inner.atLineStart = false }
                    nodes.append(.block(name, default: try parse(inner), indentation: indentation))
                }
            case UInt8(ascii: "="), UInt8(ascii: "%"):
                throw failure("set-delimiter tags and pragmas are not supported")
            default:
                flushWhitespace()
                nodes.append(.variable(TemplateKey(try readName()), escaped: true))
            }
            state.atLineStart = standalone
        }
        if let open = state.sectionName { throw failure("{{#\(open)}} is never closed") }
        return Template(nodes: nodes)
    }

    private mutating func readSpaces() -> ArraySlice<UInt8> {
        let start = index
        while let byte = current, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { index += 1 }
        return bytes[start..<index]
    }

    /// Text up to a newline (left unread) or an opening "{{" (read); a lone "{" is text.
    private mutating func readText() -> ArraySlice<UInt8> {
        let start = index
        while let byte = current {
            if byte == Self.newline { return bytes[start..<index] }
            if byte == Self.open, index + 1 < bytes.count, bytes[index + 1] == Self.open {
                index += 2
                return bytes[start..<(index - 2)]
            }
            index += 1
        }
        return bytes[start..<index]
    }

    private static let nameBytes = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?".utf8)

    /// A tag's name and its closing "}}".
    private mutating func readName(allowingSlash: Bool = false) throws(Failure) -> String {
        skipWhitespace()
        let start = index
        while let byte = current, Self.nameBytes.contains(byte) || (allowingSlash && byte == UInt8(ascii: "/")) { index += 1 }
        let name = String(decoding: bytes[start..<index], as: UTF8.self)
        skipWhitespace()
        guard index + 1 < bytes.count, bytes[index] == Self.close, bytes[index + 1] == Self.close, !name.isEmpty else {
            throw failure("a tag's name is missing or has characters a name can't have")
        }
        index += 2
        return name
    }

    private mutating func skipWhitespace() {
        while let byte = current,
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == Self.newline || byte == UInt8(ascii: "\r")
        {
            index += 1
        }
    }

    private mutating func skipComment() throws(Failure) {
        while index + 1 < bytes.count {
            if bytes[index] == Self.close, bytes[index + 1] == Self.close {
                index += 2
                return
            }
            index += 1
        }
        throw failure("a comment is never closed")
    }

    /// A tag is alone on its line when only spaces precede it (the caller knows) and follow it; the
    /// rest of the line, newline included, is then consumed.
    private mutating func isStandalone(_ state: State) -> Bool {
        guard state.atLineStart else { return false }
        if atEnd { return true }
        var probe = index
        while probe < bytes.count, bytes[probe] == UInt8(ascii: " ") || bytes[probe] == UInt8(ascii: "\t") { probe += 1 }
        if probe < bytes.count, bytes[probe] == UInt8(ascii: "\r") { probe += 1 }
        guard probe < bytes.count, bytes[probe] == Self.newline else { return false }
        index = probe + 1
        return true
    }

    private func failure(_ message: String) -> Failure {
        Failure(message: message, line: bytes[..<min(index, bytes.count)].count(where: { $0 == Self.newline }) + 1)
    }
}

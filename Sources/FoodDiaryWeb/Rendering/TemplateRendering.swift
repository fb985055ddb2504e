import NIOCore

/// One page being rendered: the context stack Mustache looks keys up in, and the bytes written so
/// far, escaped in one pass over each value's UTF-8.
package struct TemplateRendering {
    /// What a partial passes on: the indentation of every line it renders, and the blocks
    /// overridden by the page that included a layout.
    struct Scope {
        var indentation: String
        /// Block → body.
        var overrides: [Int: Int]
        static let page = Scope(indentation: "", overrides: [:])

        func indented(by extra: String?) -> Scope {
            guard let extra, !extra.isEmpty else { return self }
            return Scope(indentation: indentation + extra, overrides: overrides)
        }
    }

    let templates: CompiledTemplates
    var stack: [TemplateValue]
    private(set) var output = ByteBufferAllocator().buffer(capacity: 32 * 1024)
    /// Indentation owed before the next byte written; swift-mustache indents a line of a partial
    /// only when something is rendered on it.
    private var pendingIndentation: String?

    init(templates: CompiledTemplates, stack: [TemplateValue]) {
        self.templates = templates
        self.stack = stack
    }

    mutating func render(body: Int, in scope: Scope) {
        let instructions = templates.bodies[body]
        guard !scope.indentation.isEmpty else {
            for instruction in instructions { render(instruction, in: scope) }
            return
        }
        let start = output.writerIndex
        for instruction in instructions {
            let atLineStart =
                output.writerIndex > start && output.getInteger(at: output.writerIndex - 1, as: UInt8.self) == UInt8(ascii: "\n")
            if atLineStart { pendingIndentation = scope.indentation }
            render(instruction, in: scope)
            if atLineStart { pendingIndentation = nil }
        }
    }

    private mutating func render(_ instruction: CompiledTemplates.Instruction, in scope: Scope) {
        switch instruction {
        case .text(let start, let count):
            guard count > 0 else { return }
            flushIndentation()
            output.writeBytes(templates.bytes[start..<(start + count)])
        case .variable(let key, let escaped):
            switch value(of: templates.keys[key]) {
            case .text(let text): escaped ? writeEscaped(text) : write(text)
            case .flag(let flag): write(flag ? "true" : "false")
            case .absent, .object, .list: break
            }
        case .section(let key, let body, let inverted):
            let value = value(of: templates.keys[key])
            if inverted {
                if !isTruthy(value) { render(body: body, in: scope) }
                return
            }
            switch value {
            case .absent, .flag(false): break
            case .flag(true): render(body: body, in: scope)
            case .list(let list):
                list.forEachValue { element in
                    stack.append(element)
                    render(body: body, in: scope)
                    stack.removeLast()
                }
            case .text, .object:
                stack.append(value)
                render(body: body, in: scope)
                stack.removeLast()
            }
        case .partial(let body, let indentation, let overrides):
            // The library checked at load time that every partial exists.
            guard body >= 0 else { return }
            var inner = scope.indented(by: indentation >= 0 ? templates.indentations[indentation] : nil)
            // The outermost page's overrides win over a layout's own.
            if overrides >= 0 { inner.overrides.merge(templates.overrideSets[overrides]) { outer, _ in outer } }
            render(body: body, in: inner)
        case .block(let name, let fallback, let indentation):
            render(
                body: scope.overrides[name] ?? fallback,
                in: scope.indented(by: indentation >= 0 ? templates.indentations[indentation] : nil))
        }
    }

    private func isTruthy(_ value: TemplateValue) -> Bool {
        switch value {
        case .absent: false
        case .flag(let flag): flag
        case .list(let list): !list.isEmpty
        case .text, .object: true
        }
    }

    /// The nearest value on the stack that answers the key's first name, then down its path.
    private func value(of key: TemplateKey) -> TemplateValue {
        guard let first = key.path.first else { return stack.last ?? .absent }
        var found = TemplateValue.absent
        var index = stack.count - 1
        while index >= 0 {
            if case .object(let object) = stack[index] {
                found = object.value(forKey: first)
                if case .absent = found {} else { break }
            }
            index -= 1
        }
        for name in key.path.dropFirst() {
            guard case .object(let object) = found else { return .absent }
            found = object.value(forKey: name)
        }
        return found
    }

    private mutating func flushIndentation() {
        if let indentation = pendingIndentation {
            pendingIndentation = nil
            output.writeString(indentation)
        }
    }

    private mutating func write(_ text: String) {
        guard !text.isEmpty else { return }
        flushIndentation()
        output.writeString(text)
    }

    /// HTML-escapes the characters swift-mustache escapes, copying the runs between them whole.
    private mutating func writeEscaped(_ text: String) {
        guard !text.isEmpty else { return }
        flushIndentation()
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            for index in bytes.indices {
                let entity: StaticString
                switch bytes[index] {
                case UInt8(ascii: "<"): entity = "&lt;"
                case UInt8(ascii: ">"): entity = "&gt;"
                case UInt8(ascii: "&"): entity = "&amp;"
                case UInt8(ascii: "\""): entity = "&quot;"
                case UInt8(ascii: "'"): entity = "&#39;"
                default: continue
                }
                output.writeBytes(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[runStart..<index])))
                output.writeStaticString(entity)
                runStart = index + 1
            }
            output.writeBytes(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[runStart...])))
        }
    }
}

/// A page of this site a form or a link sends the person back to (`?next=`, `back`, `return_to`):
/// a path with its query, never another site's address, however it is spelled.
package enum ReturnPath {
    package static let maxBytes = 2_000

    /// `text` when it is a path on this site, or nil: "//host", "/\host", a space or a control
    /// character (which browsers drop, turning "/\t/host" into "//host") are refused.
    package static func local(_ text: String?) -> String? {
        guard let text, text.hasPrefix("/"), !text.hasPrefix("//"), !text.hasPrefix("/\\"),
            !text.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F || $0 == "\\" }), text.utf8.count <= maxBytes
        else { return nil }
        return text
    }

    /// `path` with `name=value` in its query, in place of any `name` it had, before any `#fragment`.
    package static func adding(_ name: String, _ value: String, to path: String) -> String {
        let (base, fragment) = path.firstIndex(of: "#").map { (String(path[..<$0]), String(path[$0...])) } ?? (path, "")
        let parts = base.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let kept = parts.count > 1 ? parts[1].split(separator: "&").filter { !$0.hasPrefix(name + "=") && $0 != name } : []
        return String(parts[0]) + "?" + (kept.map(String.init) + [name + "=" + queryEscaped(value)]).joined(separator: "&") + fragment
    }
}

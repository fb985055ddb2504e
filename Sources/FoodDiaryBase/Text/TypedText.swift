import Foundation

/// The one rule for text a person types into a one-line field, and for how long it is.
///
/// Length is counted in Unicode code points because that is what SQLite's `length()` counts in the
/// schema's CHECK constraints: validating with the same count means a value the form accepts is a
/// value the database accepts ("é" typed as e + combining accent is two, in both places).
public enum TypedText {
    /// One line for lists: control characters (tabs, pasted line breaks, NUL) and runs of white
    /// space become one space and the ends are trimmed. Everything else stays as typed: zero-width
    /// joiners in Persian words and family emoji are format characters, not space.
    public static func clean(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace || scalar.properties.generalCategory == .control {
                pendingSpace = !scalars.isEmpty
                continue
            }
            if pendingSpace { scalars.append(" ") }
            pendingSpace = false
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// The length the database's CHECK constraints see.
    public static func length(_ text: String) -> Int { text.unicodeScalars.count }
}

extension StringProtocol {
    /// Without white space at either end, by Swift's own rule, so no bridge to Foundation.
    package var trimmingWhitespace: SubSequence {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}

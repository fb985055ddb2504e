import Foundation

/// The fields of an `application/x-www-form-urlencoded` body.
public struct FormFields: Sendable, Equatable {
    private var values: [String: String]

    public init(_ values: [String: String] = [:]) {
        self.values = values
    }

    /// Every field, for a handler that takes whatever names an outside API defines.
    package var all: [String: String] { values }

    /// Parses a body; returns nil for malformed percent-encoding. A repeated name keeps its last value.
    public init?(urlEncoded body: String) {
        var values: [String: String] = [:]
        for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]), let value = Self.decode(parts.count > 1 ? parts[1] : "") else {
                return nil
            }
            values[name] = value
        }
        self.values = values
    }

    public subscript(name: String) -> String? { values[name] }

    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}

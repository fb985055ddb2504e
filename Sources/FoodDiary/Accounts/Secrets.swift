@preconcurrency import Crypto
import Foundation

/// A random credential handed to a browser or script once (session id, access token, invite or
/// setup link) and kept on our side only as its SHA-256, so a copy of the accounts file lets
/// nobody in.
package struct BearerSecret: Sendable, Equatable {
    /// URL-safe base64 of 32 random bytes (256 bits), with the kind's prefix.
    package let text: String

    static func make(prefix: String = "") -> BearerSecret {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return BearerSecret(text: prefix + Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: ""))
    }

    var sha256: Data { Self.sha256(of: text) }

    /// Any presented text hashes; an unknown one simply matches no row.
    static func sha256(of text: String) -> Data {
        Data(SHA256.hash(data: Data(text.utf8)))
    }
}

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
        return BearerSecret(text: prefix + Base64URL.encode(Data(bytes)))
    }

    var sha256: Data { Self.sha256(of: text) }

    /// Any presented text hashes; an unknown one simply matches no row.
    static func sha256(of text: String) -> Data {
        Data(SHA256.hash(data: Data(text.utf8)))
    }
}

/// RFC 4648 §5 without padding: a secret in a cookie or an address, and bytes in WebAuthn's JSON.
enum Base64URL {
    static func encode(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(
            of: "=", with: "")
    }

    static func decode(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}

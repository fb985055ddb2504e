@preconcurrency import Crypto
import FoodDiaryWeb
import Foundation

/// Time-based one-time codes (RFC 6238 over RFC 4226's HOTP): HMAC-SHA1, six digits, a new code
/// every 30 seconds, as every authenticator app makes them by default.
enum OneTimeCodes {
    static let stepSeconds: Int64 = 30
    static let digits = 6
    /// A code from the step before or after is taken too: a phone's clock a little off, or a code
    /// typed as it changed (RFC 6238 §5.2 recommends at most one step).
    static let drift: Int64 = 1

    static func step(at date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) / stepSeconds }

    static func code(secret: Data, step: Int64, digits: Int = digits) -> String {
        var counter = UInt64(step).bigEndian
        let message = withUnsafeBytes(of: &counter) { Data($0) }
        let mac = Array(HMAC<Insecure.SHA1>.authenticationCode(for: message, using: SymmetricKey(data: secret)))
        let offset = Int(mac[mac.count - 1] & 0x0f)
        let binary =
            (UInt32(mac[offset] & 0x7f) << 24) | (UInt32(mac[offset + 1]) << 16) | (UInt32(mac[offset + 2]) << 8) | UInt32(mac[offset + 3])
        let modulus = (0..<digits).reduce(UInt32(1)) { value, _ in value * 10 }
        let number = String(binary % modulus)
        return String(repeating: "0", count: digits - number.count) + number
    }

    /// The step `typed` is the code of, within the drift around `now` and later than `after` (a
    /// code already taken is never taken again); nil otherwise.
    static func matchingStep(_ typed: String, secret: Data, now: Date, after: Int64) -> Int64? {
        let digitsOnly = typed.filter { !$0.isWhitespace }
        guard digitsOnly.count == digits, digitsOnly.allSatisfy(\.isASCII), digitsOnly.allSatisfy(\.isNumber) else { return nil }
        let current = step(at: now)
        return (current - drift...current + drift).first { $0 > after && ConstantTime.equals(code(secret: secret, step: $0), digitsOnly) }
    }

    /// 20 random bytes (160 bits, RFC 4226's recommended length).
    static func newSecret() -> Data {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<20).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// The address an authenticator app reads from the QR code (Google Authenticator's key URI format).
    static func address(secret: Data, account: String, issuer: String) -> String {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        let label =
            "\(issuer):\(account)".addingPercentEncoding(withAllowedCharacters: allowed.union(CharacterSet(charactersIn: ":"))) ?? account
        let issued = issuer.addingPercentEncoding(withAllowedCharacters: allowed) ?? issuer
        return
            "otpauth://totp/\(label)?secret=\(Base32.encode(secret))&issuer=\(issued)&algorithm=SHA1&digits=\(digits)&period=\(stepSeconds)"
    }
}

/// RFC 4648's base32 without padding, as authenticator apps take a key typed by hand.
enum Base32 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")

    static func encode(_ data: Data) -> String {
        var out = "", buffer = 0, bits = 0
        for byte in data {
            buffer = (buffer << 8) | Int(byte)
            bits += 8
            while bits >= 5 {
                out.append(alphabet[(buffer >> (bits - 5)) & 31])
                bits -= 5
            }
        }
        if bits > 0 { out.append(alphabet[(buffer << (5 - bits)) & 31]) }
        return out
    }

    /// Spaces and lower case allowed; nil for any other character.
    static func decode(_ text: String) -> Data? {
        var out = Data(), buffer = 0, bits = 0
        for character in text.uppercased() where character != " " && character != "=" {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            buffer = (buffer << 5) | value
            bits += 5
            if bits >= 8 {
                out.append(UInt8((buffer >> (bits - 8)) & 0xff))
                bits -= 8
            }
        }
        return out
    }
}

@preconcurrency import Crypto
import FoodDiaryWeb
import Foundation

/// A backup's manifest signed with the data directory's `secret.key` (HMAC-SHA256): the manifest
/// holds the SHA-256 of every other entry, so the signature covers the whole archive. Whoever can
/// edit an archive can recompute its manifest, but not this, so a restore can tell an archive this
/// server made from one someone changed (an extra owner in its accounts, say).
enum BackupSignature {
    static let entryName = "manifest.sig"

    static func sign(_ manifest: Data, secret: Data) -> String {
        Data(HMAC<SHA256>.authenticationCode(for: manifest, using: key(secret))).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }

    static func verify(_ signature: String, of manifest: Data, secret: Data) -> Bool {
        ConstantTime.equals(signature.trimmingCharacters(in: .whitespacesAndNewlines), sign(manifest, secret: secret))
    }

    /// Its own key, so a signature is never also a valid CSRF token or device cookie.
    private static func key(_ secret: Data) -> SymmetricKey { SymmetricKey(data: SHA256.hash(data: Data("backup archives".utf8) + secret)) }
}

import Crypto
import FoodDiaryWeb
import Foundation

/// This server's identity to push services (VAPID, RFC 8292): a P-256 key made on first start and
/// kept in the data folder. Browsers subscribe with its public half; every push carries a token
/// signed with it, so a subscription's address is useless to anyone who lacks the key.
package struct VAPIDKey: Sendable {
    static let fileName = "push-vapid.key"
    /// A push service keeps a token's signature valid up to a day (RFC 8292 §2); 12 hours leaves room
    /// for a clock that is off.
    static let tokenLifetime: TimeInterval = 12 * 3600

    let privateKey: P256.Signing.PrivateKey
    /// Whom a push service may write to about this server's pushes (the token's `sub`).
    let contact: String

    package static func loadOrCreate(in directory: String, contact: String) throws -> VAPIDKey {
        let raw = try ServerSecret.loadOrCreate(in: directory, named: fileName) { P256.Signing.PrivateKey().rawRepresentation }
        return VAPIDKey(privateKey: try P256.Signing.PrivateKey(rawRepresentation: raw), contact: contact)
    }

    /// The key browsers are given as `applicationServerKey`: the uncompressed point, base64url.
    var publicKey: String { Base64URL.encode(privateKey.publicKey.x963Representation) }

    /// The `Authorization` header for a push to `endpoint`: an ES256 JWT naming the push service's
    /// origin, and the public key to check it with.
    func authorization(for endpoint: URL, now: Date) throws -> String {
        guard let scheme = endpoint.scheme, let host = endpoint.host else { throw URLError(.badURL) }
        let origin = "\(scheme)://\(host)" + (endpoint.port.map { ":\($0)" } ?? "")
        let header = #"{"typ":"JWT","alg":"ES256"}"#
        let claims = try JSONSerialization.data(
            withJSONObject: ["aud": origin, "exp": Int(now.timeIntervalSince1970 + Self.tokenLifetime), "sub": contact],
            options: [.sortedKeys, .withoutEscapingSlashes])
        let signingInput = Base64URL.encode(Data(header.utf8)) + "." + Base64URL.encode(claims)
        let signature = try privateKey.signature(for: Data(signingInput.utf8))
        return "vapid t=\(signingInput).\(Base64URL.encode(signature.rawRepresentation)), k=\(publicKey)"
    }
}

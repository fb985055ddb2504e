import Crypto
import Foundation

/// A push message's body as RFC 8291 encrypts it for one browser (content coding aes128gcm, RFC
/// 8188): only the browser that subscribed can read it, never the push service that carries it.
enum WebPushEncryption {
    /// One record holds every message this server sends; push services take 4,096 bytes at most.
    static let recordSize = 4096
    /// What fits in that record: 4,096 less the tag (16) and the padding delimiter (1), less the header
    /// (86) that push services count too.
    static let maxPlaintextBytes = recordSize - 16 - 1 - 86

    enum Failure: Error {
        case tooLong
    }

    /// `plaintext` for the browser whose key is `receiver` and whose secret is `authSecret`. The
    /// sender's key and the salt are new for every message; the tests pass RFC 8291's own.
    static func encrypt(
        _ plaintext: Data, for receiver: P256.KeyAgreement.PublicKey, authSecret: Data,
        sender: P256.KeyAgreement.PrivateKey = P256.KeyAgreement.PrivateKey(),
        salt: Data = Data((0..<16).map { _ in UInt8.random(in: .min ... .max) })
    ) throws -> Data {
        guard plaintext.count <= maxPlaintextBytes else { throw Failure.tooLong }
        let receiverKey = receiver.x963Representation, senderKey = sender.publicKey.x963Representation
        let shared = try sender.sharedSecretFromKeyAgreement(with: receiver)
        // RFC 8291 §3.4: the input keying material mixes the ECDH secret with the browser's secret
        // and both public keys.
        let keyInfo = Data("WebPush: info".utf8) + [0] + receiverKey + senderKey
        let inputKey = shared.withUnsafeBytes { secret in
            HKDF<SHA256>.deriveKey(
                inputKeyMaterial: SymmetricKey(data: Data(secret)), salt: authSecret, info: keyInfo, outputByteCount: 32)
        }
        // RFC 8188 §2.2 and §2.3: the content key and the nonce from the salt.
        let contentKey = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: inputKey, salt: salt, info: Data("Content-Encoding: aes128gcm".utf8) + [0], outputByteCount: 16)
        let nonceBytes = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: inputKey, salt: salt, info: Data("Content-Encoding: nonce".utf8) + [0], outputByteCount: 12)
        let nonce = try nonceBytes.withUnsafeBytes { try AES.GCM.Nonce(data: Data($0)) }
        // The last (and only) record ends with the delimiter 2 and no further padding.
        let sealed = try AES.GCM.seal(plaintext + [2], using: contentKey, nonce: nonce)
        var header = salt
        header.append(contentsOf: withUnsafeBytes(of: UInt32(recordSize).bigEndian, Array.init))
        header.append(UInt8(senderKey.count))
        header.append(senderKey)
        return header + sealed.ciphertext + sealed.tag
    }
}

import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import NIOConcurrencyHelpers
import Testing
@testable import FoodDiary

/// What a browser keeps for a push subscription, and how it reads a message (RFC 8291 §3, the
/// receiver's side, written from the RFC apart from the server's code).
struct PushBrowser {
    let key = P256.KeyAgreement.PrivateKey()
    let authSecret = Data((0..<16).map { _ in UInt8.random(in: 0...255) })

    func subscription(endpoint: String) -> Data {
        let keys = ["p256dh": Base64URL.encode(key.publicKey.x963Representation), "auth": Base64URL.encode(authSecret)]
        return try! JSONSerialization.data(withJSONObject: ["endpoint": endpoint, "expirationTime": NSNull(), "keys": keys])
    }

    func decrypt(_ body: Data) throws -> Data {
        let bytes = [UInt8](body)
        let salt = Data(bytes[0..<16])
        let recordSize = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let idLength = Int(bytes[20])
        let senderKey = Data(bytes[21..<(21 + idLength)])
        #expect(recordSize == 4096 && idLength == 65)
        let shared = try key.sharedSecretFromKeyAgreement(with: P256.KeyAgreement.PublicKey(x963Representation: senderKey))
        let secret = shared.withUnsafeBytes { Data($0) }
        func hmac(_ key: Data, _ data: Data) -> Data { Data(HMAC<SHA256>.authenticationCode(for: data, using: SymmetricKey(data: key))) }
        let prkKey = hmac(authSecret, secret)
        let ikm = hmac(prkKey, Data("WebPush: info".utf8) + [0] + key.publicKey.x963Representation + senderKey + [1])
        let prk = hmac(salt, ikm)
        let cek = hmac(prk, Data("Content-Encoding: aes128gcm".utf8) + [0, 1]).prefix(16)
        let nonce = hmac(prk, Data("Content-Encoding: nonce".utf8) + [0, 1]).prefix(12)
        let record = Data(bytes[(21 + idLength)...])
        let box = try AES.GCM.SealedBox(nonce: AES.GCM.Nonce(data: nonce), ciphertext: record.dropLast(16), tag: record.suffix(16))
        let padded = try AES.GCM.open(box, using: SymmetricKey(data: cek))
        // The last record: the text, the delimiter 2, then zeros.
        guard let delimiter = padded.lastIndex(where: { $0 != 0 }), padded[delimiter] == 2 else {
            throw CryptoKitError.authenticationFailure
        }
        return padded.prefix(upTo: delimiter)
    }
}

/// A push service on a loopback port: keeps every push it is sent, answers 201, or 410 for an
/// address under /gone/ (a subscription the browser dropped), three seconds late under /slow/.
final class PushServiceStandIn: Sendable {
    struct Push: Sendable {
        let path: String
        let headers: HTTPFields
        let body: Data
    }

    private let server = StandInServer()
    private let pushes = NIOLockedValueBox([Push]())
    var port: Int { server.port }
    var received: [Push] { pushes.withLockedValue { $0 } }

    func address(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    func start() async throws {
        let router = Router()
        router.post("/**") { request, _ -> Response in
            var request = request
            let body = Data(buffer: try await request.collectBody(upTo: 8_192))
            self.pushes.withLockedValue { $0.append(Push(path: request.uri.path, headers: request.headers, body: body)) }
            if request.uri.path.hasPrefix("/slow/") { try await Task.sleep(for: .seconds(3)) }
            return Response(status: request.uri.path.hasPrefix("/gone/") ? .gone : .created)
        }
        try await server.start(router, label: "push-service-stand-in")
    }

    func stop() async { await server.stop() }
}

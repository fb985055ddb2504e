@preconcurrency import Crypto
import FoodDiaryBase
import Foundation
import HTTPTypes
import Hummingbird

/// CSRF tokens the server can prove it issued: 16 random bytes and an HMAC-SHA256 of them under a
/// secret kept in the data directory, 64 hex characters in all. A cookie planted by someone else
/// (another site on a sibling name, a script that picks both values) carries no valid MAC, so it is
/// ignored and a fresh token issued.
package struct CSRFTokens: Sendable {
    package static let cookieName = "fooddiary_csrf"
    static let fieldName = "_csrf"
    package static let headerName = HTTPField.Name("X-CSRF-Token")!

    private let key: SymmetricKey

    package init(secret: Data) {
        key = SymmetricKey(data: secret)
    }

    package func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let nonce = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return hex(nonce) + mac(nonce)
    }

    /// The token of a browser session: derived from the session, so it changes at every sign-in and
    /// a token seen before sign-in (or in another session) is worth nothing after it.
    package func sessionToken(sessionIDSHA256: Data) -> String {
        let nonce = Array(HMAC<SHA256>.authenticationCode(for: Array("session".utf8) + Array(sessionIDSHA256), using: key)).prefix(16)
        return hex(nonce) + mac(Array(nonce))
    }

    /// Whether `token` is one of ours: well formed and signed with our secret.
    package func isGenuine(_ token: String) -> Bool {
        guard token.utf8.count == 64, token.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }),
            let nonce = bytes(fromHex: String(token.prefix(32)))
        else { return false }
        return ConstantTime.equals(String(token.suffix(32)), mac(nonce))
    }

    /// The browser's token from its cookie, if it is genuine.
    func cookieToken(_ request: Request) -> String? {
        guard let value = request.cookies[Self.cookieName]?.value, isGenuine(value) else { return nil }
        return value
    }

    /// What a state-changing request must send.
    enum Expectation: Equatable {
        /// Nothing: a bearer token is no credential another site can borrow.
        case none
        /// Its session's token, or before sign-in (and behind a sign-in proxy) the genuine one its
        /// cookie holds; nil when it has no such cookie, so nothing matches.
        case token(String?)
    }

    func expectation(_ request: Request, requester: (any Requester)?) -> Expectation {
        switch requester?.credential {
        case .token?: .none
        case .session(let idSHA256)?: .token(sessionToken(sessionIDSHA256: idSHA256))
        case .proxy?, nil: .token(cookieToken(request))
        }
    }

    /// Whether a form or header sent the genuine token the cookie holds.
    func accepts(sent: String?, cookie: String?) -> Bool {
        guard let sent, let cookie else { return false }
        return ConstantTime.equals(sent, cookie)
    }

    private func mac(_ nonce: [UInt8]) -> String {
        hex(Array(HMAC<SHA256>.authenticationCode(for: nonce, using: key)).prefix(16))
    }

    private func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }

    private func bytes(fromHex text: String) -> [UInt8]? {
        var result: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            guard let byte = UInt8(text[index..<next], radix: 16) else { return nil }
            result.append(byte)
            index = next
        }
        return result
    }
}

/// The server's secret for signing tokens: 32 random bytes in `<data-dir>/secret.key`, readable by
/// its owner only, made once on first start.
package enum ServerSecret {
    /// The data directory's secret, if it has one yet.
    package static func load(in directory: String) -> Data? {
        FileManager.default.contents(atPath: directory + "/secret.key").flatMap { $0.count == 32 ? $0 : nil }
    }

    /// The 32 bytes in `directory/name`, made by `make` (random by default) and kept, readable by the
    /// server alone, when there are none yet.
    package static func loadOrCreate(in directory: String, named name: String = "secret.key", make: () -> Data = random) throws -> Data {
        let path = directory + "/" + name
        if let existing = FileManager.default.contents(atPath: path), existing.count == 32 { return existing }
        let secret = make()
        let temporary = path + ".\(UUID().uuidString).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: secret, attributes: [.posixPermissions: 0o600]) else {
            throw POSIXFailure(operation: "create \(temporary)", code: errno)
        }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw POSIXFailure(operation: "rename to \(path)", code: errno)
        }
        return secret
    }

    private static func random() -> Data {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }
}

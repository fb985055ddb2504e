import Crypto
import CryptoExtras
import Foundation
import HTTPTypes
import Hummingbird
import NIOConcurrencyHelpers
import NIOCore

/// A local server speaking OpenID Connect as a household's provider does (discovery, JWKS, the
/// authorization endpoint, the token endpoint), strict as real ones are: a registered client and
/// redirect address, S256 PKCE checked, each code once. Its ID tokens are made here by hand, RS256
/// or ES256, so the server's checks are tried against tokens no library of ours wrote; `trick`
/// makes the next tokens wrong in one way each.
final class OpenIDProviderStandIn: Sendable {
    enum Trick: Sendable, CaseIterable {
        case none, forged, expired, wrongAudience, wrongIssuer, wrongNonce, unsigned, hmac, unknownKey, futureIssued, anotherParty
        /// Skips PKCE at the token endpoint, as a careless provider might: the nonce must still catch a code swapped in.
        case ignoresPKCE
    }

    struct Person: Sendable {
        var subject: String
        var username: String
        var groups: [String] = []
    }

    private struct Grant: Sendable {
        let redirectURI: String
        let challenge: String
        let nonce: String
        let person: Person
        var used = false
    }

    private struct State: Sendable {
        var person: Person?
        var trick = Trick.none
        var grants: [String: Grant] = [:]
        var authorizations: [[String: String]] = []
        var tokenRequests: [(authorization: String?, form: [String: String])] = []
    }

    let clientID = "fooddiary"
    let clientSecret = "a secret: with +/ and spaces"
    let redirectURI: String
    let usesRSA: Bool
    private let now: @Sendable () -> Date
    private let state = NIOLockedValueBox(State())
    private let server = StandInServer()
    private let rsa = try! _RSA.Signing.PrivateKey(keySize: .bits2048)
    private let ec = P256.Signing.PrivateKey()
    private let otherEC = P256.Signing.PrivateKey()
    private let otherRSA = try! _RSA.Signing.PrivateKey(keySize: .bits2048)

    init(redirectURI: String = "http://localhost/signin/sso/callback", usesRSA: Bool = true, now: @escaping @Sendable () -> Date) {
        self.redirectURI = redirectURI
        self.usesRSA = usesRSA
        self.now = now
    }

    var issuer: String { "http://127.0.0.1:\(server.port)" }
    var signedIn: Person? {
        get { state.withLockedValue { $0.person } }
        set { state.withLockedValue { $0.person = newValue } }
    }
    var trick: Trick {
        get { state.withLockedValue { $0.trick } }
        set { state.withLockedValue { $0.trick = newValue } }
    }
    /// What each authorization request asked, and each token request sent.
    var authorizations: [[String: String]] { state.withLockedValue { $0.authorizations } }
    var tokenRequests: [(authorization: String?, form: [String: String])] { state.withLockedValue { $0.tokenRequests } }

    func start() async throws {
        let router = Router()
        router.get("/.well-known/openid-configuration") { _, _ in
            Self.json([
                "issuer": self.issuer, "authorization_endpoint": "\(self.issuer)/authorize", "token_endpoint": "\(self.issuer)/token",
                "jwks_uri": "\(self.issuer)/jwks", "response_types_supported": ["code"], "subject_types_supported": ["public"],
                "id_token_signing_alg_values_supported": ["RS256", "ES256"], "code_challenge_methods_supported": ["S256"],
                "token_endpoint_auth_methods_supported": ["client_secret_basic"]
            ])
        }
        router.get("/jwks") { _, _ in Self.json(["keys": self.publishedKeys()]) }
        router.get("/authorize") { request, _ -> Response in
            let query = Dictionary(request.uri.queryParameters.map { (String($0.key), String($0.value)) }, uniquingKeysWith: { $1 })
            guard let location = self.authorize(query) else { return Response(status: .badRequest) }
            return Response(status: .seeOther, headers: [.location: location])
        }
        router.post("/token") { request, _ -> Response in
            let body = String(buffer: try await request.body.collect(upTo: 1 << 16))
            let answer = self.token(form: Self.formFields(body), authorization: request.headers[.authorization])
            return Self.json(answer.object, status: answer.status)
        }
        try await server.start(router, label: "openid-provider-stand-in")
    }

    func stop() async { await server.stop() }

    /// The authorization endpoint: where it sends the browser back, nil for a request no provider would take.
    func authorize(_ query: [String: String]) -> String? {
        state.withLockedValue { $0.authorizations.append(query) }
        guard query["response_type"] == "code", query["client_id"] == clientID, query["redirect_uri"] == redirectURI,
            query["code_challenge_method"] == "S256", let challenge = query["code_challenge"], let nonce = query["nonce"],
            query["scope"]?.split(separator: " ").contains("openid") == true, let state = query["state"]
        else { return nil }
        let back = "\(redirectURI)?state=\(Self.escaped(state))"
        guard let person = signedIn else { return back + "&error=access_denied" }
        let code = UUID().uuidString
        self.state.withLockedValue { $0.grants[code] = Grant(redirectURI: redirectURI, challenge: challenge, nonce: nonce, person: person) }
        return back + "&code=\(code)"
    }

    /// The authorization endpoint's answer for the sign-in the server sent the browser to.
    func authorize(_ address: String?) -> String? {
        guard let address, let items = URLComponents(string: address)?.queryItems else { return nil }
        return authorize(Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 }))
    }

    private func token(form: [String: String], authorization: String?) -> (status: HTTPResponse.Status, object: [String: Any]) {
        state.withLockedValue { $0.tokenRequests.append((authorization, form)) }
        // client_secret_basic: each of id and secret form-encoded, as RFC 6749 2.3.1 says, and read so.
        let pair = authorization.flatMap { $0.hasPrefix("Basic ") ? Data(base64Encoded: String($0.dropFirst(6))) : nil }
            .map { String(decoding: $0, as: UTF8.self).split(separator: ":", maxSplits: 1).map { Self.formDecoded(String($0)) } }
        guard pair == [clientID, clientSecret] else { return (.unauthorized, ["error": "invalid_client"]) }
        guard form["grant_type"] == "authorization_code", let code = form["code"] else {
            return (.badRequest, ["error": "unsupported_grant_type"])
        }
        let trick = self.trick
        let grant: Grant? = state.withLockedValue { state in
            guard var grant = state.grants[code], !grant.used, grant.redirectURI == form["redirect_uri"] else { return nil }
            let verifier = form["code_verifier"] ?? ""
            let challenge = Data(SHA256.hash(data: Data(verifier.utf8))).base64URL
            guard trick == .ignoresPKCE || challenge == grant.challenge else { return nil }
            grant.used = true
            state.grants[code] = grant
            return grant
        }
        guard let grant else { return (.badRequest, ["error": "invalid_grant"]) }
        return (
            .ok,
            ["access_token": UUID().uuidString, "token_type": "Bearer", "expires_in": 300, "id_token": idToken(for: grant, trick: trick)]
        )
    }

    private func idToken(for grant: Grant, trick: Trick) -> String {
        let issued = now()
        var claims: [String: Any] = [
            "iss": trick == .wrongIssuer ? "http://127.0.0.1:1" : issuer, "sub": grant.person.subject,
            "aud": trick == .wrongAudience ? "another-app" : clientID,
            "exp": issued.addingTimeInterval(trick == .expired ? -600 : 300).timeIntervalSince1970,
            "iat": issued.addingTimeInterval(trick == .futureIssued ? 3600 : 0).timeIntervalSince1970,
            "auth_time": issued.timeIntervalSince1970,
            "nonce": trick == .wrongNonce ? "not-the-nonce" : grant.nonce, "preferred_username": grant.person.username,
            "email": "\(grant.person.username)@home.example", "groups": grant.person.groups
        ]
        if trick == .anotherParty { (claims["aud"], claims["azp"]) = ([clientID, "another-app"], "another-app") }
        let algorithm = trick == .unsigned ? "none" : trick == .hmac ? "HS256" : usesRSA ? "RS256" : "ES256"
        let header: [String: Any] = ["alg": algorithm, "typ": "JWT", "kid": trick == .unknownKey ? "nobody" : usesRSA ? "rsa-1" : "ec-1"]
        let input = Self.part(header) + "." + Self.part(claims)
        let data = Data(input.utf8)
        let signature: Data
        switch (trick, usesRSA) {
        case (.unsigned, _): signature = Data()
        case (.hmac, _): signature = Data(HMAC<SHA256>.authenticationCode(for: data, using: SymmetricKey(data: Data(clientSecret.utf8))))
        case (.forged, true): signature = try! otherRSA.signature(for: data, padding: .insecurePKCS1v1_5).rawRepresentation
        case (.forged, false): signature = try! otherEC.signature(for: data).rawRepresentation
        case (_, true): signature = try! rsa.signature(for: data, padding: .insecurePKCS1v1_5).rawRepresentation
        case (_, false): signature = try! ec.signature(for: data).rawRepresentation
        }
        return input + "." + signature.base64URL
    }

    private func publishedKeys() -> [[String: String]] {
        let primitives = try! rsa.publicKey.getKeyPrimitives()
        let point = ec.publicKey.rawRepresentation
        return [
            [
                "kty": "RSA", "kid": "rsa-1", "use": "sig", "alg": "RS256", "n": primitives.modulus.base64URL,
                "e": primitives.publicExponent.base64URL
            ],
            [
                "kty": "EC", "kid": "ec-1", "use": "sig", "alg": "ES256", "crv": "P-256", "x": point.prefix(32).base64URL,
                "y": point.suffix(32).base64URL
            ],
            // An encryption key, which a verifier must pass over.
            [
                "kty": "RSA", "kid": "enc-1", "use": "enc", "alg": "RSA-OAEP", "n": primitives.modulus.base64URL,
                "e": primitives.publicExponent.base64URL
            ]
        ]
    }

    private static func part(_ object: [String: Any]) -> String {
        (try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])).base64URL
    }

    private static func json(_ object: [String: Any], status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(bytes: try! JSONSerialization.data(withJSONObject: object))))
    }

    static func escaped(_ text: String) -> String {
        text.addingPercentEncoding(
            withAllowedCharacters: CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._*"))!
            .replacingOccurrences(of: "%20", with: "+")
    }

    static func formDecoded(_ text: String) -> String { text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? "" }

    static func formFields(_ body: String) -> [String: String] {
        Dictionary(
            body.split(separator: "&").map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1).map { formDecoded(String($0)) }
                return (parts[0], parts.count > 1 ? parts[1] : "")
            }, uniquingKeysWith: { $1 })
    }
}

extension Data {
    var base64URL: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(
            of: "=", with: "")
    }
}

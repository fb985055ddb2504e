import FoodDiaryWeb
import Foundation
import JWTKit

/// The provider as this server talks to it: its discovery document and keys, fetched when first
/// needed and kept a while (a provider down at start-up does not stop the server), and the code
/// exchanged for an ID token whose signature, issuer, audience, time and nonce are checked.
/// Everything goes through `OutboundHTTP`: bounded in time and size, on threads that only wait.
/// The provider is the owner's, so it may be on the home network.
actor OpenIDProvider {
    struct Metadata: Sendable, Decodable {
        let issuer: String
        let authorizationEndpoint: String
        let tokenEndpoint: String
        let jwksURI: String
        let tokenEndpointAuthMethodsSupported: [String]?

        enum CodingKeys: String, CodingKey {
            case issuer
            case authorizationEndpoint = "authorization_endpoint"
            case tokenEndpoint = "token_endpoint"
            case jwksURI = "jwks_uri"
            case tokenEndpointAuthMethodsSupported = "token_endpoint_auth_methods_supported"
        }
    }

    private struct Keys {
        let collection: JWTKeyCollection
        let ids: Set<String>
        let fetched: ContinuousClock.Instant
    }

    let settings: OpenIDSettings
    private let http: OutboundHTTP
    private var metadata: (value: Metadata, fetched: ContinuousClock.Instant)?
    private var keys: Keys?
    /// How long the discovery document and keys are kept; a token naming a key not among them
    /// fetches the keys again (a provider rotating its keys), at most once a minute.
    static let keptFor: Duration = .seconds(3600)
    static let refetchAfter: Duration = .seconds(60)

    init(settings: OpenIDSettings) {
        self.settings = settings
        http = OutboundHTTP(timeout: settings.deadline, maxBytes: 1_000_000)
    }

    func discovered() async throws(OpenIDProblem) -> Metadata {
        if let metadata, ContinuousClock.now - metadata.fetched < Self.keptFor { return metadata.value }
        guard let url = settings.discoveryURL else { throw .unreachable("the issuer makes no discovery address") }
        let found = try await fetchJSON(Metadata.self, from: url, what: "discovery document")
        // Discovery 4.3: the document must name the issuer asked, or someone else's tokens would pass.
        guard found.issuer == settings.issuer else {
            throw .unreachable("the discovery document names the issuer “\(found.issuer)”, not “\(settings.issuer)”")
        }
        for address in [found.authorizationEndpoint, found.tokenEndpoint, found.jwksURI] {
            guard let endpoint = URL(string: address), OutboundHTTP.isWebAddress(endpoint) else {
                throw .unreachable("the discovery document's “\(address)” is not a web address")
            }
        }
        metadata = (found, .now)
        return found
    }

    /// The browser's way to the provider's sign-in page, for PKCE (S256), a state and a nonce.
    func authorizationURL(state: String, nonce: String, codeChallenge: String, redirectURI: String) async throws(OpenIDProblem) -> URL {
        let endpoint = try await discovered().authorizationEndpoint
        guard var components = URLComponents(string: endpoint) else { throw .unreachable("the authorization endpoint is not an address") }
        components.queryItems =
            (components.queryItems ?? []) + [
                URLQueryItem(name: "response_type", value: "code"), URLQueryItem(name: "client_id", value: settings.clientID),
                URLQueryItem(name: "redirect_uri", value: redirectURI), URLQueryItem(name: "scope", value: settings.scope),
                URLQueryItem(name: "state", value: state), URLQueryItem(name: "nonce", value: nonce),
                URLQueryItem(name: "code_challenge", value: codeChallenge), URLQueryItem(name: "code_challenge_method", value: "S256")
            ]
        // `+` in a value would be read as a space by the provider's form decoding.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        guard let url = components.url else { throw .unreachable("the authorization address could not be made") }
        return url
    }

    /// The code exchanged at the token endpoint (with the PKCE verifier), its ID token checked.
    func identity(code: String, verifier: String, redirectURI: String, nonce: String, now: Date) async throws(OpenIDProblem)
        -> OpenIDIdentity
    {
        let metadata = try await discovered()
        guard let endpoint = URL(string: metadata.tokenEndpoint) else { throw .unreachable("the token endpoint is not an address") }
        var fields = [("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI), ("code_verifier", verifier)]
        var headers = [("Content-Type", "application/x-www-form-urlencoded"), ("Accept", "application/json")]
        if let secret = settings.clientSecret {
            // client_secret_basic unless the provider says it takes only client_secret_post (RFC 6749 2.3.1).
            let methods = metadata.tokenEndpointAuthMethodsSupported ?? ["client_secret_basic"]
            if methods.contains("client_secret_basic") || !methods.contains("client_secret_post") {
                // Each form-encoded first, as RFC 6749 2.3.1 asks.
                let pair = queryEscaped(settings.clientID) + ":" + queryEscaped(secret)
                headers.append(("Authorization", "Basic " + Data(pair.utf8).base64EncodedString()))
            } else {
                fields += [("client_id", settings.clientID), ("client_secret", secret)]
            }
        } else {
            fields.append(("client_id", settings.clientID))
        }
        let body = Data(fields.map { queryEscaped($0.0) + "=" + queryEscaped($0.1) }.joined(separator: "&").utf8)
        let answer: OutboundHTTP.Response
        do {
            answer = try await http.send(endpoint, method: "POST", headers: headers, body: body)
        } catch {
            throw .unreachable("the token endpoint did not answer (\(error))")
        }
        guard answer.status == 200 else {
            let error = ((try? JSONSerialization.jsonObject(with: answer.body)) as? [String: Any])?["error"] as? String
            throw .refused("the token endpoint answered \(answer.status)\(error.map { " (\($0))" } ?? "")")
        }
        guard let object = (try? JSONSerialization.jsonObject(with: answer.body)) as? [String: Any],
            let idToken = object["id_token"] as? String
        else {
            throw .refused("the token endpoint's answer has no ID token")
        }
        let claims = try await verified(idToken)
        return try IDToken.identity(claims, issuer: settings.issuer, clientID: settings.clientID, nonce: nonce, now: now)
    }

    /// The token's claims, once its signature is one of the provider's keys'.
    private func verified(_ token: String) async throws(OpenIDProblem) -> IDTokenClaims {
        let header = try IDToken.header(of: token)
        var keys = try await currentKeys()
        if let id = header.keyID, !keys.ids.contains(id), ContinuousClock.now - keys.fetched > Self.refetchAfter {
            self.keys = nil
            keys = try await currentKeys()
        }
        // A key id not among the provider's would fall back to JWTKit's default key: refused here instead.
        if let id = header.keyID, !keys.ids.contains(id) {
            throw .badToken("the ID token names a key (\(id)) the provider does not publish")
        }
        do {
            return try await keys.collection.verify(token, as: IDTokenClaims.self)
        } catch {
            throw .badToken("the ID token's signature did not verify (\(error))")
        }
    }

    private func currentKeys() async throws(OpenIDProblem) -> Keys {
        if let keys, ContinuousClock.now - keys.fetched < Self.keptFor { return keys }
        guard let url = URL(string: try await discovered().jwksURI) else { throw .unreachable("the JWKS address is not an address") }
        let set = try await fetchJSON(JWKS.self, from: url, what: "keys")
        let collection = JWTKeyCollection()
        var ids = Set<String>()
        // Keys for encryption, or of kinds JWTKit cannot use, are passed over rather than refusing the set.
        for key in set.keys where key.keyIdentifier != nil {
            guard (try? await collection.add(jwk: key)) != nil, let id = key.keyIdentifier?.string else { continue }
            ids.insert(id)
        }
        guard !ids.isEmpty else { throw .unreachable("the provider publishes no signing key this server can use") }
        let fresh = Keys(collection: collection, ids: ids, fetched: .now)
        keys = fresh
        return fresh
    }

    private func fetchJSON<T: Decodable>(_ type: T.Type, from url: URL, what: String) async throws(OpenIDProblem) -> T {
        let answer: OutboundHTTP.Response
        do {
            answer = try await http.send(url, headers: [("Accept", "application/json")])
        } catch {
            throw .unreachable("its \(what) at \(url.absoluteString) could not be fetched (\(error))")
        }
        guard answer.status == 200 else { throw .unreachable("its \(what) at \(url.absoluteString) answered \(answer.status)") }
        do {
            return try JSONDecoder().decode(T.self, from: answer.body)
        } catch {
            throw .unreachable("its \(what) at \(url.absoluteString) could not be read")
        }
    }
}

import FoodDiaryWeb
import Foundation
import JWTKit

/// The claims of an ID token this server reads. The signature is JWTKit's to check; the claims are
/// checked by `IDToken.identity`, against this server's clock, as OpenID Connect Core 3.1.3.7 says.
struct IDTokenClaims: JWTPayload {
    let iss: String
    let sub: String
    let aud: [String]
    let exp: Date
    let iat: Date?
    let nbf: Date?
    let nonce: String?
    let azp: String?
    let preferredUsername: String?
    let name: String?
    let email: String?
    let groups: [String]

    enum CodingKeys: String, CodingKey {
        case iss, sub, aud, exp, iat, nbf, nonce, azp, name, email, groups
        case preferredUsername = "preferred_username"
    }

    init(from decoder: any Decoder) throws {
        let claims = try decoder.container(keyedBy: CodingKeys.self)
        iss = try claims.decode(String.self, forKey: .iss)
        sub = try claims.decode(String.self, forKey: .sub)
        // One audience may be written as a string, several as an array (RFC 7519 4.1.3); so may groups.
        if let several = try? claims.decode([String].self, forKey: .aud) {
            aud = several
        } else {
            aud = [try claims.decode(String.self, forKey: .aud)]
        }
        exp = Date(timeIntervalSince1970: try claims.decode(Double.self, forKey: .exp))
        iat = try claims.decodeIfPresent(Double.self, forKey: .iat).map(Date.init(timeIntervalSince1970:))
        nbf = try claims.decodeIfPresent(Double.self, forKey: .nbf).map(Date.init(timeIntervalSince1970:))
        nonce = try claims.decodeIfPresent(String.self, forKey: .nonce)
        azp = try claims.decodeIfPresent(String.self, forKey: .azp)
        preferredUsername = try? claims.decodeIfPresent(String.self, forKey: .preferredUsername)
        name = try? claims.decodeIfPresent(String.self, forKey: .name)
        email = try? claims.decodeIfPresent(String.self, forKey: .email)
        groups =
            (try? claims.decodeIfPresent([String].self, forKey: .groups)) ?? (try? claims.decodeIfPresent(String.self, forKey: .groups))
            .flatMap { $0.map { [$0] } } ?? []
    }

    /// Only read here; `JWTPayload` is `Codable`, so a few claims are written for it.
    func encode(to encoder: any Encoder) throws {
        var claims = encoder.container(keyedBy: CodingKeys.self)
        try claims.encode(iss, forKey: .iss)
        try claims.encode(sub, forKey: .sub)
        try claims.encode(aud, forKey: .aud)
        try claims.encode(exp.timeIntervalSince1970, forKey: .exp)
    }

    /// The time claims are checked with the server's clock in `IDToken.identity`, not JWTKit's.
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// Who the provider says signed in.
struct OpenIDIdentity: Sendable, Equatable {
    let issuer: String
    let subject: String
    /// How the provider shows the person (their user name or address), for the account page.
    let shownAs: String
    /// A name for a new member's account, from the provider's user name, name or address.
    let suggestedNames: [String]
    let groups: [String]
}

enum IDToken {
    /// Asymmetric only: "none" and HMAC (keyed with the client secret, which the provider's other
    /// clients may share) are refused before any key is looked at.
    static let algorithms: Set<String> = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"]
    /// Clocks disagree a little; a token is not refused for seconds.
    static let leeway: TimeInterval = 60

    /// The header's algorithm and key id, read before the signature is checked.
    static func header(of token: String) throws(OpenIDProblem) -> (algorithm: String, keyID: String?) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let data = Base64URL.decode(String(parts[0])),
            let header = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any], let algorithm = header["alg"] as? String
        else {
            throw .badToken("the ID token is not a signed JWT")
        }
        guard algorithms.contains(algorithm) else { throw .badToken("the ID token is signed with \(algorithm), which is not accepted") }
        return (algorithm, header["kid"] as? String)
    }

    /// Checks the claims of a token whose signature was checked: issuer, audience, time, nonce.
    static func identity(_ claims: IDTokenClaims, issuer: String, clientID: String, nonce: String, now: Date) throws(OpenIDProblem)
        -> OpenIDIdentity
    {
        guard claims.iss == issuer else { throw .badToken("the ID token's issuer is “\(claims.iss)”, not “\(issuer)”") }
        guard claims.aud.contains(clientID) else { throw .badToken("the ID token is for \(claims.aud), not this server (\(clientID))") }
        // Several audiences: the one it was given to must be named, and be us (Core 3.1.3.7, 4–5).
        if claims.aud.count > 1 || claims.azp != nil, claims.azp != clientID {
            throw .badToken("the ID token was given to \(claims.azp ?? "nobody named"), not this server")
        }
        guard claims.exp.addingTimeInterval(leeway) > now else { throw .badToken("the ID token expired at \(claims.exp)") }
        if let iat = claims.iat, iat > now.addingTimeInterval(leeway) { throw .badToken("the ID token was issued in the future (\(iat))") }
        if let nbf = claims.nbf, nbf > now.addingTimeInterval(leeway) { throw .badToken("the ID token is not valid before \(nbf)") }
        guard let sent = claims.nonce, ConstantTime.equals(sent, nonce) else {
            throw .badToken("the ID token's nonce is not the one this sign-in sent")
        }
        guard !claims.sub.isEmpty, claims.sub.utf8.count <= 255 else { throw .badToken("the ID token's subject is empty or too long") }
        let names = [claims.preferredUsername, claims.name, claims.email.map { String($0.prefix { $0 != "@" }) }].compactMap { $0 }
        return OpenIDIdentity(
            issuer: claims.iss, subject: claims.sub,
            shownAs: String((claims.preferredUsername ?? claims.email ?? claims.name ?? claims.sub).prefix(100)),
            suggestedNames: names, groups: claims.groups)
    }
}

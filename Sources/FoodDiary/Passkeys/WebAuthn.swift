@preconcurrency import Crypto
import Foundation
@preconcurrency import CryptoExtras

/// WebAuthn's two ceremonies checked as Level 2 (§7.1 registration, §7.2 authentication) says:
/// the client data's type, challenge (made here, used once) and origin; the authenticator data's
/// RP ID hash, user-presence flag and signature counter; the signature over both with the
/// credential's COSE key: ES256, RS256 and EdDSA. Attestation is asked as "none", so only "none"
/// statements are taken: nothing here relies on who made the authenticator.
enum WebAuthn {
    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    /// Where a ceremony must have happened: the RP ID (the server's host name, without a port) and
    /// the page's origin.
    struct RelyingParty: Sendable, Equatable {
        let id: String
        let origin: String
    }

    /// A registration that passed: what to keep.
    struct NewCredential: Sendable {
        let id: Data
        let publicKeyCOSE: Data
        let signCount: UInt32
        let userVerified: Bool
    }

    static let supportedAlgorithms = [-7, -257, -8]

    static func verifyRegistration(clientDataJSON: Data, attestationObject: Data, challenge: Data, relyingParty: RelyingParty) throws
        -> NewCredential
    {
        try checkClientData(clientDataJSON, type: "webauthn.create", challenge: challenge, relyingParty: relyingParty)
        let object: CBOR
        do { object = try CBOR.decode(attestationObject).0 } catch { throw Refusal(description: "The attestation object is not CBOR.") }
        guard let format = object["fmt"]?.text, let authData = object["authData"]?.bytes, case .map(let statement)? = object["attStmt"]
        else {
            throw Refusal(description: "The attestation object lacks fmt, authData or attStmt.")
        }
        guard format == "none", statement.isEmpty else {
            throw Refusal(description: "Only attestation “none” is taken, as asked; this was “\(format)”.")
        }
        let data = try AuthenticatorData(authData, relyingParty: relyingParty)
        guard let id = data.credentialID, let key = data.publicKeyCOSE else {
            throw Refusal(description: "The authenticator data holds no credential.")
        }
        guard (16...1_023).contains(id.count) else { throw Refusal(description: "A credential id of \(id.count) bytes.") }
        _ = try PublicKey(cose: key)
        return NewCredential(id: id, publicKeyCOSE: key, signCount: data.signCount, userVerified: data.userVerified)
    }

    /// Checks a sign-in with a stored credential; returns its new signature counter.
    static func verifyAssertion(
        publicKeyCOSE: Data, storedSignCount: UInt32, clientDataJSON: Data, authenticatorData: Data, signature: Data,
        challenge: Data, relyingParty: RelyingParty
    ) throws -> UInt32 {
        try checkClientData(clientDataJSON, type: "webauthn.get", challenge: challenge, relyingParty: relyingParty)
        let data = try AuthenticatorData(authenticatorData, relyingParty: relyingParty)
        let signed = authenticatorData + Data(SHA256.hash(data: clientDataJSON))
        guard try PublicKey(cose: publicKeyCOSE).isValid(signature, for: signed) else {
            throw Refusal(description: "The signature does not match the passkey.")
        }
        // §7.2 step 21: a counter that does not grow means two authenticators hold one key.
        if data.signCount != 0 || storedSignCount != 0, data.signCount <= storedSignCount {
            throw Refusal(description: "The passkey’s counter went back (\(storedSignCount) → \(data.signCount)): it may have been copied.")
        }
        return data.signCount
    }

    static func checkClientData(_ json: Data, type: String, challenge: Data, relyingParty: RelyingParty) throws {
        guard let client = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any] else {
            throw Refusal(description: "The client data is not JSON.")
        }
        guard client["type"] as? String == type else { throw Refusal(description: "The client data is for another ceremony.") }
        guard let sent = (client["challenge"] as? String).flatMap(Base64URL.decode), sent.count == challenge.count,
            zip(sent, challenge).reduce(0, { $0 | ($1.0 ^ $1.1) }) == 0
        else { throw Refusal(description: "The challenge is not the one this server gave.") }
        guard client["origin"] as? String == relyingParty.origin else {
            throw Refusal(description: "The ceremony happened on another site.")
        }
        if client["crossOrigin"] as? Bool == true { throw Refusal(description: "The ceremony happened in a frame of another site.") }
    }

    /// §6.1: the RP ID's hash, the flags, the counter and, at registration, the new credential.
    struct AuthenticatorData {
        let flags: UInt8
        let signCount: UInt32
        let credentialID: Data?
        let publicKeyCOSE: Data?

        var userVerified: Bool { flags & 0x04 != 0 }

        init(_ data: Data, relyingParty: RelyingParty) throws {
            let bytes = [UInt8](data)
            guard bytes.count >= 37 else { throw Refusal(description: "The authenticator data is too short.") }
            guard Data(bytes[0..<32]) == Data(SHA256.hash(data: Data(relyingParty.id.utf8))) else {
                throw Refusal(description: "The passkey is for another site.")
            }
            flags = bytes[32]
            guard flags & 0x01 != 0 else { throw Refusal(description: "The authenticator did not check that someone was there.") }
            signCount = bytes[33..<37].reduce(0) { $0 << 8 | UInt32($1) }
            guard flags & 0x40 != 0 else {
                (credentialID, publicKeyCOSE) = (nil, nil)
                return
            }
            guard bytes.count >= 55 else { throw Refusal(description: "The attested credential data is cut short.") }
            let length = Int(bytes[53]) << 8 | Int(bytes[54])
            guard bytes.count >= 55 + length else { throw Refusal(description: "The credential id is cut short.") }
            credentialID = Data(bytes[55..<55 + length])
            let keyStart = 55 + length
            do {
                let end = try CBOR.decode(data, from: data.startIndex + keyStart).end
                publicKeyCOSE = Data(bytes[keyStart..<end])
            } catch {
                throw Refusal(description: "The credential's public key is not CBOR.")
            }
        }
    }

    /// A COSE key (RFC 9053) of an algorithm taken here.
    enum PublicKey {
        case es256(P256.Signing.PublicKey)
        case rs256(_RSA.Signing.PublicKey)
        case eddsa(Curve25519.Signing.PublicKey)

        init(cose: Data) throws {
            guard let key = try? CBOR.decode(cose).0 else { throw Refusal(description: "The public key is not CBOR.") }
            switch (key[1]?.integer, key[3]?.integer) {
            case (2, -7):
                guard key[-1]?.integer == 1, let x = key[-2]?.bytes, let y = key[-3]?.bytes, x.count == 32, y.count == 32,
                    let point = try? P256.Signing.PublicKey(x963Representation: [0x04] + x + y)
                else {
                    throw Refusal(description: "Not a P-256 key.")
                }
                self = .es256(point)
            case (3, -257):
                guard let n = key[-1]?.bytes, let e = key[-2]?.bytes, let rsa = try? _RSA.Signing.PublicKey(n: n, e: e) else {
                    throw Refusal(description: "Not an RSA key of at least 2048 bits.")
                }
                self = .rs256(rsa)
            case (1, -8):
                guard key[-1]?.integer == 6, let x = key[-2]?.bytes, let ed = try? Curve25519.Signing.PublicKey(rawRepresentation: x) else {
                    throw Refusal(description: "Not an Ed25519 key.")
                }
                self = .eddsa(ed)
            default:
                throw Refusal(description: "A key of an algorithm not taken here (ES256, RS256 and EdDSA are).")
            }
        }

        func isValid(_ signature: Data, for data: Data) -> Bool {
            switch self {
            case .es256(let key):
                guard let parsed = try? P256.Signing.ECDSASignature(derRepresentation: signature) else { return false }
                return key.isValidSignature(parsed, for: data)
            case .rs256(let key):
                return key.isValidSignature(
                    _RSA.Signing.RSASignature(rawRepresentation: signature), for: SHA256.hash(data: data), padding: .insecurePKCS1v1_5)
            case .eddsa(let key):
                return key.isValidSignature(signature, for: data)
            }
        }
    }
}

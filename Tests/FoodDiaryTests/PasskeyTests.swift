@preconcurrency import Crypto
import FoodDiaryBase
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@preconcurrency import CryptoExtras
@testable import FoodDiary
@testable import FoodDiaryWeb

/// A software authenticator: the stand-in for a phone's or a security key's part of WebAuthn
/// (the browser's part is tested with Chromium's virtual authenticator in the journeys). It
/// answers as CTAP2 authenticators do: CBOR, the RP ID's hash, flags, a counter, a signature.
struct SoftAuthenticator {
    enum Key {
        case es256(P256.Signing.PrivateKey)
        case rs256(_RSA.Signing.PrivateKey)
        case eddsa(Curve25519.Signing.PrivateKey)
    }

    let key: Key
    let credentialID = Data((0..<32).map { _ in UInt8.random(in: 0...255) })
    var counter: UInt32 = 0

    var coseKey: Data {
        switch key {
        case .es256(let key):
            let point = key.publicKey.x963Representation
            return Self.cbor(map: [(1, .int(2)), (3, .int(-7)), (-1, .int(1)), (-2, .bytes(point[1..<33])), (-3, .bytes(point[33..<65]))])
        case .rs256(let key):
            let primitives = try! key.publicKey.getKeyPrimitives()
            return Self.cbor(map: [(1, .int(3)), (3, .int(-257)), (-1, .bytes(primitives.modulus)), (-2, .bytes(primitives.publicExponent))]
            )
        case .eddsa(let key):
            return Self.cbor(map: [(1, .int(1)), (3, .int(-8)), (-1, .int(6)), (-2, .bytes(key.publicKey.rawRepresentation))])
        }
    }

    func sign(_ data: Data) -> Data {
        switch key {
        case .es256(let key): try! key.signature(for: data).derRepresentation
        case .rs256(let key): try! key.signature(for: SHA256.hash(data: data), padding: .insecurePKCS1v1_5).rawRepresentation
        case .eddsa(let key): try! key.signature(for: data)
        }
    }

    static func clientData(_ type: String, challenge: String, origin: String = "http://localhost") -> Data {
        Data(#"{"type":"\#(type)","challenge":"\#(challenge)","origin":"\#(origin)","crossOrigin":false}"#.utf8)
    }

    func authenticatorData(rpID: String = "localhost", flags: UInt8, attested: Bool) -> Data {
        var data = Data(SHA256.hash(data: Data(rpID.utf8)))
        data.append(flags | (attested ? 0x40 : 0))
        data.append(contentsOf: withUnsafeBytes(of: counter.bigEndian, Array.init))
        if attested {
            data.append(Data(count: 16))
            data.append(contentsOf: [UInt8(credentialID.count >> 8), UInt8(credentialID.count & 0xff)])
            data.append(credentialID)
            data.append(coseKey)
        }
        return data
    }

    /// navigator.credentials.create's answer, as passkeys.js sends it.
    func registration(challenge: String, origin: String = "http://localhost", rpID: String = "localhost", format: String = "none") -> Data {
        let attestation = Self.cbor(textMap: [
            ("fmt", .text(format)), ("attStmt", .raw(Data([0xa0]))),
            ("authData", .bytes(authenticatorData(rpID: rpID, flags: 0x05, attested: true)))
        ])
        let body: [String: String] = [
            "name": "Test key",
            "clientDataJSON": Base64URL.encode(Self.clientData("webauthn.create", challenge: challenge, origin: origin)),
            "attestationObject": Base64URL.encode(attestation)
        ]
        return try! JSONSerialization.data(withJSONObject: body)
    }

    /// navigator.credentials.get's answer.
    mutating func assertion(
        challenge: String, origin: String = "http://localhost", rpID: String = "localhost", flags: UInt8 = 0x05,
        countUp: Bool = true, forge: Bool = false
    ) -> Data {
        if countUp { counter += 1 }
        let client = Self.clientData("webauthn.get", challenge: challenge, origin: origin)
        let data = authenticatorData(rpID: rpID, flags: flags, attested: false)
        var signature = sign(data + Data(SHA256.hash(data: client)))
        if forge { signature = sign(Data("something else".utf8)) }
        let body: [String: String?] = [
            "id": Base64URL.encode(credentialID), "clientDataJSON": Base64URL.encode(client),
            "authenticatorData": Base64URL.encode(data), "signature": Base64URL.encode(signature), "userHandle": nil, "next": "/today"
        ]
        return try! JSONSerialization.data(withJSONObject: body.mapValues { $0 ?? NSNull() as Any })
    }

    enum Value {
        case int(Int)
        case bytes(Data)
        case text(String)
        case raw(Data)
    }

    static func cbor(map: [(Int, Value)]) -> Data {
        Data([0xa0 | UInt8(map.count)]) + map.map { head($0.0) + encode($0.1) }.reduce(Data(), +)
    }
    static func cbor(textMap: [(String, Value)]) -> Data {
        Data([0xa0 | UInt8(textMap.count)]) + textMap.map { encode(.text($0.0)) + encode($0.1) }.reduce(Data(), +)
    }

    static func head(_ value: Int) -> Data { value >= 0 ? header(0, UInt64(value)) : header(1, UInt64(-1 - value)) }

    static func encode(_ value: Value) -> Data {
        switch value {
        case .int(let number): head(number)
        case .bytes(let data): header(2, UInt64(data.count)) + data
        case .text(let text): header(3, UInt64(text.utf8.count)) + Data(text.utf8)
        case .raw(let data): data
        }
    }

    static func header(_ major: UInt8, _ argument: UInt64) -> Data {
        switch argument {
        case 0..<24: Data([major << 5 | UInt8(argument)])
        case 24..<256: Data([major << 5 | 24, UInt8(argument)])
        default: Data([major << 5 | 25, UInt8(argument >> 8), UInt8(argument & 0xff)])
        }
    }
}

/// Issue 63: passkeys made and used through the app, each check of WebAuthn's shown to refuse.
@Suite struct PasskeyTests {
    /// The router's test client asks as `http://localhost`, the RP ID and origin these use.
    static let host: HTTPFields = [:]

    static func json(_ response: TestResponse) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(response.text.utf8))) as? [String: Any] ?? [:]
    }

    /// Registers `authenticator` for the person signed in with `session` (the test person unless told).
    static func register(
        _ client: any TestClientProtocol, _ authenticator: SoftAuthenticator, origin: String = "http://localhost",
        rpID: String = "localhost", format: String = "none", session: String = TestPerson.sessionID
    ) async throws -> TestResponse {
        let options = try await client.execute(
            uri: "/account/passkeys/new", method: .post,
            headers: host + [
                .cookie: browserCookies(session: session), .contentType: "application/x-www-form-urlencoded",
                CSRFTokens.headerName: csrfToken(ofSession: session)
            ],
            body: .init(
                string: "current_password=\(TestPerson.password.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"))
        let challenge = try #require(json(options)["challenge"] as? String, "\(options.status) \(options.text)")
        return try await client.execute(
            uri: "/account/passkeys", method: .post,
            headers: host + [
                .cookie: browserCookies(session: session), .contentType: "application/json",
                CSRFTokens.headerName: csrfToken(ofSession: session)
            ],
            body: .init(data: authenticator.registration(challenge: challenge, origin: origin, rpID: rpID, format: format)))
    }

    /// A sign-in's options (and its cookie), then the authenticator's answer.
    static func signIn(
        _ client: any TestClientProtocol, _ authenticator: inout SoftAuthenticator, origin: String = "http://localhost",
        rpID: String = "localhost",
        flags: UInt8 = 0x05, countUp: Bool = true, forge: Bool = false
    ) async throws -> TestResponse {
        let options = try await client.execute(
            uri: "/signin/passkey", method: .get,
            headers: host + [.cookie: browserCookies(csrfCookie: CSRFTests.anonymousToken, session: nil)])
        let challenge = try #require(json(options)["challenge"] as? String)
        let browser = try #require(options.cookie(PasskeyChallenges.cookieName))
        let body = authenticator.assertion(challenge: challenge, origin: origin, rpID: rpID, flags: flags, countUp: countUp, forge: forge)
        return try await client.execute(
            uri: "/signin/passkey", method: .post,
            headers: host + [
                .cookie: browserCookies(csrfCookie: CSRFTests.anonymousToken, session: nil)
                    + "; \(PasskeyChallenges.cookieName)=\(browser)",
                .contentType: "application/json", CSRFTokens.headerName: CSRFTests.anonymousToken
            ], body: .init(data: body))
    }

    @Test(arguments: ["ES256", "RS256", "EdDSA"])
    func aPasskeySignsInAloneAndEachCheckRefuses(_ algorithm: String) async throws {
        try await TestEnvironment.withConfiguredApp { client, _, config in
            let key: SoftAuthenticator.Key =
                switch algorithm {
                case "ES256": .es256(P256.Signing.PrivateKey())
                case "RS256": .rs256(try _RSA.Signing.PrivateKey(keySize: .bits2048))
                default: .eddsa(Curve25519.Signing.PrivateKey())
                }
            var authenticator = SoftAuthenticator(key: key)
            #expect(
                try await Self.register(client, authenticator, origin: "http://evil.example").status == .unprocessableContent,
                "another origin")
            #expect(try await Self.register(client, authenticator, rpID: "evil.example").status == .unprocessableContent, "another RP ID")
            #expect(
                try await Self.register(client, authenticator, format: "packed").status == .unprocessableContent,
                "attestation other than none")
            let made = try await Self.register(client, authenticator)
            #expect(made.status == .ok && made.text.contains("passkey_added"), "\(made.text)")
            #expect(try await client.get("/account").text.contains("Test key"))

            // A name-less sign-in with the passkey alone, to where the page was going.
            let signedIn = try await Self.signIn(client, &authenticator)
            #expect(signedIn.status == .seeOther && signedIn.headers[.location] == "/today", "\(signedIn.status) \(signedIn.text)")
            let session = try #require(signedIn.cookie(Authentication.sessionCookie))
            #expect(try await client.get("/", session: session).status == .ok)
            #expect(try await client.get("/account").text.contains("· passkey · from "), "listed among the recent sign-ins")

            #expect(
                try await Self.signIn(client, &authenticator, countUp: false).status == .unauthorized,
                "a counter that did not grow: a copied key")
            #expect(try await Self.signIn(client, &authenticator, forge: true).status == .unauthorized, "a signature over something else")
            #expect(try await Self.signIn(client, &authenticator, origin: "http://evil.example").status == .unauthorized, "another origin")
            #expect(try await Self.signIn(client, &authenticator, rpID: "evil.example").status == .unauthorized, "another RP ID")
            #expect(try await Self.signIn(client, &authenticator, flags: 0x04).status == .unauthorized, "nobody present")
            var stranger = SoftAuthenticator(key: .es256(P256.Signing.PrivateKey()))
            #expect(try await Self.signIn(client, &stranger).status == .unauthorized, "a passkey this server never made")
            #expect(try await Self.signIn(client, &authenticator).status == .seeOther, "the real one still works")
            _ = config
        }
    }

    @Test func aChallengeIsUsedOnceAndOnlyByItsBrowser() async throws {
        try await TestEnvironment.withConfiguredApp { client, _, _ in
            var authenticator = SoftAuthenticator(key: .es256(P256.Signing.PrivateKey()))
            #expect(try await Self.register(client, authenticator).status == .ok)
            let options = try await client.execute(uri: "/signin/passkey", method: .get, headers: Self.host)
            let challenge = try #require(Self.json(options)["challenge"] as? String)
            let browser = try #require(options.cookie(PasskeyChallenges.cookieName))
            let body = authenticator.assertion(challenge: challenge)
            func post(cookie: String) async throws -> TestResponse {
                try await client.execute(
                    uri: "/signin/passkey", method: .post,
                    headers: Self.host + [
                        .cookie: browserCookies(csrfCookie: CSRFTests.anonymousToken, session: nil)
                            + "; \(PasskeyChallenges.cookieName)=\(cookie)",
                        .contentType: "application/json", CSRFTokens.headerName: CSRFTests.anonymousToken
                    ], body: .init(data: body))
            }
            #expect(try await post(cookie: "another-browser").status == .conflict, "the challenge is its browser's")
            #expect(try await post(cookie: browser).status == .seeOther)
            #expect(try await post(cookie: browser).status == .conflict, "used once")
        }
    }

    /// Another implementation's vectors: py_webauthn's own test cases (real authenticators'
    /// answers), each read and judged as py_webauthn judges it.
    @Test func pyWebAuthnsVectorsAreJudgedAsItJudgesThem() throws {
        let folder = TestEnvironment.packageRoot.appendingPathComponent("Tests/FoodDiaryTests/Fixtures/webauthn")
        let party = WebAuthn.RelyingParty(id: "localhost", origin: "http://localhost:5000")
        let assertions = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("py_webauthn-assertions.json")))
                as? [String: Any])
        let cases = try #require(assertions["cases"] as? [[String: Any]])
        #expect(cases.count == 4)
        for vector in cases {
            func bytes(_ key: String) throws -> Data { try #require((vector[key] as? String).flatMap(Base64URL.decode), "\(key)") }
            let verify = {
                try WebAuthn.verifyAssertion(
                    publicKeyCOSE: try bytes("publicKey"), storedSignCount: UInt32(vector["storedSignCount"] as? Int ?? 0),
                    clientDataJSON: try bytes("clientDataJSON"), authenticatorData: try bytes("authenticatorData"),
                    signature: try bytes("signature"), challenge: try bytes("challenge"), relyingParty: party)
            }
            if vector["refused"] as? Bool == true {
                #expect(throws: WebAuthn.Refusal.self, "\(vector["name"] ?? "")") { _ = try verify() }
            } else {
                #expect(try verify() == UInt32(vector["newSignCount"] as? Int ?? -1), "\(vector["name"] ?? "")")
            }
        }
        #expect(throws: WebAuthn.Refusal.self, "the same answer for another origin") {
            let ec2 = cases[0]
            _ = try WebAuthn.verifyAssertion(
                publicKeyCOSE: Base64URL.decode(ec2["publicKey"] as! String)!, storedSignCount: 77,
                clientDataJSON: Base64URL.decode(ec2["clientDataJSON"] as! String)!,
                authenticatorData: Base64URL.decode(ec2["authenticatorData"] as! String)!,
                signature: Base64URL.decode(ec2["signature"] as! String)!,
                challenge: Base64URL.decode(ec2["challenge"] as! String)!,
                relyingParty: WebAuthn.RelyingParty(id: "localhost", origin: "http://localhost:5001"))
        }

        let registration = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("py_webauthn-registration.json")))
                as? [String: Any])
        func field(_ key: String) throws -> Data { try #require((registration[key] as? String).flatMap(Base64URL.decode), "\(key)") }
        let made = try WebAuthn.verifyRegistration(
            clientDataJSON: try field("clientDataJSON"), attestationObject: try field("attestationObject"),
            challenge: try field("challenge"), relyingParty: party)
        let (id, key) = (try field("credentialID"), try field("publicKey"))
        #expect(made.id == id && made.publicKeyCOSE == key && made.signCount == 23)
    }

    @Test func hostileCBORIsRefused() {
        #expect(throws: CBOR.Malformed.self) { _ = try CBOR.decode(Data([0x5f])) } // an indefinite byte string
        #expect(throws: CBOR.Malformed.self) { _ = try CBOR.decode(Data([0x5a, 0xff, 0xff, 0xff, 0xff])) } // 4 GB claimed, none there
        // Nested past the depth.
        #expect(throws: CBOR.Malformed.self) { _ = try CBOR.decode(Data(repeating: 0x81, count: 64) + Data([0x00])) }
        #expect(throws: CBOR.Malformed.self) { _ = try CBOR.decode(Data([0xa2, 0x01, 0x00, 0x01, 0x00])) } // a key twice
        let map = try? CBOR.decode(Data([0xa1, 0x20, 0x43, 1, 2, 3])).0
        #expect(map?[-1]?.bytes == Data([1, 2, 3]))
    }
}

import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import JWTKit
import NIOConcurrencyHelpers
import Testing
@testable import FoodDiary
@testable import FoodDiaryWeb

/// Issue 80: reminders by Web Push. A browser subscribes; its pushes go through a local stand-in
/// for a push service, which checks the VAPID token with JWTKit and decrypts the message with the
/// browser's own key, as the browser would.
@Suite struct WebPushTests {
    /// RFC 8291 Appendix A: with the example's keys and salt, the body is the RFC's byte for byte.
    @Test func theEncryptionIsRFC8291sExampleByteForByte() throws {
        let decode = { (text: String) in try #require(Base64URL.decode(text)) }
        let sender = try P256.KeyAgreement.PrivateKey(rawRepresentation: decode("yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"))
        let receiver = try P256.KeyAgreement.PublicKey(
            x963Representation: decode("BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"))
        let body = try WebPushEncryption.encrypt(
            Data("When I grow up, I want to be a watermelon".utf8), for: receiver, authSecret: decode("BTBZMqHH6r4Tts7J_aSIgg"),
            sender: sender, salt: decode("DGv6ra1nlYgDCS1FRnbzlw"))
        #expect(
            Base64URL.encode(body)
                == "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"
        )
        #expect(throws: WebPushEncryption.Failure.self) {
            try WebPushEncryption.encrypt(Data(count: 4_000), for: receiver, authSecret: decode("BTBZMqHH6r4Tts7J_aSIgg"))
        }
    }

    @Test func aSubscribedBrowsersTestPushArrivesSignedAndDecryptsWithItsOwnKeysAndAGoneOneIsRemoved() async throws {
        let service = PushServiceStandIn()
        try await service.start()
        defer { Task { await service.stop() } }
        try await TestEnvironment.withRunningApp(configure: {
            $0.pushServicesOnHomeNetwork = true
            $0.pushContact = "mailto:owner@home.example"
        }) { client, _, _, _ in
            let phone = PushBrowser(), laptop = PushBrowser()
            let kept = try await subscribe(client, phone.subscription(endpoint: service.address("phone")))
            #expect(kept.status == .created, "\(kept.text)")
            #expect(try await subscribe(client, laptop.subscription(endpoint: service.address("gone/laptop"))).status == .created)
            let before = try await client.get("/settings/reminders")
            #expect(before.text.contains("Chrome on Android") && before.text.components(separatedBy: "class=\"token-row\"").count == 3)

            let tested = try await client.postForm("/settings/reminders/test", [])
            #expect(tested.status == .ok)
            #expect(tested.text.contains("Sent to 1 device: it shows in a moment."), "\(tested.text)")
            #expect(tested.text.contains("1 device had stopped taking reminders and was taken away."))
            #expect(tested.text.components(separatedBy: "class=\"token-row\"").count == 2, "the gone laptop is off the list")
            #expect(tested.text.contains("last reminder"))

            let arrived = try #require(service.received.first { $0.path == "/phone" })
            #expect(arrived.headers[.contentEncoding] == "aes128gcm" && arrived.headers[HTTPField.Name("TTL")!] == "86400")
            // The token is VAPID's (RFC 8292): ES256, for the push service's origin, with the key the browser subscribed to.
            let authorization = try #require(arrived.headers[.authorization])
            let parts = try #require(authorization.wholeMatch(of: /vapid t=([^,]+), k=([A-Za-z0-9_-]+)/))
            let key = try ES256PublicKey(
                backing: P256.Signing.PublicKey(x963Representation: try #require(Base64URL.decode(String(parts.2)))))
            let claims = try await JWTKeyCollection().add(ecdsa: key).verify(String(parts.1), as: VAPIDClaims.self)
            #expect(claims.aud == "http://127.0.0.1:\(service.port)" && claims.sub == "mailto:owner@home.example")
            let lifetime = claims.exp.value.timeIntervalSince(TestEnvironment.fixedNow)
            #expect(lifetime > 0 && lifetime <= 24 * 3600, "within the day RFC 8292 allows, from the server's clock")
            let message = try JSONSerialization.jsonObject(with: phone.decrypt(arrived.body)) as? [String: String]
            #expect(
                message?["title"] == "FoodDiary" && message?["body"] == "Reminders reach this device."
                    && message?["url"] == "/settings/reminders")
            #expect(throws: (any Error).self, "another browser's keys cannot read it") { try laptop.decrypt(arrived.body) }
        }
    }

    @Test func whatIsNotASubscriptionOrAimsInsideTheNetworkIsRefusedInWords() async throws {
        try await TestEnvironment.withRunningApp { client, _, _, _ in
            let browser = PushBrowser()
            let notOne = try await subscribe(
                client, Data(#"{"endpoint":"https://push.example/x","keys":{"p256dh":"AAAA","auth":"BBBB"}}"#.utf8))
            #expect(notOne.status == .unprocessableContent && notOne.text.contains("not a push subscription"))
            let router = try await subscribe(client, browser.subscription(endpoint: "https://192.168.1.1/push"))
            #expect(router.status == .unprocessableContent && router.text.contains("does not send to 192.168.1.1"))
            let plain = try await subscribe(client, browser.subscription(endpoint: "http://push.example/x"))
            #expect(plain.status == .unprocessableContent, "a push service uses https")
            #expect(try await subscribe(client, browser.subscription(endpoint: "https://push.example/x")).status == .created)
            let page = try await client.get("/settings/reminders")
            #expect(page.text.components(separatedBy: "class=\"token-row\"").count == 2)
            // Stopping it is one tap, and someone else's id does nothing.
            let id = try #require(page.text.firstMatch(of: /devices\/(\d+)\/remove/).map { String($0.1) })
            let notTheirs = try await client.postForm("/settings/reminders/devices/\(Int(id)! + 100)/remove", [])
            #expect(notTheirs.status == .notFound && notTheirs.text.contains("That device was already taken away."))
            let stopped = try await client.postForm("/settings/reminders/devices/\(id)/remove", [])
            #expect(stopped.headers[.location] == "/settings/reminders?notice=removed#devices")
            #expect(try await client.get("/settings/reminders?notice=removed").text.contains("That device gets no more reminders."))
        }
    }

    /// A test push waits on the push services: a person tapping again meanwhile is told to wait
    /// (503 with Retry-After) rather than holding more of the server, and the first still arrives.
    @Test func aSecondTestPushWhileTheFirstWaitsIsRefused() async throws {
        let service = PushServiceStandIn()
        try await service.start()
        defer { Task { await service.stop() } }
        try await TestEnvironment.withRunningApp(configure: { $0.pushServicesOnHomeNetwork = true }) { client, _, _, _ in
            #expect(try await subscribe(client, PushBrowser().subscription(endpoint: service.address("slow/phone"))).status == .created)
            async let first = client.postForm("/settings/reminders/test", [])
            // The first is waiting on the push service once the service has it.
            for _ in 0..<1_500 where service.received.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
            try #require(!service.received.isEmpty, "the first test push reached the push service")
            let second = try await client.postForm("/settings/reminders/test", [])
            #expect(second.status == .serviceUnavailable && second.headers[.retryAfter] != nil)
            #expect(try await first.status == .ok)
        }
    }

    private func subscribe(_ client: any TestClientProtocol, _ json: Data) async throws -> TestResponse {
        try await client.execute(
            uri: "/push/subscriptions", method: .post,
            headers: [
                .cookie: browserCookies(), .contentType: "application/json", CSRFTokens.headerName: testToken,
                .userAgent:
                    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36"
            ],
            body: .init(data: json))
    }
}

/// The claims a VAPID token carries.
private struct VAPIDClaims: JWTPayload {
    let aud: String
    let exp: ExpirationClaim
    let sub: String

    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

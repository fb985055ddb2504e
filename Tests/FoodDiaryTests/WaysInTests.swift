import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FoodDiary
@testable import FoodDiaryApp
@testable import FoodDiaryWeb

/// Issue 76: ways in that outlived a password. Each was planted or kept by what the probe did.
@Suite struct WaysInTests {
    static let writeToken = [("name", "Planted"), ("access", "write")]

    /// The key of a second step being set up, from its page.
    static func setupKey(_ client: any TestClientProtocol) async throws -> Data {
        let key = try #require(
            try await client.get("/account/second-step").text.firstMatch(of: #/<code class="secret">([A-Z2-7 ]+)</code>/#)
        ).output.1
        return try #require(Base32.decode(String(key)))
    }

    @Test func aBrowserLeftSignedInAnHourAgoPlantsNoWayIn() async throws {
        let clock = TestClock()
        try await TestEnvironment.withRunningApp(now: { clock.now }) { client, _, _, _ in
            clock.advance(by: 3_600)
            // A token, the read-only kind too: refused beside its own field, nothing minted.
            for access in ["write", "read"] {
                let unasked = try await client.postForm("/account/tokens", [("name", "Planted"), ("access", access)])
                #expect(unasked.status == .forbidden && !unasked.text.contains("fdt_"))
                #expect(unasked.text.contains(#"id="token_password-error">That password is not right, so nothing changed.</p>"#))
                #expect(unasked.text.contains(#"value="Planted""#), "the name typed is kept")
                #expect(unasked.text.contains(#"value="\#(access)" checked>"#), "and the kind chosen")
            }
            let page = try await client.get("/account").text
            #expect(page.contains("Access tokens") && !page.contains("Planted</strong>"))
            let made = try await client.postForm("/account/tokens", Self.writeToken + [("current_password", TestPerson.password)])
            #expect(made.status == .ok && made.text.contains("fdt_"))

            // A second step: the code alone does not turn it on.
            let secret = try await Self.setupKey(client)
            let code = OneTimeCodes.code(secret: secret, step: OneTimeCodes.step(at: clock.now))
            let unasked = try await client.postForm("/account/second-step", [("code", code)])
            #expect(unasked.status == .forbidden && !unasked.text.contains("recovery codes"))
            #expect(try await client.get("/account").text.contains("Turn on a second step"), "still off")

            // A passkey: no challenge to register with until the password is typed.
            let csrf = csrfToken(ofSession: TestPerson.sessionID)
            func options(_ password: String) async throws -> TestResponse {
                try await client.execute(
                    uri: "/account/passkeys/new", method: .post,
                    headers: [
                        .cookie: browserCookies(session: TestPerson.sessionID), .contentType: "application/x-www-form-urlencoded",
                        CSRFTokens.headerName: csrf
                    ],
                    body: .init(string: formEncode([("current_password", password)])))
            }
            let refused = try await options("")
            #expect(
                refused.status == .forbidden && !refused.text.contains("challenge") && refused.text.contains("That password is not right"))
            #expect(try await options(TestPerson.password).text.contains("\"challenge\""))
            // The old way of asking (a GET) is no way at all.
            #expect(try await client.get("/account/passkeys/new").status != .ok)
        }
    }

    @Test func theCommandLinesResetEndsEveryWayIn() async throws {
        try await TestEnvironment.withConfiguredApp { client, _, config in
            let made = try await client.postForm("/account/tokens", Self.writeToken + [("current_password", TestPerson.password)])
            let token = try #require(made.text.firstMatch(of: /fdt_[A-Za-z0-9_-]{43}/).map { String($0.output) })
            #expect(try await PasskeyTests.register(client, SoftAuthenticator(key: .es256(P256.Signing.PrivateKey()))).status == .ok)
            let secret = try await Self.setupKey(client)
            let code = OneTimeCodes.code(secret: secret, step: OneTimeCodes.step(at: TestEnvironment.fixedNow))
            #expect(
                try await client.postForm("/account/second-step", [("code", code), ("current_password", TestPerson.password)]).status == .ok
            )
            let bearer: HTTPFields = [.authorization: "Bearer \(token)"]
            #expect(try await client.execute(uri: "/api/meals", method: .get, headers: bearer).status == .ok)

            let accounts = try AccountsDatabase.open(path: config.accountsPath)
            let said = try await UserAdministration.resetPassword(name: TestPerson.name, password: "kippers and rye 7", accounts: accounts)
            #expect(
                said.contains("signed them out everywhere (1 session)")
                    && said.contains("Ended 1 access token, 1 passkey and 0 links to a provider")
                    && said.contains("turned off their second step"), "\(said)")
            #expect(
                try await client.execute(uri: "/api/meals", method: .get, headers: bearer).status == .unauthorized,
                "the old token is refused")
            let sam = try #require(try await accounts.account(named: TestPerson.name))
            #expect(try await accounts.passkeys(accountID: sam.id).isEmpty)
            #expect(try await accounts.secondStep(accountID: sam.id) == nil)
            #expect(try await client.get("/").status == .seeOther, "the browser signed in is signed out")
        }
    }

    /// The probe's 200 wrong codes from 40 addresses, each with the right password first.
    @Test func wrongCodesAreCappedPerAccountAcrossAddresses() async throws {
        try await TestEnvironment.withRunningApp(
            testing: .live, configure: { $0.trustedProxies = try! TrustedProxies(parsing: "127.0.0.1") }
        ) {
            (client, _, _, _) async throws -> Void in
            let secret = try await Self.setupKey(client)
            let code = OneTimeCodes.code(secret: secret, step: OneTimeCodes.step(at: TestEnvironment.fixedNow))
            #expect(
                try await client.postForm("/account/second-step", [("code", code), ("current_password", TestPerson.password)]).status == .ok
            )

            let step = OneTimeCodes.step(at: TestEnvironment.fixedNow)
            let rightOnes = Set((step - 1...step + 1).map { OneTimeCodes.code(secret: secret, step: $0) })
            var checked = 0, locked = 0, statuses: [Int: Int] = [:]
            for address in 1...40 {
                let from: HTTPFields = [Authentication.forwardedFor: "203.0.113.\(address)"]
                let signIn = try await client.signIn(TestPerson.name, TestPerson.password, headers: from)
                let challenge = try #require(signIn.cookie(SecondStepChallenges.cookieName), "\(signIn.status)")
                for attempt in 0..<5 {
                    let guess = String(format: "%06d", (address * 7_919 + attempt * 104_729) % 1_000_000)
                    let answer = try await SecondStepTests.postCode(
                        client, challenge: challenge, rightOnes.contains(guess) ? "000000" : guess, headers: from)
                    statuses[answer.status.code, default: 0] += 1
                    if answer.status == .forbidden { locked += 1 } else { checked += 1 }
                }
            }
            #expect(checked <= SecondStepLock.limit && checked + locked == 200, "checked \(checked), locked \(locked): \(statuses)")

            // Even the right code is not checked now; the owner sees the lock and lifts it.
            let mine = try #require(
                try await client.signIn(TestPerson.name, TestPerson.password, headers: [Authentication.forwardedFor: "198.51.100.7"])
                    .cookie(SecondStepChallenges.cookieName))
            let now = OneTimeCodes.code(secret: secret, step: OneTimeCodes.step(at: TestEnvironment.fixedNow))
            let refused = try await SecondStepTests.postCode(
                client, challenge: mine, now, headers: [Authentication.forwardedFor: "198.51.100.7"])
            #expect(refused.status == .forbidden && refused.text.contains("Too many wrong codes were typed for this account"))
            let account = try await client.get("/account").text
            #expect(
                account.contains(
                    "\(SecondStepLock.limit) wrong codes were typed after your password, so codes are not checked until you lift the lock"))
            #expect(try await client.get("/people").text.contains("second step locked after \(SecondStepLock.limit) wrong codes"))
            #expect(
                try await client.postForm("/account/second-step/unlock", [("current_password", "not mine")]).headers[.location]
                    == "/account?notice=password_wrong&at=second-step#second-step")
            #expect(
                try await client.postForm("/account/second-step/unlock", [("current_password", TestPerson.password)]).headers[.location]
                    == "/account?notice=second_step_unlocked#second-step")
            #expect(!(try await client.get("/account").text.contains("wrong codes were typed")))
            let again = try #require(
                try await client.signIn(TestPerson.name, TestPerson.password, headers: [Authentication.forwardedFor: "198.51.100.8"])
                    .cookie(SecondStepChallenges.cookieName))
            let later = OneTimeCodes.code(secret: secret, step: OneTimeCodes.step(at: TestEnvironment.fixedNow) + 1)
            let answer = try await SecondStepTests.postCode(
                client, challenge: again, later, headers: [Authentication.forwardedFor: "198.51.100.8"])
            #expect(answer.status == .seeOther && answer.cookie(Authentication.sessionCookie) != nil, "\(answer.status)")
        }
    }

    /// The probe flushed pending sign-ins by starting ~30 a second: each client now holds at most
    /// its own few, and a full store gives up the greediest client's, never a lone browser's.
    @Test func onePendingSignInIsNotEvictedByAFlood() {
        let pending = ExpiringEntries<Int>(lifetime: 600, maxEntries: 100, maxPerHolder: 20)
        let now = TestEnvironment.fixedNow
        pending.insert(1, at: Data("mine".utf8), holder: ExpiringEntries<Int>.holder(of: "192.168.1.20"), now: now)
        for flood in 0..<5_000 {
            // Each from another address of one IPv6 network, or from one IPv4 address, with 50
            // other households' browsers starting theirs meanwhile.
            let address =
                flood % 100 == 0
                ? "198.51.100.\(flood / 100)" : flood % 2 == 0 ? "2001:db8:1:2::\(String(flood, radix: 16))" : "203.0.113.9"
            pending.insert(flood, at: Data("flood \(flood)".utf8), holder: ExpiringEntries<Int>.holder(of: address), now: now)
        }
        #expect(pending.value(at: Data("mine".utf8), now: now) == 1, "the lone browser's sign-in is still there")
        #expect(ExpiringEntries<Int>.holder(of: "2001:db8:1:2::1") == ExpiringEntries<Int>.holder(of: "2001:db8:1:2:ffff::9"))
        #expect(ExpiringEntries<Int>.holder(of: "2001:db8:1:3::1") != ExpiringEntries<Int>.holder(of: "2001:db8:1:2::1"))
    }
}

import FoodDiaryBase
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import FoodDiary
@testable import FoodDiaryApp
@testable import FoodDiaryWeb

/// Issue 63: a second step at sign-in, with codes from an authenticator app (RFC 6238).
@Suite struct SecondStepTests {
    /// RFC 6238's appendix B, SHA-1 with its 20-byte key, eight digits.
    @Test func codesAreTheRFCs() {
        let secret = Data("12345678901234567890".utf8)
        for (seconds, code) in [
            (59, "94287082"), (1_111_111_109, "07081804"), (1_111_111_111, "14050471"), (1_234_567_890, "89005924"),
            (2_000_000_000, "69279037"), (20_000_000_000, "65353130")
        ] as [(Int64, String)] {
            #expect(OneTimeCodes.code(secret: secret, step: seconds / 30, digits: 8) == code, "T = \(seconds)")
        }
        #expect(OneTimeCodes.code(secret: secret, step: 1, digits: 6) == "287082", "six digits are the last six")
        #expect(
            Base32.encode(secret) == "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"
                && Base32.decode("gezd gnbv gy3t qojq gezd gnbv gy3t qojq") == secret)
        #expect(Base32.decode("GEZ1") == nil, "1 is not base32")
        let now = Date(timeIntervalSince1970: 59)
        #expect(OneTimeCodes.matchingStep("287 082", secret: secret, now: now, after: 0) == 1)
        #expect(OneTimeCodes.matchingStep("287082", secret: secret, now: now, after: 1) == nil, "a step taken is not taken again")
        #expect(
            OneTimeCodes.matchingStep("287082", secret: secret, now: now.addingTimeInterval(90), after: 0) == nil,
            "three steps later: too old")
        #expect(OneTimeCodes.matchingStep("２８７０８２", secret: secret, now: now, after: 0) == nil, "ASCII digits only")
        let address = OneTimeCodes.address(secret: secret, account: "Sam & co", issuer: "FoodDiary")
        #expect(
            address
                == "otpauth://totp/FoodDiary:Sam%20%26%20co?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=FoodDiary&algorithm=SHA1&digits=6&period=30"
        )
        #expect(QRCodePicture.svg(address, label: "QR")?.hasPrefix("<svg") == true)
    }

    @Test func recoveryCodesAreRandomAndReadAsTyped() {
        let codes = RecoveryCodes.make()
        #expect(
            codes.count == 10 && Set(codes).count == 10 && codes.allSatisfy { $0.wholeMatch(of: /[a-z2-7]{4}(-[a-z2-7]{4}){3}/) != nil })
        #expect(
            RecoveryCodes.sha256(of: codes[0]) == RecoveryCodes.sha256(of: codes[0].uppercased().replacingOccurrences(of: "-", with: " ")))
        let seal = SecondStepSeal(serverSecret: Data(repeating: 7, count: 32))
        let sealed = try? seal.seal(Data("key".utf8))
        #expect(sealed.flatMap(seal.open) == Data("key".utf8))
        #expect(
            sealed.flatMap(SecondStepSeal(serverSecret: Data(repeating: 8, count: 32)).open) == nil, "another server's secret opens nothing"
        )
    }

    /// Posts the code form with the challenge cookie, as the browser does.
    static func postCode(_ client: any TestClientProtocol, challenge: String?, _ code: String, headers extra: HTTPFields = [:]) async throws
        -> TestResponse
    {
        let token = CSRFTests.anonymousToken
        let cookies =
            browserCookies(csrfCookie: token, session: nil) + (challenge.map { "; \(SecondStepChallenges.cookieName)=\($0)" } ?? "")
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .cookie: cookies]
        headers.append(contentsOf: extra)
        return try await client.execute(
            uri: "/signin/code", method: .post, headers: headers,
            body: .init(string: formEncode([("code", code), ("_csrf", token)])))
    }

    @Test func withASecondStepThePasswordAloneDoesNotSignIn() async throws {
        let clock = TestClock()
        try await TestEnvironment.withRunningApp(now: { clock.now }) { client, _, config, _ in
            // Setting it up: the key on the page (and in the QR code), then a code from the app.
            let setup = try await client.get("/account/second-step")
            let key = try #require(setup.text.firstMatch(of: #/<code class="secret">([A-Z2-7 ]+)</code>/#).map { String($0.output.1) })
            let secret = try #require(Base32.decode(key))
            #expect(try await client.get("/account/second-step").text.contains(key), "reloading keeps the key that was scanned")
            let picture = try await client.get("/account/second-step/qr.svg")
            #expect(
                picture.status == .ok && picture.headers[.contentType] == "image/svg+xml" && picture.headers[.cacheControl] == "no-store")
            let step = OneTimeCodes.step(at: clock.now)
            // Issue 76: a way in is added with the password typed again, refused beside its field.
            let unasked = try await client.postForm("/account/second-step", [("code", OneTimeCodes.code(secret: secret, step: step))])
            #expect(unasked.status == .forbidden && unasked.text.contains(#"id="second_step_password-error">That password is not right"#))
            #expect(
                try await client.postForm("/account/second-step", [("code", "000000"), ("current_password", TestPerson.password)]).status
                    == .unprocessableContent)
            let on = try await client.postForm(
                "/account/second-step", [("code", OneTimeCodes.code(secret: secret, step: step)), ("current_password", TestPerson.password)]
            )
            let codes = on.text.matches(of: /[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}/).map { String($0.output) }
            #expect(on.status == .ok && codes.count == 10, "ten recovery codes, shown once")
            #expect(try await client.get("/account").text.contains("10 of 10 recovery codes left"))
            #expect(try await client.get("/account/second-step").headers[.location] == "/account", "on already")

            // The password alone: no session, a challenge.
            let password = try await client.signIn(TestPerson.name, TestPerson.password, next: "/days/2026-03-09")
            #expect(password.headers[.location] == "/signin/code" && password.cookie(Authentication.sessionCookie) == nil)
            let challenge = try #require(password.cookie(SecondStepChallenges.cookieName))
            #expect(
                try await client.execute(
                    uri: "/signin/code", method: .get, headers: [.cookie: "\(SecondStepChallenges.cookieName)=\(challenge)"]
                ).status == .ok)
            #expect(
                try await Self.postCode(client, challenge: nil, "123456").headers[.location] == "/signin?notice=code_expired",
                "no challenge, no code")
            let used = try await Self.postCode(client, challenge: challenge, OneTimeCodes.code(secret: secret, step: step))
            #expect(used.status == .unauthorized, "the code that turned it on was taken: each code works once")
            // Wrong codes count with wrong passwords: the fifth ends the challenge, and the name waits.
            for wrong in ["123456", "234567", "345678"] {
                #expect(try await Self.postCode(client, challenge: challenge, wrong).status == .unauthorized)
            }
            #expect(try await Self.postCode(client, challenge: challenge, "456789").headers[.location] == "/signin?notice=code_attempts")
            let waiting = try await client.signIn(TestPerson.name, TestPerson.password)
            #expect(waiting.status == .tooManyRequests && waiting.headers[.retryAfter] != nil, "even the right password waits now")

            clock.advance(by: 61)
            let second = try #require(
                try await client.signIn(TestPerson.name, TestPerson.password, next: "/days/2026-03-09").cookie(
                    SecondStepChallenges.cookieName))
            let now = OneTimeCodes.code(secret: secret, step: OneTimeCodes.step(at: clock.now))
            let signedIn = try await Self.postCode(client, challenge: second, now)
            #expect(signedIn.headers[.location] == "/days/2026-03-09", "on to where the person was going")
            let session = try #require(signedIn.cookie(Authentication.sessionCookie))
            #expect(try await client.get("/", session: session).status == .ok)
            #expect(
                try await Self.postCode(client, challenge: second, now).headers[.location] == "/signin?notice=code_expired",
                "a challenge signs in once")

            // A recovery code, once.
            let third = try #require(try await client.signIn(TestPerson.name, TestPerson.password).cookie(SecondStepChallenges.cookieName))
            #expect(try await Self.postCode(client, challenge: third, codes[3].uppercased()).headers[.location] == "/")
            let fourth = try #require(try await client.signIn(TestPerson.name, TestPerson.password).cookie(SecondStepChallenges.cookieName))
            #expect(try await Self.postCode(client, challenge: fourth, codes[3]).status == .unauthorized, "a recovery code works once")
            let page = try await client.get("/account").text
            #expect(page.contains("9 of 10 recovery codes left"))
            // Each sign-in listed with how it was made (part 4).
            #expect(
                page.contains("· password and recovery code · from ") && page.contains("· password and code · from "), "the recent sign-ins"
            )

            // Turning it off asks for the password.
            #expect(
                try await client.postForm("/account/second-step/off", [("current_password", "not it at all")]).headers[.location]
                    == "/account?notice=password_wrong&at=second-step#second-step")
            #expect(try await client.get("/account").text.contains("recovery codes left"), "still on")
            clock.advance(by: 3_600)
            #expect(
                try await client.postForm("/account/second-step/off", [("current_password", TestPerson.password)]).headers[.location]
                    == "/account?notice=second_step_off#second-step")
            #expect(
                try await client.signIn(TestPerson.name, TestPerson.password).cookie(Authentication.sessionCookie) != nil,
                "the password alone again")
            _ = config
        }
    }

    /// A member who lost their phone: the owner's reset ends the second step with the password.
    @Test func anOwnersResetClearsAMembersSecondStep() async throws {
        try await TestEnvironment.withConfiguredApp { client, _, config in
            let robin = try await TestPerson.addMember("Robin", in: config)
            let setup = try await client.get("/account/second-step", session: robin.session)
            let key = try #require(setup.text.firstMatch(of: #/<code class="secret">([A-Z2-7 ]+)</code>/#).map { String($0.output.1) })
            let code = OneTimeCodes.code(secret: try #require(Base32.decode(key)), step: OneTimeCodes.step(at: TestEnvironment.fixedNow))
            #expect(
                try await client.postForm(
                    "/account/second-step", [("code", code), ("current_password", TestPerson.password)], token: robin.token,
                    session: robin.session
                ).status == .ok)
            let accounts = try AccountsDatabase.open(path: config.accountsPath)
            let robinID = try #require(try await accounts.account(named: "Robin")).id
            #expect(try await accounts.secondStep(accountID: robinID)?.isOn == true)
            _ = try await client.postForm("/people/\(robinID)/reset", [])
            #expect(try await accounts.secondStep(accountID: robinID) == nil, "the reset's invitation starts without one")

            // The owner's own lost phone: `fooddiary user reset-password` on the server.
            let sam = try #require(try await accounts.account(named: TestPerson.name))
            let key2 = try #require(
                try await client.get("/account/second-step").text.firstMatch(of: #/<code class="secret">([A-Z2-7 ]+)</code>/#)
            ).output.1
            let code2 = OneTimeCodes.code(
                secret: try #require(Base32.decode(String(key2))), step: OneTimeCodes.step(at: TestEnvironment.fixedNow))
            #expect(
                try await client.postForm("/account/second-step", [("code", code2), ("current_password", TestPerson.password)]).status
                    == .ok)
            let said = try await UserAdministration.resetPassword(
                name: TestPerson.name, password: "sardines on toast 9876", accounts: accounts)
            let after = try await accounts.secondStep(accountID: sam.id)
            #expect(said.contains("turned off their second step") && after == nil)
        }
    }
}

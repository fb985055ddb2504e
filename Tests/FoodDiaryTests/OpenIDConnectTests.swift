@preconcurrency import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import FoodDiary
@testable import FoodDiaryApp
import FoodDiaryWeb

/// Issue 63: signing in through the household's OpenID provider, against a stand-in provider.
@Suite struct OpenIDConnectTests {
    /// One trip to the provider as a browser makes it: the button's form, the provider's page, and
    /// the address it sends the browser back to, with the cookie the trip began with.
    struct Trip {
        let started: TestResponse
        let browser: String?
        let back: String?
    }

    static func go(
        _ client: any TestClientProtocol, _ provider: OpenIDProviderStandIn, from path: String = "/signin/sso",
        session: String? = nil, next: String = "/days/2026-03-09"
    ) async throws -> Trip {
        let started =
            if let session {
                try await client.postForm(
                    path, [("next", next), ("current_password", TestPerson.password)], token: csrfToken(ofSession: session),
                    session: session)
            } else {
                try await client.postForm(
                    path, [("next", next)], token: CSRFTests.anonymousToken, cookie: CSRFTests.anonymousToken, session: nil)
            }
        let back = provider.authorize(onTheWay(started)).map { String($0.dropFirst("http://localhost".count)) }
        return Trip(started: started, browser: started.cookie(OpenIDLogins.cookieName), back: back)
    }

    /// Where the page between here and the provider sends the browser (its Refresh header), checked
    /// to be the page's own link too.
    static func onTheWay(_ page: TestResponse) -> String? {
        guard page.status == .ok, let refresh = page.headers[SingleSignOnController.refresh], refresh.hasPrefix("0; url=") else {
            return nil
        }
        let address = String(refresh.dropFirst("0; url=".count))
        return page.text.contains(#"href="\#(address.replacingOccurrences(of: "&", with: "&amp;"))""#) ? address : nil
    }

    /// The browser arriving back from the provider.
    static func arrive(_ client: any TestClientProtocol, at back: String?, browser: String?, session: String? = nil) async throws
        -> TestResponse
    {
        let cookies = [browser.map { "\(OpenIDLogins.cookieName)=\($0)" }, session.map { "\(Authentication.sessionCookie)=\($0)" }]
            .compactMap { $0 }
        return try await client.execute(
            uri: back ?? "/signin/sso/callback", method: .get,
            headers: cookies.isEmpty ? [:] : [.cookie: cookies.joined(separator: "; ")])
    }

    /// Sam, the test owner, linked to `subject` at the provider from the account page. Through the
    /// app, never a second handle on accounts.sqlite while it runs.
    static func linkSam(to subject: String, of provider: OpenIDProviderStandIn, in client: any TestClientProtocol) async throws {
        let before = provider.signedIn
        provider.signedIn = .init(subject: subject, username: "sam")
        defer { provider.signedIn = before }
        let link = try await go(client, provider, from: "/account/sso", session: TestPerson.sessionID)
        let linked = try await arrive(client, at: link.back, browser: link.browser, session: TestPerson.sessionID)
        #expect(linked.headers[.location] == "/account?notice=sso_linked#sso")
    }

    /// The People page's rows, as the owner sees them: each person's name and status line.
    static func people(_ client: any TestClientProtocol) async throws -> [(name: String, status: String)] {
        try await client.get("/people").text.matches(
            of: #/<strong>([^<]+)</strong>(?: <span class="muted">\(you\)</span>)?<br><span class="muted">([^<]+)</span>/#
        )
        .map { (String($0.output.1), String($0.output.2)) }
    }

    static func withProvider(
        rsa: Bool = true, clock: TestClock = TestClock(),
        configure: @escaping (inout OpenIDSettings, inout AppConfig) -> Void = { _, _ in },
        _ body: @escaping @Sendable (any TestClientProtocol, OpenIDProviderStandIn, AppConfig) async throws -> Void
    ) async throws {
        let provider = OpenIDProviderStandIn(usesRSA: rsa, now: { clock.now })
        try await provider.start()
        do {
            try await TestEnvironment.withRunningApp(
                now: { clock.now },
                configure: { config in
                    var settings = OpenIDSettings(
                        issuer: provider.issuer, clientID: provider.clientID, clientSecret: provider.clientSecret, name: "Pocket ID")
                    // The stand-in answers from this process's own threads, which the suite shares: its
                    // answer is not what these tests time.
                    settings.deadline = .seconds(120)
                    configure(&settings, &config)
                    config.singleSignOn = settings
                }
            ) { client, _, config, _ in try await body(client, provider, config) }
        } catch {
            await provider.stop()
            throw error
        }
        await provider.stop()
    }

    @Test(arguments: [true, false])
    func aLinkedPersonSignsInWithPKCEAndACheckedNonce(rsa: Bool) async throws {
        try await Self.withProvider(rsa: rsa) { client, provider, _ in
            provider.signedIn = .init(subject: "248289761001", username: "sam")
            // Sam links the provider's account from the account page.
            #expect(try await client.get("/account").text.contains("Link your Pocket ID account"))
            // Issue 76: a link is a way in, so it asks for the password first, and says why beside the button.
            let unasked = try await client.postForm("/account/sso", [])
            #expect(unasked.headers[.location] == "/account?notice=password_wrong&at=sso#sso" && provider.authorizations.isEmpty)
            let refusedPage = try await client.get("/account?notice=password_wrong&at=sso").text
            #expect(
                refusedPage.contains(#"<h2>Pocket ID</h2>\#n  <p class="notice error-notice" role="alert">That password is not right"#),
                "the refusal is in the provider's part")
            let link = try await Self.go(client, provider, from: "/account/sso", session: TestPerson.sessionID)
            let linked = try await Self.arrive(client, at: link.back, browser: link.browser, session: TestPerson.sessionID)
            #expect(linked.headers[.location] == "/account?notice=sso_linked#sso")
            #expect(try await client.get("/account").text.contains("Linked as sam since"))

            // Signed out, the button alone signs Sam in, back to the page asked for.
            let trip = try await Self.go(client, provider)
            #expect(Self.onTheWay(trip.started)?.hasPrefix(provider.issuer + "/authorize?") == true)
            let asked = try #require(provider.authorizations.last)
            #expect(asked["code_challenge_method"] == "S256" && asked["code_challenge"]?.count == 43 && (asked["nonce"]?.count ?? 0) >= 43)
            #expect(asked["redirect_uri"] == "http://localhost/signin/sso/callback" && asked["scope"]?.hasPrefix("openid") == true)
            let back = try await Self.arrive(client, at: trip.back, browser: trip.browser)
            #expect(back.headers[.location] == "/days/2026-03-09", "\(back.text.prefix(300))")
            let session = try #require(back.cookie(Authentication.sessionCookie))
            #expect(back.cookie(OpenIDLogins.cookieName) == "", "the trip's cookie is spent")
            let exchange = try #require(provider.tokenRequests.last)
            #expect(
                exchange.form["code_verifier"]?.count == 43 && exchange.form["client_secret"] == nil, "PKCE's verifier, the secret in Basic"
            )
            let account = try await client.get("/account", session: session)
            #expect(account.status == .ok && account.text.contains("single sign-on · from"), "the sign-in is listed by its method")

            // The same answer again: the state was used.
            let replayed = try await Self.arrive(client, at: trip.back, browser: trip.browser)
            #expect(replayed.status == .badRequest && replayed.cookie(Authentication.sessionCookie) == nil)
        }
    }

    @Test func aStateIsUsedOnceAndOnlyInTheBrowserThatStartedIt() async throws {
        try await Self.withProvider { client, provider, _ in
            provider.signedIn = .init(subject: "sam-at-provider", username: "sam")
            try await Self.linkSam(to: "sam-at-provider", of: provider, in: client)
            // Another browser (an attacker's page sending the victim's answer, or the answer sent on).
            let trip = try await Self.go(client, provider)
            for browser in [nil, "another-browsers-cookie"] {
                let elsewhere = try await Self.arrive(client, at: trip.back, browser: browser)
                #expect(elsewhere.status == .badRequest && elsewhere.cookie(Authentication.sessionCookie) == nil)
            }
            #expect(
                try await Self.arrive(client, at: trip.back, browser: trip.browser).cookie(Authentication.sessionCookie) != nil,
                "the answer still works in the browser that started it")
            // A state nobody made.
            let made = try await Self.arrive(client, at: "/signin/sso/callback?state=guessed&code=anything", browser: trip.browser)
            #expect(made.status == .badRequest)
            // Cancelled at the provider.
            provider.signedIn = nil
            let cancelled = try await Self.go(client, provider)
            let refused = try await Self.arrive(client, at: cancelled.back, browser: cancelled.browser)
            #expect(refused.status == .unauthorized && refused.text.contains("Pocket ID did not sign you in"))
        }
    }

    /// Each of the ID token's checks, shown by a token that fails only it.
    @Test(arguments: [
        OpenIDProviderStandIn.Trick.forged, .expired, .wrongAudience, .wrongIssuer, .wrongNonce, .unsigned, .hmac, .unknownKey,
        .futureIssued, .anotherParty
    ])
    func anIDTokenThatFailsACheckSignsNobodyIn(trick: OpenIDProviderStandIn.Trick) async throws {
        try await Self.withProvider { client, provider, _ in
            provider.signedIn = .init(subject: "sam-at-provider", username: "sam")
            try await Self.linkSam(to: "sam-at-provider", of: provider, in: client)
            provider.trick = trick
            let trip = try await Self.go(client, provider)
            let back = try await Self.arrive(client, at: trip.back, browser: trip.browser)
            #expect(back.status == .unauthorized && back.cookie(Authentication.sessionCookie) == nil, "\(trick): \(back.status)")
            #expect(back.text.contains("did not pass this server’s checks"), "\(trick)")
            // The same provider's honest token still signs in: what was refused was the one check.
            provider.trick = .none
            let honest = try await Self.go(client, provider)
            #expect(
                try await Self.arrive(client, at: honest.back, browser: honest.browser).cookie(Authentication.sessionCookie) != nil,
                "\(trick)")
        }
    }

    /// A code from another sign-in (one the attacker started and finished at the provider as
    /// themselves) put into the victim's answer: the provider's PKCE check refuses it, and where a
    /// provider skips PKCE the nonce still does.
    @Test(arguments: [false, true])
    func aCodeFromAnotherSignInIsRefused(providerSkipsPKCE: Bool) async throws {
        try await Self.withProvider { client, provider, _ in
            try await Self.linkSam(to: "mallory", of: provider, in: client)
            provider.signedIn = .init(subject: "mallory", username: "mallory")
            let attackers = try await Self.go(client, provider)
            let code = try #require(attackers.back.flatMap { URLComponents(string: $0)?.queryItems?.first { $0.name == "code" }?.value })
            provider.trick = providerSkipsPKCE ? .ignoresPKCE : .none
            let victims = try await Self.go(client, provider)
            let state = try #require(victims.back.flatMap { URLComponents(string: $0)?.queryItems?.first { $0.name == "state" }?.value })
            let swapped = try await Self.arrive(client, at: "/signin/sso/callback?state=\(state)&code=\(code)", browser: victims.browser)
            #expect(swapped.status == .unauthorized && swapped.cookie(Authentication.sessionCookie) == nil)
            // And a code used once is refused the second time by the provider, whatever the state.
            provider.trick = .none
            let again = try await Self.go(client, provider)
            let first = try await Self.arrive(client, at: again.back, browser: again.browser)
            #expect(first.cookie(Authentication.sessionCookie) != nil)
            let usedCode = try #require(again.back.flatMap { URLComponents(string: $0)?.queryItems?.first { $0.name == "code" }?.value })
            let fresh = try await Self.go(client, provider)
            let freshState = try #require(fresh.back.flatMap { URLComponents(string: $0)?.queryItems?.first { $0.name == "state" }?.value })
            let reused = try await Self.arrive(
                client, at: "/signin/sso/callback?state=\(freshState)&code=\(usedCode)", browser: fresh.browser)
            #expect(reused.status == .unauthorized && reused.cookie(Authentication.sessionCookie) == nil)
        }
    }

    @Test func anInvitationLinksThePersonAndStrangersJoinOnlyWhenAllowed() async throws {
        try await Self.withProvider { client, provider, _ in
            // The owner invites Robin, who takes it up with the provider instead of a password.
            let added = try await client.postForm("/people", [("name", "Robin"), ("how", "invite")])
            let link = try #require(added.text.firstMatch(of: #/http://localhost/invite/([A-Za-z0-9_-]+)/#).map { String($0.output.1) })
            let invitation = try await client.get("/invite/\(link)", session: nil)
            #expect(invitation.text.contains("Sign in with Pocket ID") && invitation.text.contains("Or choose"))
            provider.signedIn = .init(subject: "robin-sub", username: "robin.h")
            let trip = try await Self.go(client, provider, from: "/invite/\(link)/sso")
            let back = try await Self.arrive(client, at: trip.back, browser: trip.browser)
            #expect(back.headers[.location] == SignInController.firstPage, "\(back.status) \(back.text.prefix(300))")
            #expect(try await client.get("/invite/\(link)", session: nil).status == .notFound, "the invitation worked once")
            #expect(try await client.get("/people").text.contains("linked to Pocket ID"))
            let robinSession: String = try #require(back.cookie(Authentication.sessionCookie))
            let robin = try await client.get("/account", session: robinSession)
            #expect(robin.text.contains("You have no password here") && !robin.text.contains("Unlink"), "Robin's only way in stays")
            #expect(robin.text.contains("Linked as robin.h since 9 Mar 2026 · last used 9 Mar 2026"), "taking it up was a sign-in with it")

            // Someone the provider knows but nobody linked: not let in.
            provider.signedIn = .init(subject: "stranger", username: "kim", groups: ["guests"])
            let stranger = try await Self.go(client, provider)
            let refused = try await Self.arrive(client, at: stranger.back, browser: stranger.browser)
            #expect(
                refused.status == .forbidden && refused.text.contains("is not linked to anybody here")
                    && refused.cookie(Authentication.sessionCookie) == nil)
            #expect(try await Self.people(client).count == 2)
        }
    }

    /// Removing a passkey needs a recent sign-in: someone who joined through the provider has no
    /// password to type again, so a sign-in within the last ten minutes is what counts.
    @Test func someoneWithoutAPasswordRemovesAPasskeyAfterSigningInAgain() async throws {
        let clock = TestClock()
        try await Self.withProvider(clock: clock) { client, provider, _ in
            let added = try await client.postForm("/people", [("name", "Robin"), ("how", "invite")])
            let link = try #require(added.text.firstMatch(of: #/http://localhost/invite/([A-Za-z0-9_-]+)/#).map { String($0.output.1) })
            provider.signedIn = .init(subject: "robin-sub", username: "robin.h")
            let trip = try await Self.go(client, provider, from: "/invite/\(link)/sso")
            let robin: String = try #require(
                try await Self.arrive(client, at: trip.back, browser: trip.browser).cookie(Authentication.sessionCookie))
            let made = try await PasskeyTests.register(client, SoftAuthenticator(key: .es256(P256.Signing.PrivateKey())), session: robin)
            #expect(made.status == .ok && made.text.contains("passkey_added"), "\(made.status) \(made.text)")
            let fresh = try await client.get("/account", session: robin).text
            let remove = try #require(fresh.firstMatch(of: #/action="(/account/passkeys/\d+/remove)"/#).map { String($0.output.1) })
            #expect(!fresh.contains("Your password, to remove it"), "no password to ask for")

            // Ten minutes on, the browser left signed in is not enough.
            clock.advance(by: RecentSignIn.window + 60)
            let stale = try await client.get("/account", session: robin).text
            #expect(stale.contains("Sign in again with Pocket ID") && !stale.contains(remove), "no removing form, a way to sign in again")
            let refused = try await client.postForm(remove, [], token: csrfToken(ofSession: robin), session: robin)
            #expect(refused.headers[.location] == "/account?notice=sign_in_again&at=passkeys#passkeys")
            #expect(try await client.get("/account", session: robin).text.contains("Test key"), "kept")

            // Signing in again through the provider comes back to the passkeys, and then it goes.
            let again = try await Self.go(client, provider, session: robin, next: "/account#passkeys")
            let back = try await Self.arrive(client, at: again.back, browser: again.browser, session: robin)
            #expect(back.headers[.location] == "/account#passkeys", "\(back.status) \(back.text.prefix(300))")
            let renewed: String = try #require(back.cookie(Authentication.sessionCookie))
            #expect(try await client.get("/account", session: robin).status != .ok, "the old sign-in ended")
            let removed = try await client.postForm(remove, [], token: csrfToken(ofSession: renewed), session: renewed)
            #expect(removed.headers[.location] == "/account?notice=passkey_removed#passkeys")
            #expect(!(try await client.get("/account", session: renewed).text.contains("Test key")))
            // Signed in a moment ago, yet not unlinked: the provider is their only way in.
            let unlink = try await client.postForm("/account/sso/remove", [], token: csrfToken(ofSession: renewed), session: renewed)
            #expect(unlink.headers[.location] == "/account?notice=sso_only_way#sso")
            #expect(try await client.get("/people").text.contains("linked to Pocket ID"))
        }
    }

    @Test func newMembersFromTheProviderNeedTheGroupWhenOneIsSet() async throws {
        try await Self.withProvider(configure: { settings, _ in
            settings.allowsNewMembers = true
            settings.requiredGroup = "family"
        }) { client, provider, _ in
            provider.signedIn = .init(subject: "guest", username: "kim", groups: ["guests"])
            let guest = try await Self.go(client, provider)
            #expect(try await Self.arrive(client, at: guest.back, browser: guest.browser).status == .forbidden)
            // In the group, and their user name taken by the owner ("sam"): a new member named after it.
            provider.signedIn = .init(subject: "family-sam", username: "sam", groups: ["family", "admins"])
            let member = try await Self.go(client, provider)
            let joined = try await Self.arrive(client, at: member.back, browser: member.browser)
            #expect(joined.headers[.location] == SignInController.firstPage)
            let people = try await Self.people(client)
            #expect(people.map(\.name) == [TestPerson.name, "sam 2"], "“sam” (and its address's “sam”) was taken, not case-blind")
            #expect(
                people.last?.status == "Member · Last signed in 9 Mar 2026 · linked to Pocket ID",
                "no password: the provider is their way in")
            // Again: the same member, not another.
            let again = try await Self.go(client, provider)
            #expect(try await Self.arrive(client, at: again.back, browser: again.browser).cookie(Authentication.sessionCookie) != nil)
            #expect(try await Self.people(client).count == 2)
        }
    }

    @Test func passwordsCanBeTurnedOff() async throws {
        try await Self.withProvider(configure: { _, config in config.passwordSignIn = false }) { client, _, _ in
            let page = try await client.get("/signin", session: nil)
            #expect(page.text.contains("Sign in with Pocket ID") && !page.text.contains(#"name="password""#))
            let password = try await client.signIn(TestPerson.name, TestPerson.password)
            #expect(password.status == .forbidden && password.cookie(Authentication.sessionCookie) == nil)
            #expect(password.text.contains("Passwords are turned off on this server"))
            // Nor does the owner hand out a first password: new members come by invitation.
            let people = try await client.get("/people").text
            #expect(!people.contains(#"value="password""#) && people.contains("to sign in with Pocket ID"))
            let first = try await client.postForm(
                "/people", [("name", "Robin"), ("how", "password"), ("password", "correct horse battery")])
            #expect(first.status == .forbidden && first.text.contains("Passwords are turned off on this server"))
            let invited = try await client.postForm("/people", [("name", "Robin"), ("how", "invite")])
            #expect(invited.text.contains("lets them sign in with Pocket ID:"))
        }
    }

    @Test func aProviderOutOfReachIsSaidSo() async throws {
        try await Self.withProvider { client, provider, _ in
            await provider.stop()
            let started = try await client.postForm(
                "/signin/sso", [], token: CSRFTests.anonymousToken, cookie: CSRFTests.anonymousToken, session: nil)
            #expect(started.status == .serviceUnavailable && started.text.contains("Pocket ID could not be reached"))
        }
    }

    @Test func withoutAProviderTheRoutesSaySo() async throws {
        try await TestEnvironment.withRunningApp { client, _, _, _ in
            let started = try await client.postForm(
                "/signin/sso", [], token: CSRFTests.anonymousToken, cookie: CSRFTests.anonymousToken, session: nil)
            #expect(started.status == .notFound)
            #expect(try await client.get("/signin", session: nil).text.contains("/signin/sso") == false)
            #expect(try await client.get("/account").text.contains(#"id="sso""#) == false)
        }
    }

    @Test func issuersAreHTTPSOrAtHome() {
        #expect(OpenIDSettings.problem(withIssuer: "https://auth.example.com/application/o/fooddiary/") == nil)
        #expect(OpenIDSettings.problem(withIssuer: "http://192.168.1.5:9091") == nil)
        #expect(OpenIDSettings.problem(withIssuer: "http://auth.example.com") != nil)
        #expect(OpenIDSettings.problem(withIssuer: "auth.example.com") != nil)
        #expect(
            OpenIDSettings(issuer: "https://id.home.example/", clientID: "x", clientSecret: nil).discoveryURL?.absoluteString
                == "https://id.home.example/.well-known/openid-configuration")
    }
}

import FoodDiaryBase
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import FoodDiary
@testable import FoodDiaryApp
import FoodDiaryTools
import FoodDiaryWeb

extension TestResponse {
    /// The value of the cookie `name` this response sets, if it sets one.
    func cookie(_ name: String) -> String? {
        headers[values: .setCookie].first { $0.hasPrefix(name + "=") }
            .map { String($0.dropFirst(name.count + 1).prefix { $0 != ";" }) }
    }
}

extension TestClientProtocol {
    /// Signs in as a browser does (CSRF cookie and field), returning the response.
    func signIn(
        _ name: String, _ password: String, next: String = "/", session: String? = nil, device: String? = nil,
        headers extra: HTTPFields = [:]
    ) async throws -> TestResponse {
        let token = CSRFTests.anonymousToken
        let cookies = browserCookies(csrfCookie: token, session: session) + (device.map { "; \(SignInDevices.cookieName)=\($0)" } ?? "")
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .cookie: cookies]
        headers.append(contentsOf: extra)
        let body = formEncode([("name", name), ("password", password), ("next", next), ("_csrf", token)])
        return try await execute(uri: "/signin", method: .post, headers: headers, body: .init(string: body))
    }
}

@Suite struct AccountsTests {
    /// The pages open to someone not signed in; anything else that answers them is a leak.
    static let openToEveryone: Set<String> = [
        "/signin", "/signin/code", "/signin/passkey", "/signin/sso", "/signin/sso/callback", "/invite/:token/sso", "/setup",
        "/invite/:token", "/healthz", "/manifest.webmanifest", "/sw.js", "/words/:file",
        // A report its owner shared: the link's secret is the key (ReportTests).
        "/shared/reports/:secret", "/shared/reports/:secret/days.csv", "/shared/reports/:secret/report.pdf"
    ]

    @Test func everyRouteButSignInNeedsAPerson() async throws {
        try await TestEnvironment.withRunningApp(withFixtureCatalog: true) { client, database, _, routes in
            let meal = try await database.addMeal("2026-03-09T12:30", notes: "private lunch")
            #expect(Set(routes.filter(\.isPublic).map(\.path)) == Self.openToEveryone)
            for route in routes where !route.isPublic {
                let path = HostileValuesTests.path(route.path, String(meal))
                for method in route.methods + (route.methods.contains(.get) ? [.head] : []) {
                    for headers: HTTPFields in [
                        [:], [.authorization: "Bearer fdt_not-a-real-token"], [.cookie: browserCookies(session: "guessed")],
                        [HTTPField.Name("X-Api-Key")!: "fdt_not-a-real-token"]
                    ] {
                        let response = try await client.execute(uri: path, method: method, headers: headers)
                        let what = "\(method) \(path) \(headers)"
                        #expect(!response.text.contains("private lunch"), "\(what)")
                        if path.hasPrefix("/api/") || path.hasPrefix("/photos/") || path.hasPrefix("/fdc/") || path == "/mcp"
                            || headers[.authorization] != nil
                        {
                            #expect(response.status == .unauthorized, "\(what)")
                        } else {
                            #expect(response.status == .seeOther, "\(what)")
                            #expect(response.headers[.location]?.hasPrefix("/signin") == true, "\(what)")
                        }
                    }
                }
            }
            let page = try await client.execute(uri: "/meals/\(meal)?x=1", method: .get)
            #expect(page.headers[.location] == "/signin?next=/meals/\(meal)%3Fx%3D1", "back to the page after signing in")
            let signIn = try await client.execute(uri: "/signin", method: .get)
            #expect(signIn.status == .ok)
            #expect(
                !signIn.text.contains("status-strip") && !signIn.text.contains(#"href="/today""#), "nothing of the diary before sign-in")
            #expect(try await client.execute(uri: "/static/css/app.css", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/healthz", method: .get).text == "ok\n")
        }
    }

    @Test func firstRunSetupMakesTheOwnerOfAnExistingDiary() async throws {
        let demoDays = 4
        try await TestEnvironment.withRunningApp(
            withFixtureCatalog: true, withGeoNamesFixture: true, signedIn: false,
            prepare: { config in
                // A diary the current release wrote, photos included, before accounts existed.
                try importReferenceDataIfMissing(config: config, logger: .init(label: "test"))
                _ = try await DemoDiary(config: config).fill(
                    days: demoDays, today: LocalDate(parsing: "2026-03-09")!, timeZone: TimeZone(identifier: "UTC")!)
            }
        ) { client, database, config, _ in
            let app = try #require(TestEnvironment.setupToken(config))
            let meals = try await database.read { db in try MealQueries.listPage(db, page: 1) }
            let photoMeal = try #require(meals?.meals.first { $0.photo != nil })

            #expect(try await client.execute(uri: "/", method: .get).headers[.location] == "/signin?next=/")
            #expect(try await client.execute(uri: "/signin", method: .get).text.contains("Nobody has an account here yet"))
            #expect(try await client.execute(uri: "/setup", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/setup?token=wrong", method: .get).status == .notFound)
            let form = try await client.execute(
                uri: "/setup?token=\(app)", method: .get,
                headers: [.cookie: browserCookies(csrfCookie: CSRFTests.anonymousToken, session: nil)])
            #expect(form.status == .ok && form.text.contains("Create the owner"))
            #expect(form.text.contains("kept before accounts becomes yours"), "the diary an earlier version kept is named")

            func setup(_ fields: [(String, String)]) async throws -> TestResponse {
                try await client.postForm(
                    "/setup", fields + [("token", app)], token: CSRFTests.anonymousToken, cookie: CSRFTests.anonymousToken, session: nil)
            }
            let weak = try await setup([("name", "Alex"), ("password", "password123"), ("password_confirmation", "password123")])
            #expect(weak.status == .unprocessableContent && weak.text.contains("first ones guessed"))
            let short = try await setup([("name", "Alex"), ("password", "short"), ("password_confirmation", "short")])
            #expect(short.text.contains("at least 10 characters"))
            let differ = try await setup([
                ("name", "Alex"), ("password", "grapefruit at dawn"), ("password_confirmation", "grapefruit at dusk")
            ])
            #expect(differ.text.contains("The two passwords differ"))
            let made = try await setup([
                ("name", " Alex "), ("password", "grapefruit at dawn"), ("password_confirmation", "grapefruit at dawn")
            ])
            #expect(made.status == .seeOther)
            #expect(made.headers[.location] == "/today?welcome=1", "issue 60: the owner starts on Today, the box ready")
            let session = try #require(made.cookie(Authentication.sessionCookie))
            let cookie = try #require(made.headers[values: .setCookie].first { $0.hasPrefix(Authentication.sessionCookie) })
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && !cookie.contains("Secure"))

            #expect(try await client.execute(uri: "/setup?token=\(app)", method: .get).status == .notFound, "the link works once")
            let accounts = try AccountsDatabase.open(path: config.accountsPath)
            #expect(try await accounts.accounts().map(\.name) == ["Alex"])
            #expect(try await accounts.accounts().first?.role == .owner)

            let list = try await client.get("/", session: session)
            #expect(list.status == .ok)
            #expect(list.text.contains("/meals/\(photoMeal.id)"))
            let photo = try await client.get("/photos/\(photoMeal.photo!.sha256)/thumb", session: session)
            #expect(photo.status == .ok && photo.headers[.contentType]?.hasPrefix("image/") == true)
            #expect(try await database.mealCount() == meals?.totalCount, "every meal kept")
        }
    }

    @Test func theSetupLinkWorksOnlyFromThisMachine() async throws {
        try await TestEnvironment.withRunningApp(testing: .live, signedIn: false) { client, _, config, _ in
            let token = try #require(TestEnvironment.setupToken(config))
            // Over a real socket from 127.0.0.1 it works; the refusal for other addresses is the same check.
            let form = try await client.execute(uri: "/setup?token=\(token)", method: .get)
            #expect(form.status == .ok)
            #expect(
                !form.text.contains("kept before accounts") && !form.text.contains("already in this diary"),
                "a new install has no diary to hand over")
            #expect(
                TrustedProxies.isLoopback("127.0.0.1") && TrustedProxies.isLoopback("::1") && TrustedProxies.isLoopback("::ffff:127.0.0.1"))
            #expect(
                !TrustedProxies.isLoopback("192.168.1.20") && !TrustedProxies.isLoopback("::2") && !TrustedProxies.isLoopback("unknown"))
        }
    }

    @Test func signingInGivesANewSessionAndWrongPasswordsLookAlike() async throws {
        try await TestEnvironment.withConfiguredApp { client, _, config in
            // The person's password as the server hashes it (the test fixture's is cheaper).
            let accounts = try AccountsDatabase.open(path: config.accountsPath)
            let sam = try #require(try await accounts.credentials(named: TestPerson.name)).account
            #expect(
                try await accounts.setPassword(
                    accountID: sam.id, passwordHash: try await Passwords.hash(TestPerson.password), mustChangePassword: false))
            let clock = ContinuousClock()
            var unknown: TestResponse!, wrong: TestResponse!
            let unknownTime = try await clock.measure { unknown = try await client.signIn("Nobody", "sardines on toast 42") }
            let wrongTime = try await clock.measure { wrong = try await client.signIn(TestPerson.name, "sardines on toast 43") }
            // Both check a cost-12 bcrypt hash (a quarter of a second here); nothing answers an unknown name early.
            #expect(unknownTime > .milliseconds(100) && wrongTime > .milliseconds(100), "\(unknownTime) \(wrongTime)")
            #expect(Passwords.standIn.hasPrefix("$2b$\(Passwords.cost)$"))
            #expect(unknown.status == .unauthorized && wrong.status == .unauthorized)
            #expect(unknown.text.contains("do not match an account") && wrong.text.contains("do not match an account"))
            #expect(unknown.cookie(Authentication.sessionCookie) == nil)

            // A session id planted before sign-in is replaced, not adopted.
            let right = try await client.signIn("sam", TestPerson.password, next: "/days/2026-03-09", session: "planted-by-someone-else")
            #expect(right.status == .seeOther)
            #expect(right.headers[.location] == "/days/2026-03-09")
            let session = try #require(right.cookie(Authentication.sessionCookie))
            #expect(session != "planted-by-someone-else" && session.count >= 43, "256 random bits, base64url")
            #expect(try await client.get("/", session: session).status == .ok)
            #expect(try await client.get("/", session: "planted-by-someone-else").status == .seeOther)

            let offsite = try await client.signIn(TestPerson.name, TestPerson.password, next: "//evil.example/")
            #expect(offsite.headers[.location] == "/", "never on to another site")

            // Signing out ends that session only.
            let signOut = try await client.execute(
                uri: "/signout", method: .post,
                headers: [
                    .cookie: browserCookies(session: session), .contentType: "application/x-www-form-urlencoded"
                ],
                body: .init(
                    string: "_csrf="
                        + CSRFTokens(secret: TestEnvironment.secret).sessionToken(sessionIDSHA256: BearerSecret.sha256(of: session))))
            #expect(signOut.headers[.location] == "/signin?notice=signed_out")
            #expect(try await client.get("/", session: session).status == .seeOther)
            #expect(try await client.get("/").status == .ok, "the other session goes on")
        }
    }

    @Test func sessionsEndWhenIdleAndAtTheirAbsoluteLimit() async throws {
        let clock = TestClock()
        try await TestEnvironment.withRunningApp(
            now: { clock.now }, configure: { $0.sessionLifetime = SessionLifetime(idleDays: 30, absoluteDays: 90) }
        ) { (client, _, _, _) async throws -> Void in
            clock.advance(by: 29 * 86_400)
            #expect(try await client.get("/").status == .ok, "used within 30 days")
            clock.advance(by: 29 * 86_400)
            #expect(try await client.get("/").status == .ok, "each use restarts the idle time")
            clock.advance(by: 29 * 86_400)
            #expect(try await client.get("/").status == .ok)
            clock.advance(by: 4 * 86_400)
            #expect(try await client.get("/").status == .seeOther, "90 days after sign-in, however busy")
        }
        let idle = TestClock()
        try await TestEnvironment.withRunningApp(now: { idle.now }) { (client, _, _, _) async throws -> Void in
            idle.advance(by: 30 * 86_400 + 1)
            #expect(try await client.get("/").status == .seeOther, "30 days unused")
        }
    }

    /// `fooddiary user` runs in another process: the server sees its change within seconds.
    @Test func aResetFromTheCommandLineEndsSessionsWithinSeconds() async throws {
        let clock = TestClock()
        try await TestEnvironment.withRunningApp(now: { clock.now }) { (client, _, config, _) async throws -> Void in
            #expect(try await client.get("/").status == .ok)
            let elsewhere = try AccountsDatabase.open(path: config.accountsPath)
            _ = try await UserAdministration.resetPassword(name: TestPerson.name, password: "a brand new phrase", accounts: elsewhere)
            clock.advance(by: RecentSessions.freshFor)
            #expect(try await client.get("/").status == .seeOther)
        }
    }

    @Test func tenWrongPasswordsInARowAreSlowedDown() async throws {
        let clock = TestClock()
        try await TestEnvironment.withRunningApp(now: { clock.now }) { (client, _, _, _) async throws -> Void in
            for attempt in 1...5 {
                #expect(try await client.signIn(TestPerson.name, "wrong guess \(attempt)").status == .unauthorized)
            }
            let locked = try await client.signIn(TestPerson.name, TestPerson.password)
            #expect(locked.status == .tooManyRequests, "even the right password waits")
            #expect(locked.headers[.retryAfter] == "60")
            #expect(locked.text.contains("Try again in a minute"))
            clock.advance(by: 61)
            #expect(try await client.signIn(TestPerson.name, "wrong guess 6").status == .unauthorized)
            let longer = try await client.signIn(TestPerson.name, TestPerson.password)
            #expect(longer.headers[.retryAfter] == "120", "the wait doubles")
            clock.advance(by: 121)
            #expect(try await client.signIn(TestPerson.name, TestPerson.password).status == .seeOther)
            #expect(try await client.signIn(TestPerson.name, "wrong again").status == .unauthorized, "a success clears the count")
        }
    }

    @Test func guessingManyNamesFromOneAddressIsSlowedToo() async throws {
        try await TestEnvironment.withApp { (client, _) async throws -> Void in
            for index in 0..<SignInThrottle.freeFailuresPerClient {
                #expect(try await client.signIn("nobody \(index)", "some password").status == .unauthorized)
            }
            #expect(try await client.signIn("nobody else", "some password").status == .tooManyRequests)
        }
    }

    /// Before, five failures for a name locked it for everyone, from everywhere, right password
    /// included, and behind a proxy every guess came from 127.0.0.1.
    @Test func aGuesserCannotLockTheOwnerOut() async throws {
        try await TestEnvironment.withRunningApp(
            testing: .live, configure: { $0.trustedProxies = try! TrustedProxies(parsing: "127.0.0.1") }
        ) {
            (client, _, _, _) async throws -> Void in
            func from(_ address: String) -> HTTPFields { [Authentication.forwardedFor: address] }
            // A guesser at 203.0.113.9 tries the owner's name until it waits.
            var status = HTTPResponse.Status.unauthorized
            for attempt in 1...8 where status == .unauthorized {
                status = try await client.signIn(TestPerson.name, "guess \(attempt)", headers: from("203.0.113.9")).status
            }
            #expect(status == .tooManyRequests, "the guesser waits")
            #expect(try await client.signIn(TestPerson.name, TestPerson.password, headers: from("203.0.113.9")).status == .tooManyRequests)
            let owner = try await client.signIn(TestPerson.name, TestPerson.password, headers: from("198.51.100.7"))
            #expect(owner.status == .seeOther, "the owner at home is not kept out")
            let device = try #require(owner.cookie(SignInDevices.cookieName))

            // A client cannot pass itself off as another by writing its own X-Forwarded-For first:
            // only the hop our proxy added counts.
            #expect(
                try await client.signIn(TestPerson.name, TestPerson.password, headers: from("198.51.100.7, 203.0.113.9")).status
                    == .tooManyRequests)

            // Behind a proxy that names no client, everyone is 127.0.0.1: guesses at made-up names
            // lock that address, yet the owner's browser signed in before still gets in.
            for index in 0...SignInThrottle.freeFailuresPerClient {
                _ = try await client.signIn("made-up \(index)", "guess")
            }
            #expect(try await client.signIn("made-up again", "guess").status == .tooManyRequests)
            #expect(
                try await client.signIn(TestPerson.name, TestPerson.password, device: device).status == .seeOther,
                "a device that signed in before has an allowance of its own")
            #expect(
                try await client.signIn(TestPerson.name, TestPerson.password, device: "1.\(String(repeating: "0", count: 32)).forged")
                    .status
                    == .tooManyRequests, "a forged device cookie counts for nothing")
        }
    }

    /// From anyone but a trusted proxy, X-Forwarded-For is the client's own claim and changes nothing.
    @Test func anUntrustedForwardedForIsIgnored() async throws {
        try await TestEnvironment.withRunningApp(testing: .live) { (client, _, _, _) async throws -> Void in
            for attempt in 1...SignInThrottle.freeFailuresPerName {
                _ = try await client.signIn(
                    TestPerson.name, "guess \(attempt)", headers: [Authentication.forwardedFor: "10.0.0.\(attempt)"])
            }
            #expect(
                try await client.signIn(TestPerson.name, TestPerson.password, headers: [Authentication.forwardedFor: "10.9.9.9"]).status
                    == .tooManyRequests)
        }
    }

    @Test func accessTokensActForTheirPersonUntilRevoked() async throws {
        try await TestEnvironment.withApp { client, database in
            try await database.addMeal("2026-03-09T12:30", notes: "token lunch")
            let empty = try await client.postForm("/account/tokens", [("current_password", TestPerson.password), ("name", "  ")])
            #expect(empty.status == .unprocessableContent)
            let made = try await client.postForm(
                "/account/tokens", [("current_password", TestPerson.password), ("name", "Shortcuts & scripts"), ("access", "write")])
            #expect(made.status == .ok && made.headers[.cacheControl] == "no-store")
            let token = try #require(made.text.firstMatch(of: /fdt_[A-Za-z0-9_-]{43}/).map { String($0.output) })
            #expect(made.text.contains("Shortcuts &amp; scripts"))
            // Issue 74: in view (focused), with a Copy button and the address to give an assistant.
            #expect(made.text.contains(#"value="\#(token)" readonly autofocus"#) && made.text.contains(#"data-copy="\#(token)""#))
            #expect(made.text.contains(#/add a connector or MCP server at <code>https?://[^<]+/mcp</code>/#))
            #expect(try await client.get("/account").text.contains(token) == false, "shown once")

            let api = try await client.execute(uri: "/api/meals", method: .get, headers: [.authorization: "Bearer \(token)"])
            #expect(api.status == .ok && api.text.contains("token lunch"))
            // A script posts with its token alone: no cookie, no CSRF token.
            let created = try await client.execute(
                uri: "/meals", method: .post,
                headers: [
                    .authorization: "Bearer \(token)", .contentType: "application/x-www-form-urlencoded"
                ], body: .init(string: "eaten_at=2026-03-09T18%3A00"))
            #expect(created.status == .seeOther)
            #expect(try await database.mealCount() == 2)
            #expect(
                try await client.execute(uri: "/api/meals", method: .get, headers: [.authorization: "Basic \(token)"]).status
                    == .unauthorized)

            let accounts = try await client.get("/account").text
            let revoke = try #require(accounts.firstMatch(of: #/action="(/account/tokens/\d+/revoke)"/#).map { String($0.output.1) })
            #expect(accounts.contains("last used 9 Mar 2026"))
            #expect(try await client.postForm(revoke, []).headers[.location] == "/account?notice=token_revoked#tokens")
            #expect(
                try await client.execute(uri: "/api/meals", method: .get, headers: [.authorization: "Bearer \(token)"]).status
                    == .unauthorized)
            #expect(try await client.postForm(revoke, []).status == .notFound)
        }
    }

    /// Before, a reset ended the member's sessions only: their old password still signed in and
    /// their tokens still worked.
    @Test func aResetLocksTheMemberOutUntilTheirNewLink() async throws {
        try await TestEnvironment.withConfiguredApp { client, _, config in
            let robin = try await TestPerson.addMember("Robin", in: config)
            let made = try await client.postForm(
                "/account/tokens", [("current_password", TestPerson.password), ("name", "Robin's phone")], token: robin.token,
                session: robin.session)
            let token = try #require(made.text.firstMatch(of: /fdt_[A-Za-z0-9_-]{43}/).map { String($0.output) })
            #expect(try await client.execute(uri: "/api/meals", method: .get, headers: [.authorization: "Bearer \(token)"]).status == .ok)
            let robinID = try #require(try await AccountsDatabase.open(path: config.accountsPath).account(named: "Robin")).id

            let reset = try await client.postForm("/people/\(robinID)/reset", [])
            let link = try #require(reset.text.firstMatch(of: #/http://[^/]+(/invite/[A-Za-z0-9_-]+)/#).map { String($0.output.1) })
            #expect(reset.text.contains("no longer work"))
            #expect(reset.text.contains(#"data-copy="http://"#) && reset.text.contains(link), "a button copies the link (issue 35)")
            #expect(try await client.get("/", session: robin.session).status == .seeOther, "their sessions ended")
            #expect(try await client.signIn("Robin", TestPerson.password).status == .unauthorized, "their old password no longer signs in")
            #expect(
                try await client.execute(uri: "/api/meals", method: .get, headers: [.authorization: "Bearer \(token)"]).status
                    == .unauthorized,
                "their tokens are revoked")
            let joined = try await client.postForm(
                link, [("password", "pancakes on sunday"), ("password_confirmation", "pancakes on sunday")],
                token: CSRFTests.anonymousToken, cookie: CSRFTests.anonymousToken, session: nil)
            #expect(joined.status == .seeOther, "the new link lets them in")
            #expect(try await client.signIn("Robin", "pancakes on sunday").status == .seeOther)
        }
    }

    /// Issue 64: a token made to read may read everything and write nothing but the assistant's
    /// calls (whose writing tools ask again) and FoodData Central's searches (posts that read).
    @Test func aTokenMadeToReadWritesNothing() async throws {
        try await TestEnvironment.withApp { client, database in
            let made = try await client.postForm("/account/tokens", [("current_password", TestPerson.password), ("name", "Reader")])
            let token = try #require(made.text.firstMatch(of: /fdt_[A-Za-z0-9_-]{43}/).map { String($0.output) })
            #expect(
                try await client.get("/account").text.contains("Reader</strong> <span class=\"muted\">· only reads"),
                "a form that says nothing makes a reader")
            let bearer: HTTPFields = [.authorization: "Bearer \(token)", .contentType: "application/x-www-form-urlencoded"]
            let created = try await client.execute(
                uri: "/meals", method: .post, headers: bearer, body: .init(string: "eaten_at=2026-03-09T18%3A00"))
            #expect(created.status == .forbidden && created.text.contains("may only read"))
            #expect(try await database.mealCount() == 0)
            #expect(try await client.execute(uri: "/api/meals", method: .get, headers: bearer).status == .ok)
            let search = try await client.execute(
                uri: "/fdc/v1/foods/search", method: .post, headers: [.authorization: "Bearer \(token)", .contentType: "application/json"],
                body: .init(string: #"{"query": "banana"}"#))
            #expect(search.status != .forbidden, "a search posted to our FoodData Central API reads")
        }
    }

    @Test func onlyABrowserManagesTokens() async throws {
        try await TestEnvironment.withApp { client, _ in
            // One that may write, so what refuses it is the rule for tokens, not the one for reading ones.
            let made = try await client.postForm(
                "/account/tokens", [("current_password", TestPerson.password), ("name", "Script"), ("access", "write")])
            let token = try #require(made.text.firstMatch(of: /fdt_[A-Za-z0-9_-]{43}/).map { String($0.output) })
            let bearer: HTTPFields = [.authorization: "Bearer \(token)", .contentType: "application/x-www-form-urlencoded"]
            let minted = try await client.execute(
                uri: "/account/tokens", method: .post, headers: bearer, body: .init(string: "name=Another"))
            #expect(minted.status == .forbidden && !minted.text.contains("fdt_"), "a token cannot mint tokens")
            let revoke = try #require(
                try await client.get("/account").text.firstMatch(of: #/action="(/account/tokens/\d+/revoke)"/#).map { String($0.output.1) })
            #expect(try await client.execute(uri: revoke, method: .post, headers: bearer, body: .init(string: "")).status == .forbidden)
            #expect(try await client.get("/account").text.contains("Script"), "and the token is still listed")
        }
    }

    /// Both offer to revoke the tokens, naming them; left unticked, the notice says they still work.
    @Test func aPasswordChangeAndSigningOutEverywhereOfferToRevokeTokens() async throws {
        try await TestEnvironment.withApp { client, _ in
            func makeToken(_ name: String, password: String = TestPerson.password) async throws -> String {
                let made = try await client.postForm("/account/tokens", [("current_password", password), ("name", name)])
                return try #require(made.text.firstMatch(of: /fdt_[A-Za-z0-9_-]{43}/).map { String($0.output) })
            }
            func works(_ token: String) async throws -> Bool {
                try await client.execute(uri: "/api/meals", method: .get, headers: [.authorization: "Bearer \(token)"]).status == .ok
            }
            let kept = try await makeToken("Shortcuts")
            #expect(try await client.get("/account").text.contains("Also revoke my access token (“Shortcuts”)"))
            let password = [
                ("current_password", TestPerson.password), ("password", "mackerel and rice"), ("password_confirmation", "mackerel and rice")
            ]
            let unticked = try await client.postForm("/account/password", password)
            #expect(unticked.headers[.location] == "/account?notice=password_changed_tokens_kept")
            #expect(
                try await client.get("/account?notice=password_changed_tokens_kept").text.contains("Your access tokens below still work"))
            #expect(try await works(kept))

            let second = try await makeToken("Backup script", password: "mackerel and rice")
            #expect(try await client.get("/account").text.contains("Also revoke my 2 access tokens (“Backup script”, “Shortcuts”)"))
            let again = [
                ("current_password", "mackerel and rice"), ("password", "herring and rye"), ("password_confirmation", "herring and rye")
            ]
            let ticked = try await client.postForm("/account/password", again + [("revoke_tokens", "1")])
            #expect(ticked.headers[.location] == "/account?notice=password_changed_tokens_revoked")
            #expect(try await works(kept) == false)
            #expect(try await works(second) == false)

            let third = try await makeToken("Watch", password: "herring and rye")
            let everywhere = try await client.postForm("/account/signout-everywhere", [("revoke_tokens", "1")])
            #expect(everywhere.headers[.location] == "/signin?notice=signed_out_everywhere_tokens_revoked")
            #expect(try await works(third) == false)
        }
    }

    @Test func changingYourPasswordEndsYourOtherSessions() async throws {
        try await TestEnvironment.withApp { client, _ in
            let other = try #require(try await client.signIn(TestPerson.name, TestPerson.password).cookie(Authentication.sessionCookie))
            let wrongCurrent = try await client.postForm(
                "/account/password",
                [
                    ("current_password", "not it at all"), ("password", "mackerel and rice"), ("password_confirmation", "mackerel and rice")
                ])
            #expect(wrongCurrent.status == .unprocessableContent && wrongCurrent.text.contains("not your current password"))
            let changed = try await client.postForm(
                "/account/password",
                [
                    ("current_password", TestPerson.password), ("password", "mackerel and rice"),
                    ("password_confirmation", "mackerel and rice")
                ])
            #expect(changed.headers[.location] == "/account?notice=password_changed")
            #expect(try await client.get("/", session: other).status == .seeOther, "the other browser is signed out")
            #expect(try await client.get("/").status == .ok, "this one stays")
            #expect(try await client.signIn(TestPerson.name, TestPerson.password).status == .unauthorized)
            #expect(try await client.signIn(TestPerson.name, "mackerel and rice").status == .seeOther)

            let everywhere = try await client.postForm("/account/signout-everywhere", [])
            #expect(everywhere.headers[.location] == "/signin?notice=signed_out_everywhere")
            #expect(try await client.get("/").status == .seeOther)
        }
    }

    @Test func theOwnerInvitesResetsAndRemovesMembers() async throws {
        try await TestEnvironment.withApp { client, _ in
            let invited = try await client.postForm("/people", [("name", "Robin"), ("how", "invite")])
            #expect(invited.status == .ok)
            let link = try #require(invited.text.firstMatch(of: #/http://[^/]+(/invite/[A-Za-z0-9_-]+)/#).map { String($0.output.1) })
            #expect(try await client.postForm("/people", [("name", "robin"), ("how", "invite")]).status == .conflict, "names ignore case")

            let welcome = try await client.execute(uri: link, method: .get)
            #expect(welcome.status == .ok && welcome.text.contains("Welcome, Robin"))
            let joined = try await client.postForm(
                link, [("password", "pancakes on sunday"), ("password_confirmation", "pancakes on sunday")],
                token: CSRFTests.anonymousToken, cookie: CSRFTests.anonymousToken, session: nil)
            #expect(joined.status == .seeOther)
            let robin = try #require(joined.cookie(Authentication.sessionCookie))
            #expect(try await client.get("/", session: robin).status == .ok)
            #expect(try await client.get("/people", session: robin).status == .forbidden, "members do not manage people")
            #expect(try await client.execute(uri: link, method: .get).status == .notFound, "an invitation works once")

            // A first password the owner chose must be changed before anything else.
            #expect(
                try await client.postForm("/people", [("name", "Kim"), ("how", "password"), ("password", "temporary chives 7")]).status
                    == .ok)
            let kim = try #require(try await client.signIn("Kim", "temporary chives 7").cookie(Authentication.sessionCookie))
            #expect(try await client.get("/", session: kim).headers[.location] == "/account?notice=change_password")
            #expect(try await client.get("/account", session: kim).text.contains("Choose your own password"))

            let people = try await client.get("/people").text
            let robinRow = try #require(people.firstMatch(of: #/<strong>Robin</strong>[\s\S]*?action="(/people/(\d+)/reset)"/#))
            let reset = try await client.postForm(String(robinRow.output.1), [])
            #expect(reset.text.contains("/invite/"))
            #expect(try await client.get("/", session: robin).status == .seeOther, "a reset ends their sessions")

            let removal = "/people/\(robinRow.output.2)/remove"
            #expect(try await client.get(removal).text.contains("Type their name to confirm"))
            #expect(try await client.postForm(removal, [("confirm_name", "Robyn")]).status == .unprocessableContent)
            #expect(try await client.postForm(removal, [("confirm_name", "robin")]).headers[.location] == "/people?notice=removed")
            #expect(try await client.get("/people").text.contains("Robin") == false)
        }
    }

    @Test func aTrustedProxysHeaderSignsInAndAnyoneElsesIsIgnored() async throws {
        for (trusted, signsIn) in [("127.0.0.0/8", true), ("10.0.0.0/8, 192.168.1.5", false)] {
            try await TestEnvironment.withRunningApp(
                testing: .live,
                configure: {
                    $0.trustedProxyHeader = "Remote-User"
                    $0.trustedProxies = try! TrustedProxies(parsing: trusted)
                }
            ) { (client, _, _, _) async throws -> Void in
                let page = try await client.execute(uri: "/", method: .get, headers: [HTTPField.Name("Remote-User")!: "Sam"])
                #expect(page.status == (signsIn ? .ok : .seeOther), "\(trusted)")
                if signsIn {
                    let stranger = try await client.execute(uri: "/", method: .get, headers: [HTTPField.Name("Remote-User")!: "Mallory"])
                    #expect(stranger.status == .unauthorized && stranger.text.contains("nobody has that name"))
                }
            }
        }
    }

    @Test func theSessionCookieIsSecureBehindAnHTTPSProxy() async throws {
        try await TestEnvironment.withRunningApp(
            testing: .live, configure: { $0.trustedProxies = try! TrustedProxies(parsing: "127.0.0.1") }
        ) { (client, _, _, _) async throws -> Void in
            let viaProxy = try await client.signIn(TestPerson.name, TestPerson.password, headers: [Authentication.forwardedProto: "https"])
            #expect(viaProxy.headers[values: .setCookie].contains { $0.hasPrefix(Authentication.sessionCookie) && $0.contains("Secure") })
        }
        try await TestEnvironment.withRunningApp(testing: .live) { (client, _, _, _) async throws -> Void in
            let claimed = try await client.signIn(TestPerson.name, TestPerson.password, headers: [Authentication.forwardedProto: "https"])
            #expect(
                claimed.headers[values: .setCookie].contains { $0.hasPrefix(Authentication.sessionCookie) && !$0.contains("Secure") },
                "an untrusted client's claim is ignored")
        }
    }

    @Test func invitationSecretsStayOutOfTheRequestLog() {
        #expect(RequestLogMiddleware<AppRequestContext>.loggable("/invite/0H40SOs8VvSO6dQoD2gdHwPNqrk") == "/invite/…")
        #expect(RequestLogMiddleware<AppRequestContext>.loggable("/meals/12") == "/meals/12")
    }

    @Test func trustedProxyListsParseAddressesAndBlocks() throws {
        let proxies = try TrustedProxies(parsing: "10.0.0.0/8, 192.168.1.5,fd00::/8")
        #expect(proxies.contains("10.200.3.4") && proxies.contains("192.168.1.5") && proxies.contains("fd12::1"))
        #expect(!proxies.contains("11.0.0.1") && !proxies.contains("192.168.1.6") && !proxies.contains("fe80::1"))
        #expect(proxies.contains("::ffff:10.1.1.1"), "IPv4 on a dual-stack socket")
        #expect(throws: TrustedProxies.BadEntry.self) { try TrustedProxies(parsing: "10.0.0.0/33") }
        #expect(throws: TrustedProxies.BadEntry.self) { try TrustedProxies(parsing: "proxy.local") }
    }

    @Test func sessionsSurviveARestartAndAreStoredHashed() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/accounts.sqlite"
        let before = try AccountsDatabase.open(path: path)
        let id = try await before.createAccount(
            name: "Alex", passwordHash: TestPerson.passwordHash, role: .owner, now: TestEnvironment.fixedNow)
        let session = try await before.createSession(accountID: id, lifetime: SessionLifetime(), now: TestEnvironment.fixedNow)
        let token = try await before.createToken(accountID: id, name: "script", now: TestEnvironment.fixedNow)
        let after = try AccountsDatabase.open(path: path)
        #expect(
            try await after.session(id: session.text, lifetime: SessionLifetime(), now: TestEnvironment.fixedNow)?.account.name == "Alex")
        #expect(try await after.tokenHolder(token.text)?.account.name == "Alex")
        let file =
            try Data(contentsOf: URL(fileURLWithPath: path)) + ((try? Data(contentsOf: URL(fileURLWithPath: path + "-wal"))) ?? Data())
        #expect(
            file.range(of: Data(session.text.utf8)) == nil && file.range(of: Data(token.text.utf8)) == nil, "only their hashes are stored")
    }

    @Test func theCommandLineManagesPeople() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let accounts = try AccountsDatabase.open(path: directory.path + "/accounts.sqlite")
        let now = TestEnvironment.fixedNow
        #expect(
            try await UserAdministration.add(name: "Alex", password: "olive oil and bread", owner: false, accounts: accounts, now: now)
                .contains("as an owner"), "the first person is the owner")
        await #expect(throws: UserAdministration.Refusal.self) {
            try await UserAdministration.add(name: "Jo", password: "1234567890", owner: false, accounts: accounts, now: now)
        }
        _ = try await UserAdministration.add(name: "Jo", password: "lentil soup forever", owner: false, accounts: accounts, now: now)
        #expect(
            try await UserAdministration.list(accounts: accounts).map { $0.split(separator: "\t").prefix(2).joined(separator: " ") } == [
                "Alex owner", "Jo member"
            ])
        _ = try await UserAdministration.resetPassword(name: "alex", password: "a brand new phrase", accounts: accounts)
        await #expect(throws: UserAdministration.Refusal.self, "the only owner stays") {
            try await UserAdministration.remove(name: "Alex", accounts: accounts)
        }
        _ = try await UserAdministration.remove(name: "Jo", accounts: accounts)
        #expect(try await accounts.accounts().map(\.name) == ["Alex"])
    }
}

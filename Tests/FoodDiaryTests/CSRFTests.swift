import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import FoodDiary
import FoodDiaryWeb

@Suite struct CSRFTests {
    static let otherToken = String(repeating: "cd", count: 32)

    static let anonymousToken = CSRFTokens(secret: TestEnvironment.secret).newToken()

    /// A signed-in browser's forms must carry its own session's token, nothing else.
    @Test(arguments: [
        ("missing field", nil as String?, nil as String?),
        ("wrong field", otherToken, nil),
        ("a genuine pre-sign-in pair, not the session's", anonymousToken, anonymousToken),
        (
            "another session's token",
            CSRFTokens(secret: TestEnvironment.secret).sessionToken(sessionIDSHA256: BearerSecret.sha256(of: "other")), nil
        ),
        (
            "the session's token signed with another secret",
            CSRFTokens(secret: Data(repeating: 9, count: 32)).sessionToken(sessionIDSHA256: BearerSecret.sha256(of: TestPerson.sessionID)),
            nil
        )
    ])
    func postsWithoutAMatchingTokenAreRefusedAndChangeNothing(_ label: String, token: String?, cookie: String?) async throws {
        try await TestEnvironment.withApp { client, database in
            let id = try await database.addMeal("2026-03-09T12:30", notes: "keep me")
            let create = try await client.postForm("/meals", [("eaten_at", "2026-03-09T13:00")], token: token, cookie: cookie)
            let edit = try await client.postForm("/meals/\(id)/edit", [("eaten_at", "2026-03-09T13:00")], token: token, cookie: cookie)
            let delete = try await client.postForm("/meals/\(id)/delete", [], token: token, cookie: cookie)
            for response in [create, edit, delete] {
                #expect(response.status == .forbidden, "\(label)")
                #expect(response.text.contains("nothing was changed"))
            }
            let meal = try await database.read { db in try MealQueries.meal(db, id: id) }
            #expect(meal?.notes == "keep me")
            #expect(try await database.mealCount() == 1)
        }
    }

    @Test func headerTokenIsAcceptedForScripts() async throws {
        try await TestEnvironment.withApp { client, database in
            let id = try await database.addMeal("2026-03-09T12:30")
            let response = try await client.execute(
                uri: "/meals/\(id)/delete", method: .post,
                headers: [
                    .cookie: browserCookies(), CSRFTokens.headerName: testToken
                ])
            #expect(response.status == .seeOther)
            #expect(try await database.mealCount() == 0)
        }
    }

    /// Before sign-in the token is double-submitted: a genuine cookie and the same value in the form.
    @Test(arguments: [
        ("no cookie", anonymousToken as String?, nil as String?, false),
        ("malformed pair", "x", "x", false),
        ("forged pair", String(repeating: "ab", count: 32), String(repeating: "ab", count: 32), false),
        ("pair signed with another secret", CSRFTokens(secret: Data(repeating: 9, count: 32)).newToken(), nil, false),
        ("genuine pair", anonymousToken, anonymousToken, true)
    ])
    func signInFormsNeedTheirCookiesToken(_ label: String, token: String?, cookie: String?, accepted: Bool) async throws {
        try await TestEnvironment.withApp { client, _ in
            let response = try await client.postForm(
                "/signin", [("name", TestPerson.name), ("password", "wrong password!")],
                token: token, cookie: cookie, session: nil)
            #expect(response.status == (accepted ? .unauthorized : .forbidden), "\(label)")
        }
    }

    @Test func aSignedInBrowserNeedsNoCSRFCookie() async throws {
        try await TestEnvironment.withApp { client, _ in
            let response = try await client.get("/meals/new")
            #expect(response.headers[.setCookie] == nil)
            #expect(response.text.contains(testToken))
        }
    }

    @Test func tokensAreRandomSignedAndComparedExactly() {
        let tokens = CSRFTokens(secret: TestEnvironment.secret)
        let a = tokens.newToken(), b = tokens.newToken()
        #expect(a != b)
        #expect(tokens.isGenuine(a) && tokens.isGenuine(b))
        #expect(!tokens.isGenuine(String(a.prefix(32)) + String(b.suffix(32))), "a nonce with another token's MAC")
        #expect(!CSRFTokens(secret: Data(repeating: 1, count: 32)).isGenuine(a))
        #expect(ConstantTime.equals(a, a))
        #expect(!ConstantTime.equals(a, b))
        #expect(!ConstantTime.equals(a, String(a.dropLast())))
    }
}

@Suite struct SecurityHeaderTests {
    @Test func pagesCannotBeFramedAndLoadOnlyOurOwnCode() async throws {
        try await TestEnvironment.withApp { client, _ in
            for path in ["/", "/meals/new", "/no-such-page"] {
                let response = try await client.get(path)
                let policy = response.headers[.contentSecurityPolicy] ?? ""
                #expect(
                    policy.contains("frame-ancestors 'none'") && policy.contains("script-src 'self'")
                        && policy.contains("form-action 'self'"), "\(path)")
                #expect(response.headers[HTTPField.Name("X-Frame-Options")!] == "DENY")
                #expect(response.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff")
            }
        }
    }
}

import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import FoodDiary

@Suite struct CSRFTests {
    static let otherToken = String(repeating: "cd", count: 32)

    @Test(arguments: [
        ("missing field", nil as String?, testToken as String?),
        ("wrong field", otherToken, testToken),
        ("no cookie", testToken, nil),
        ("malformed cookie", "x", "x"),
        // Any value a client picks for both, as the earlier double-submit scheme accepted.
        ("forged pair", String(repeating: "ab", count: 32), String(repeating: "ab", count: 32)),
        ("pair signed with another secret", CSRFTokens(secret: Data(repeating: 9, count: 32)).newToken(), nil),
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
            let response = try await client.execute(uri: "/meals/\(id)/delete", method: .post, headers: [
                .cookie: "\(CSRFTokens.cookieName)=\(testToken)", CSRFTokens.headerName: testToken,
            ])
            #expect(response.status == .seeOther)
            #expect(try await database.mealCount() == 0)
        }
    }

    @Test func existingCookieIsReusedNotReplaced() async throws {
        try await TestEnvironment.withApp { client, _ in
            let response = try await client.get("/meals/new")
            #expect(response.headers[.setCookie] == nil)
        }
    }

    @Test func tokensAreRandomSignedAndComparedExactly() {
        let tokens = CSRFTokens(secret: TestEnvironment.secret)
        let a = tokens.newToken(), b = tokens.newToken()
        #expect(a != b)
        #expect(tokens.isGenuine(a) && tokens.isGenuine(b))
        #expect(!tokens.isGenuine(String(a.prefix(32)) + String(b.suffix(32))), "a nonce with another token's MAC")
        #expect(!CSRFTokens(secret: Data(repeating: 1, count: 32)).isGenuine(a))
        #expect(CSRFTokens.constantTimeEquals(a, a))
        #expect(!CSRFTokens.constantTimeEquals(a, b))
        #expect(!CSRFTokens.constantTimeEquals(a, String(a.dropLast())))
    }
}

@Suite struct SecurityHeaderTests {
    @Test func pagesCannotBeFramedAndLoadOnlyOurOwnCode() async throws {
        try await TestEnvironment.withApp { client, _ in
            for path in ["/", "/meals/new", "/no-such-page"] {
                let response = try await client.get(path)
                let policy = response.headers[.contentSecurityPolicy] ?? ""
                #expect(policy.contains("frame-ancestors 'none'") && policy.contains("script-src 'self'") && policy.contains("form-action 'self'"), "\(path)")
                #expect(response.headers[HTTPField.Name("X-Frame-Options")!] == "DENY")
                #expect(response.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff")
            }
        }
    }
}

import Foundation
import HTTPTypes
import Testing
@testable import FoodDiary
import FoodDiaryWeb

/// Light or dark chosen on More, for one browser, over what its device prefers.
@Suite struct AppearanceTests {
    @Test func aChosenSchemeIsKeptByThisBrowserAndEveryPageFollowsIt() async throws {
        try await TestEnvironment.withApp { client, _ in
            let device = try await client.get("/more").text
            #expect(
                device.contains("<html lang=\"en\" dir=\"ltr\" data-decimal=\".\">") && device.contains("content=\"light dark\""),
                "the device decides until a choice is made")
            #expect(device.contains("aria-pressed=\"true\">As the device"))

            let chosen = try await client.postForm("/settings/appearance", [("scheme", "dark")])
            #expect(chosen.status == .seeOther)
            let cookie = try #require(chosen.headers[.setCookie])
            #expect(cookie.hasPrefix("\(ColorScheme.cookieName)=dark") && cookie.contains("HttpOnly"))

            for path in ["/more", "/today", "/settings/nutrients"] {
                let page = try await client.execute(
                    uri: path, method: .get,
                    headers: [.cookie: browserCookies() + "; \(ColorScheme.cookieName)=dark"]
                ).text
                #expect(
                    page.contains("<html lang=\"en\" dir=\"ltr\" data-decimal=\".\" data-theme=\"dark\">")
                        && page.contains("content=\"dark\""),
                    "\(path)")
            }
            let odd = try await client.execute(
                uri: "/more", method: .get, headers: [.cookie: browserCookies() + "; \(ColorScheme.cookieName)=<b>"]
            ).text
            #expect(odd.contains("<html lang=\"en\" dir=\"ltr\" data-decimal=\".\">"), "a cookie that is neither is the device's choice")

            let cleared = try await client.postForm("/settings/appearance", [("scheme", "")])
            #expect(cleared.headers[.setCookie]?.contains("Max-Age=0") == true)
            #expect(try await client.postForm("/settings/appearance", [("scheme", "sepia")]).status == .badRequest)
        }
    }
}

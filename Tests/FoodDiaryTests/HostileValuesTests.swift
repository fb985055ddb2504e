import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
@testable import FoodDiary
import FoodDiaryWeb

/// Every registered route, every path parameter, query name and form field, sent values no person
/// means to type: none may answer 5xx or stop the server. Routes are read from the app itself and
/// field names from the templates, so a new route or field is covered without touching this test.
@Suite struct HostileValuesTests {
    /// Typed as they are; percent-encoded where they go into a URL or a form.
    static let values = [
        "184467440737095518", "-184467440737095518", "99999999999999999999999999", "-1", "0", "9223372036854775807",
        "-9223372036854775808", "1e308", "NaN", "0x10", "１２", "",
        String(repeating: "e\u{301}", count: 31), "👨‍👩‍👧", "می‌خواهم", "mac & cheese", "a+b", "100%",
        String(repeating: "x", count: 5000), "\u{0}\u{7}\n\r\t", "../../etc/passwd", "<script>alert(1)</script>"
    ]
    /// Put into queries and forms byte for byte: broken or unusual percent-encoding.
    static let rawPieces = ["%FF", "%", "%zz", "%C3%28", "+", "%2B", "%00", "%E2%80%8D", "%F0%9F"]
    static let queryNames = ["page", "q", "brand", "days", "limit", "date", "notice", "amount", "from", "to", "name", "before"]
    static let extraFieldNames = [
        "energy_kcal", "protein_g", "fat_g", "carbohydrate_g", "sodium_mg", "fiber_g", "sugars_g",
        "saturated_fat_g", "cholesterol_mg", "potassium_mg", "ingredient", "catalog_food"
    ]

    static func formFieldNames() throws -> [String] {
        let templates = TestEnvironment.packageRoot.appendingPathComponent("Templates")
        var names: Set<String> = Set(extraFieldNames)
        let files = FileManager.default.enumerator(atPath: templates.path)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".mustache") {
            let text = try String(contentsOfFile: templates.appendingPathComponent(file).path, encoding: .utf8)
            for match in text.matches(of: /name="([a-z_]+)"/) where match.1 != "_csrf" { names.insert(String(match.1)) }
        }
        return names.sorted()
    }

    /// `/meals/:id/foods/:entry` with every parameter replaced by `value`.
    static func path(_ pattern: String, _ value: String) -> String {
        pattern.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(":") ? value : String($0) }.joined(separator: "/")
    }

    /// Every route, a share of them per app: thousands of requests one after another kept one core
    /// busy for the Swift tests' last three minutes, the other idle.
    static let shares = 6

    @Test(arguments: 0..<shares) func noRouteAnswers5xxToHostileValues(share: Int) async throws {
        let fields = try Self.formFieldNames()
        try await TestEnvironment.withRunningApp(withFixtureCatalog: true) { client, database, _, everyRoute in
            #expect(everyRoute.count > 60, "the routes are read from the app")
            let routes = everyRoute.enumerated().filter { $0.offset % Self.shares == share }.map(\.element)
            // Something real for the ids to find, so handlers get past their lookups.
            let meal = try await database.addMeal("2026-03-09T12:30", notes: "Lunch")
            try await client.postForm("/meals/\(meal)/foods", [("source", "catalog:9040"), ("amount", "g125")])
            var failures: [String] = []
            var untied: Set<String> = []
            func check(_ response: TestResponse, _ what: String) {
                if response.status.code >= 500 { failures.append("\(response.status.code) \(what)") }
                if let problem = Self.errorNotTiedToItsField(response.text) { untied.insert("\(what.prefix(60)): \(problem)") }
            }
            let pathValues = Self.values.map(formEscaped) + ["%FF", "%2F..%2F", "%00"]
            // Signing out ends the test's session, so those routes go last.
            let endsTheSession: Set<String> = ["/signout", "/account/signout-everywhere"]
            for route in routes.filter({ !endsTheSession.contains($0.path) }) + routes.filter({ endsTheSession.contains($0.path) }) {
                for method in route.methods {
                    // Hostile ids in the path...
                    for value in pathValues {
                        let path = Self.path(route.path, value)
                        let response = method == .get ? try await client.get(path) : try await client.postForm(path, [])
                        check(response, "\(method) \(path.prefix(120))")
                    }
                    // ...and hostile queries and fields on a path whose ids exist, so handlers get past their lookups.
                    if route.path.hasSuffix("/delete") && method == .post { continue }
                    let path = Self.path(route.path, "1")
                    for value in Self.values {
                        if method == .get {
                            let query = Self.queryNames.map { "\($0)=\(formEscaped(value))" }.joined(separator: "&")
                            check(try await client.get("\(path)?\(query)"), "GET \(path)?\(query.prefix(80))")
                        } else {
                            check(try await client.postForm(path, fields.map { ($0, value) }), "POST \(path) with \(value.prefix(40))")
                        }
                    }
                    for piece in Self.rawPieces {
                        if method == .get {
                            let query = Self.queryNames.map { "\($0)=\(piece)" }.joined(separator: "&")
                            check(try await client.get("\(path)?\(query)"), "GET \(path)?\(query.prefix(80))")
                            continue
                        }
                        let body = (fields.map { "\($0)=\(piece)" } + ["_csrf=\(testToken)"]).joined(separator: "&")
                        let response = try await client.execute(
                            uri: path, method: .post,
                            headers: [
                                .contentType: "application/x-www-form-urlencoded", .cookie: browserCookies()
                            ], body: ByteBuffer(string: body))
                        check(response, "POST \(path) raw \(piece)")
                    }
                    if method == .post {
                        var invalid = ByteBuffer(string: "--b\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\n\(testToken)\r\n")
                        for field in fields {
                            invalid.writeString("--b\r\nContent-Disposition: form-data; name=\"\(field)\"\r\n\r\n")
                            invalid.writeBytes([0xC3, 0x28, 0xFF])
                            invalid.writeString("\r\n")
                        }
                        invalid.writeString("--b--\r\n")
                        let multipart = try await client.execute(
                            uri: path, method: .post,
                            headers: [
                                .contentType: "multipart/form-data; boundary=b", .cookie: browserCookies()
                            ], body: invalid)
                        check(multipart, "POST multipart \(path) with invalid UTF-8")
                    }
                }
            }
            #expect(failures.isEmpty, "\(failures.count) answers were 5xx, e.g. \(failures.prefix(10))")
            #expect(untied.isEmpty, "a form's error a screen reader does not read with its field (issue 40): \(untied.sorted().prefix(12))")
            #expect(try await client.get("/healthz").status == .ok, "the server still answers")
            #expect(try await client.get("/signin", session: nil).status == .ok)
        }
    }

    /// A field's error (`field-error`) that no control names with `aria-describedby`, or that
    /// has no id to be named by: a screen reader moving through the form never hears it.
    static func errorNotTiedToItsField(_ page: String) -> String? {
        guard page.contains("field-error") else { return nil }
        let described = Set(page.matches(of: #/aria-describedby="([^"]*)"/#).flatMap { $0.output.1.split(separator: " ").map(String.init) })
        for error in page.matches(of: #/<p class="field-error"[^>]*>/#) {
            let tag = String(error.output)
            guard let id = tag.firstMatch(of: #/id="([^"]+)"/#)?.output.1 else { return tag }
            if !described.contains(String(id)) { return tag }
        }
        return nil
    }

    @Test func overflowingPageNumbersAreNotFoundOrBadRequest() async throws {
        try await TestEnvironment.withApp { (client, _) async throws -> Void in
            #expect(try await client.get("/?page=184467440737095518").status == .notFound)
            #expect(try await client.get("/?page=9223372036854775807").status == .notFound)
            #expect(try await client.get("/?page=99999999999999999999999").status == .badRequest)
            #expect(try await client.get("/?page=-3").status == .badRequest)
            #expect(try await client.get("/").status == .ok)
        }
    }
}

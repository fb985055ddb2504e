import Foundation
import NIOConcurrencyHelpers
import Testing
@testable import FoodDiary
import FoodDiaryStorage
import FoodDiaryWeb

/// A crowd much wider than the machine's cores on every route of a real `fooddiary serve`, with
/// FoodData Central refusing, stalling and sending garbage underneath: every request is answered
/// in time, the only 5xx are deliberate 503s with `Retry-After`, and afterwards the health check
/// and a static file answer within a second. Routes are read from the app, so a new one is in.
/// The server runs as a child process: if it froze, this test still keeps time and stops it.
@Suite(.serialized) struct CrowdTests {
    static let crowd = max(64, 8 * ProcessInfo.processInfo.activeProcessorCount)
    /// How long the crowd keeps sending to each GET route.
    static let burst: TimeInterval = 0.4
    /// Far above any page's time on a debug build under this load; a frozen server never answers.
    static let deadline: TimeInterval = 15
    /// Routes that would end the crowd's own session or remove its diary; each is tested elsewhere.
    static let leftOutPosts: Set<String> = ["/signout", "/account/signout-everywhere", "/diaries/:diary/delete", "/people/:id/remove"]
    static let unanswered = "no answer in time"
    static let queries = ["chicken breast", "banana", "café au lait", "mac & cheese", "porridge 🥣"]

    @Test func aCrowdOnEveryRouteLeavesTheServerAnswering() async throws {
        let routes = try await TestEnvironment.withRunningApp { _, _, _, routes in routes }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let meal = try await Self.seed(directory.path)
        let standIn = FoodDataCentralStandIn()
        try await standIn.start()
        standIn.mode = .hostile
        defer { Task { await standIn.stop() } }
        let server = try ServerProcess(arguments: [
            "--data-dir", directory.path, "--sr28-dir", directory.path, "--fdc-dir", directory.path, "--geonames-dir", directory.path,
            "--fdc-base-url", standIn.baseURL.absoluteString
        ])
        defer { _ = server.stop(within: 5) }
        let port = server.port
        let cookie = browserCookies()
        // Something for each id to find.
        let entry = BlockingHTTP.send(
            port: port, method: "POST", path: "/meals/\(meal)/foods", headers: Self.formHeaders(cookie),
            body: Data(formEncode([("source", "catalog:9040"), ("amount", "g125"), ("_csrf", testToken)]).utf8),
            deadline: Self.deadline)
        #expect(entry?.status == 303, "a food was added to the seeded meal")

        let failures = NIOLockedValueBox<[String]>([])
        let shed = NIOLockedValueBox<[String: Int]>([:])
        // Once the server has stopped answering, each further request would only wait out its deadline.
        let frozen = { failures.withLockedValue { $0.contains { $0.hasSuffix(Self.unanswered) } } }
        var sent = 0
        for route in routes where route.methods.contains(.get) && !frozen() {
            let path = Self.realisticPath(route.path, meal: meal)
            sent += await Self.fire(workers: Self.crowd, for: Self.burst, failures: failures, shed: shed) { worker in
                let query = formEscaped(Self.queries[worker % Self.queries.count])
                let answer = BlockingHTTP.send(
                    port: port, path: "\(path)?q=\(query)&query=\(query)&date=2026-11-25", headers: ["Cookie": cookie],
                    deadline: Self.deadline)
                return ("GET \(path)", answer)
            }
        }
        // Forms at a lower rate: an eighth of the crowd, each once.
        for route in routes where route.methods.contains(.post) && !Self.leftOutPosts.contains(route.path) && !frozen() {
            let path = Self.realisticPath(route.path, meal: meal)
            sent += await Self.fire(workers: Self.crowd / 8, for: 0, failures: failures, shed: shed) { _ in
                let answer = BlockingHTTP.send(
                    port: port, method: "POST", path: path, headers: Self.formHeaders(cookie),
                    body: Data("_csrf=\(testToken)&q=banana&name=Crowd".utf8), deadline: Self.deadline)
                return ("POST \(path)", answer)
            }
        }
        #expect(frozen() || sent > routes.count * Self.crowd, "the crowd sent \(sent) requests")
        #expect(frozen() || shed.withLockedValue { $0["GET /foods"] ?? 0 } > 0, "searches beyond the limit were refused at once")
        let problems = Dictionary(failures.withLockedValue { $0 }.map { ($0, 1) }, uniquingKeysWith: +)
        #expect(
            problems.isEmpty,
            """
            requests unanswered or failed: \(problems.sorted { $0.value > $1.value }.prefix(12).map { "\($0.value)× \($0.key)" })
            the server's errors: \(server.log.split(separator: "\n").filter { $0.contains("error") }.suffix(8).joined(separator: "\n"))
            """)

        for path in ["/healthz", "/static/css/app.css"] {
            let start = Date()
            let answer = BlockingHTTP.send(port: port, path: path, deadline: 1)
            #expect(answer?.status == 200, "\(path) answered \(answer.map { "\($0.status)" } ?? "nothing") after the crowd")
            #expect(Date().timeIntervalSince(start) < 1, "\(path) took \(Date().timeIntervalSince(start)) s after the crowd")
        }
        let stopped = server.stop(within: 15)
        #expect(stopped != nil, "SIGTERM stopped the server within 15 s")
    }

    /// Each of `workers` threads sends requests for `seconds` (at least one); returns how many were
    /// sent. Failures, and 503s by route, are counted into the boxes given.
    static func fire(
        workers: Int, for seconds: TimeInterval, failures: NIOLockedValueBox<[String]>, shed: NIOLockedValueBox<[String: Int]>,
        _ request: @escaping @Sendable (Int) -> (String, BlockingHTTP.Answer?)
    ) async -> Int {
        let count = NIOLockedValueBox(0)
        let group = DispatchGroup()
        let until = Date().addingTimeInterval(seconds)
        for worker in 0..<workers {
            group.enter()
            Thread.detachNewThread {
                repeat {
                    let (what, answer) = request(worker)
                    count.withLockedValue { $0 += 1 }
                    if let problem = Self.problem(with: answer) { failures.withLockedValue { $0.append("\(what): \(problem)") } }
                    if answer?.status == 503 { shed.withLockedValue { $0[what, default: 0] += 1 } }
                } while Date() < until
                group.leave()
            }
        }
        await withCheckedContinuation { continuation in group.notify(queue: .global()) { continuation.resume() } }
        return count.withLockedValue { $0 }
    }

    /// What is wrong with an answer: none in time, or a 5xx other than a deliberate 503 with `Retry-After`.
    static func problem(with answer: BlockingHTTP.Answer?) -> String? {
        guard let answer else { return unanswered }
        if answer.status == 503, answer.retryAfter != nil { return nil }
        return answer.status >= 500 ? "\(answer.status)" : nil
    }

    static func formHeaders(_ cookie: String) -> [String: String] {
        ["Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"]
    }

    /// The route with each parameter replaced by something that exists (or a plausible miss).
    static func realisticPath(_ pattern: String, meal: Int64) -> String {
        let parts = pattern.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        return parts.enumerated().map { index, part -> String in
            let before = index > 0 ? parts[index - 1] : ""
            switch part {
            case ":id" where ["foods", "food"].contains(before): return "9040"
            case ":id" where before == "meals": return "\(meal)"
            case ":food" where before == "catalog": return "9040"
            case ":fdc", ":fdcId": return "\(FoodDataCentralStandIn.bar)"
            case ":date": return "2026-11-25"
            case ":source": return "catalog:9040"
            case ":sha256": return String(repeating: "0", count: 64)
            case ":size": return "thumb"
            case ":name", ":token": return "nothing-here"
            default: return part.hasPrefix(":") ? "1" : part
            }
        }.joined(separator: "/")
    }

    /// A data directory with the fixture catalog and place names, the test person signed in (now,
    /// not at the tests' fixed date: the server runs on the real clock) and a meal; returns the meal's id.
    static func seed(_ path: String) async throws -> Int64 {
        try SR28Fixture.write(to: path)
        try GenericFoodsFixture.write(to: path)
        try GeoNamesFixture.write(to: path)
        try TestEnvironment.secret.write(to: URL(fileURLWithPath: path + "/secret.key"))
        let config = TestEnvironment.config(dataDirectory: path)
        let accounts = try AccountsDatabase.open(path: config.accountsPath)
        let id = try await accounts.createAccount(name: TestPerson.name, passwordHash: TestPerson.passwordHash, role: .owner, now: Date())
        _ = try await accounts.openDiaryID(for: try #require(try await accounts.account(id: id)), now: Date())
        try await accounts.write { db in
            try db.execute(
                sql: "INSERT INTO session (id_sha256, account_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [BearerSecret.sha256(of: TestPerson.sessionID), id, Date(), Date(), Date().addingTimeInterval(86_400)])
        }
        let diary = try AppDatabase.open(path: config.firstDiaryPath)
        return try await diary.addMeal("2026-11-25T12:30", notes: "Lunch in a crowd")
    }
}

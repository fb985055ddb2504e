import FoodDiaryBase
import Foundation
import Testing
import HTTPTypes
import Hummingbird
import Logging
import HummingbirdTesting
import HummingbirdBcrypt
import NIOCore
import NIOConcurrencyHelpers
@testable import FoodDiary
@testable import FoodDiaryApp
import FoodDiaryStorage
import FoodDiaryWeb

/// A fresh data directory under the system temp dir, removed when the test ends.
struct TemporaryDirectory {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("fooddiary-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }

    /// One the whole run shares (an imported catalog), removed as the test process exits: left
    /// behind, each run of the suite kept half a gigabyte in /tmp.
    static func forTheRun() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        sharedByTheRun.withLockedValue { paths in
            if paths.isEmpty {
                atexit {
                    TemporaryDirectory.sharedByTheRun.withLockedValue { $0.forEach { try? FileManager.default.removeItem(atPath: $0) } }
                }
            }
            paths.append(directory.path)
        }
        return directory
    }

    private static let sharedByTheRun = NIOLockedValueBox<[String]>([])
}

enum TestEnvironment {
    /// The package root, found from this file so tests run from any working directory.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Monday 9 March 2026, 12:34:56 UTC.
    static let fixedNow = Date(timeIntervalSince1970: 1_773_059_696)

    private static let setupTokens = NIOLockedValueBox<[String: String]>([:])

    /// The first-run setup link's secret of the app on that data directory, as the server logs it.
    static func setupToken(_ config: AppConfig) -> String? { setupTokens.withLockedValue { $0[config.dataDirectory] } }

    /// The key the test apps sign CSRF tokens with, so `testToken` is one of theirs.
    static let secret = Data(repeating: 7, count: 32)

    static func config(dataDirectory: String, timeZone: TimeZone = TimeZone(identifier: "UTC")!) -> AppConfig {
        var config = AppConfig(
            dataDirectory: dataDirectory,
            templatesDirectory: packageRoot.appendingPathComponent("Templates").path,
            languagesDirectory: packageRoot.appendingPathComponent("Languages").path,
            publicDirectory: packageRoot.appendingPathComponent("Public").path,
            timeZone: timeZone)
        config.offersPseudoLanguage = true
        config.secret = secret
        config.renderedPageCheck = ReferenceRenderer.compare
        // Nothing listens on the discard port: tests never reach the internet, and "offline" is instant.
        config.fdcBaseURL = URL(string: "http://127.0.0.1:9/fdc")!
        config.offBaseURL = URL(string: "http://127.0.0.1:9")!
        // Hundreds of test apps share this process's two request threads; a second would be too
        // short for their health checks. The crowd check measures a server's own second.
        config.healthCheckDeadline = .seconds(30)
        return config
    }

    /// Builds the real application on a temporary data directory and runs `body` against its router.
    static func withApp<Value: Sendable>(
        timeZone: TimeZone = TimeZone(identifier: "UTC")!,
        withFixtureCatalog: Bool = false,
        _ body: @escaping @Sendable (any TestClientProtocol, AppDatabase) async throws -> Value
    ) async throws -> Value {
        try await withConfiguredApp(timeZone: timeZone, withFixtureCatalog: withFixtureCatalog) { client, database, _ in
            try await body(client, database)
        }
    }

    /// As `withApp`, with settings changed by `configure` and the final config handed to `body`.
    static func withConfiguredApp<Value: Sendable>(
        timeZone: TimeZone = TimeZone(identifier: "UTC")!,
        withFixtureCatalog: Bool = false,
        withGeoNamesFixture: Bool = false,
        configure: (inout AppConfig) -> Void = { _ in },
        _ body: @escaping @Sendable (any TestClientProtocol, AppDatabase, AppConfig) async throws -> Value
    ) async throws -> Value {
        try await withRunningApp(
            timeZone: timeZone, withFixtureCatalog: withFixtureCatalog, withGeoNamesFixture: withGeoNamesFixture,
            configure: configure
        ) { client, database, config, _ in try await body(client, database, config) }
    }

    /// The most general form: `testing` picks in-process (.router) or a real socket (.live), and
    /// `body` also gets the routes the app registered.
    static func withRunningApp<Value: Sendable>(
        timeZone: TimeZone = TimeZone(identifier: "UTC")!,
        withFixtureCatalog: Bool = false,
        withGeoNamesFixture: Bool = false,
        testing: AppTesting = .router,
        signedIn: Bool = true,
        now: @escaping @Sendable () -> Date = { fixedNow },
        configure: (inout AppConfig) -> Void = { _ in },
        prepare: (AppConfig) async throws -> Void = { _ in },
        _ body: @escaping @Sendable (any TestClientProtocol, AppDatabase, AppConfig, [RegisteredRoute]) async throws -> Value
    ) async throws -> Value {
        // The place is taken before the app exists: what a test times starts with its app.
        try await HeavyWork.run {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            var config = config(dataDirectory: directory.path, timeZone: timeZone)
            if withFixtureCatalog {
                try SR28Fixture.write(to: directory.path)
                try GenericFoodsFixture.write(to: directory.path)
                config.sr28Directory = directory.path
                config.fdcDirectory = directory.path
            }
            if withGeoNamesFixture {
                try GeoNamesFixture.write(to: directory.path)
                config.geonamesDirectory = directory.path
            }
            if testing == .live { (config.host, config.port) = ("127.0.0.1", 0) }
            configure(&config)
            try await prepare(config)
            try await ImportedOnce.placeCatalog(for: config)
            try await ImportedOnce.placePlaceNames(for: config)
            var logger = Logger(label: "fooddiary-tests")
            logger.logLevel = .error
            if signedIn { try await TestPerson.create(in: config) }
            let (ports, running) = AsyncStream.makeStream(of: Int.self)
            let app = try await buildApplication(config: config, logger: logger, now: now, onRunning: { running.yield($0) })
            setupTokens.withLockedValue { $0[config.dataDirectory] = app.setup.token }
            // A second handle on the same file lets tests check what was stored without going through HTTP.
            let database = try AppDatabase.open(path: config.firstDiaryPath)
            let finalConfig = config, routes = app.routes
            switch testing {
            case .router: return try await app.test(.router) { client in try await body(client, database, finalConfig, routes) }
            case .live:
                return try await LoopbackTestServer.run(app, ports: ports) { client in try await body(client, database, finalConfig, routes)
                }
            }
        }
    }

    static func withFixtureApp<Value: Sendable>(
        _ body: @escaping @Sendable (any TestClientProtocol, AppDatabase) async throws -> Value
    ) async throws -> Value {
        try await withApp(withFixtureCatalog: true, body)
    }

    static func withDatabase<Value>(_ body: (AppDatabase) async throws -> Value) async throws -> Value {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        return try await body(try AppDatabase.open(path: directory.path + "/diary.sqlite"))
    }
}

/// The owner every test app has, already signed in with a known session unless a test asks for
/// an app nobody has set up.
enum TestPerson {
    static let name = "Sam"
    static let password = "sardines on toast 42"
    static let sessionID = "test-session-of-the-owner"
    /// Hashed once per test run at bcrypt's least cost: hundreds of tests sign in with it, and at the
    /// server's cost 12 each check took half a second of a debug build's core (a seventh of the Swift
    /// tests' time). Every hash the server makes is still cost 12; the test of equal answer times
    /// gives this person such a hash first.
    static let passwordHash = Bcrypt.hash(password, cost: 4)

    static func create(in config: AppConfig) async throws {
        let accounts = try AccountsDatabase.open(path: config.accountsPath)
        let id = try await accounts.createAccount(name: name, passwordHash: passwordHash, role: .owner, now: TestEnvironment.fixedNow)
        _ = try await accounts.openDiaryID(for: try #require(try await accounts.account(id: id)), now: TestEnvironment.fixedNow)
        try await accounts.write { db in
            try db.execute(
                sql: "INSERT INTO session (id_sha256, account_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [
                    BearerSecret.sha256(of: sessionID), id, TestEnvironment.fixedNow, TestEnvironment.fixedNow,
                    TestEnvironment.fixedNow.addingTimeInterval(90 * 86_400)
                ])
        }
    }
}

extension AppConfig {
    /// The first diary made on a data directory: the test owner's, or the one a legacy diary became.
    var firstDiaryPath: String { DiaryFiles(directory: diariesDirectory).databasePath(1) }
    var firstDiaryPhotos: String { DiaryFiles(directory: diariesDirectory).photosDirectory(1) }
}

/// A clock a test moves forward by hand.
final class TestClock: Sendable {
    private let instant = NIOLockedValueBox(TestEnvironment.fixedNow)

    var now: Date { instant.withLockedValue { $0 } }

    func advance(by seconds: TimeInterval) { instant.withLockedValue { $0 = $0.addingTimeInterval(seconds) } }
}

extension TestPerson {
    /// Adds a member with a session of their own (and so a diary of their own at their first
    /// request); returns the session id and its CSRF token.
    static func addMember(_ name: String, in config: AppConfig) async throws -> (session: String, token: String) {
        let accounts = try AccountsDatabase.open(path: config.accountsPath)
        let id = try await accounts.createAccount(name: name, passwordHash: passwordHash, role: .member, now: TestEnvironment.fixedNow)
        let session = "test-session-of-\(name)"
        try await accounts.write { db in
            try db.execute(
                sql: "INSERT INTO session (id_sha256, account_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [
                    BearerSecret.sha256(of: session), id, TestEnvironment.fixedNow, TestEnvironment.fixedNow,
                    TestEnvironment.fixedNow.addingTimeInterval(90 * 86_400)
                ])
        }
        return (session, csrfToken(ofSession: session))
    }
}

/// The CSRF token the app derives for a browser signed in with `session`.
func csrfToken(ofSession session: String) -> String {
    CSRFTokens(secret: TestEnvironment.secret).sessionToken(sessionIDSHA256: BearerSecret.sha256(of: session))
}

/// The CSRF token of the test owner's session, which the tests play the browser with.
let testToken = csrfToken(ofSession: TestPerson.sessionID)

/// The cookies of the signed-in test browser: its session, and a CSRF cookie `csrfCookie` if given.
func browserCookies(csrfCookie: String? = nil, session: String? = TestPerson.sessionID) -> String {
    ([session.map { "\(Authentication.sessionCookie)=\($0)" }, csrfCookie.map { "\(CSRFTokens.cookieName)=\($0)" }])
        .compactMap { $0 }.joined(separator: "; ")
}

extension TestClientProtocol {
    /// Posts a url-encoded form as a browser would: with the CSRF cookie and, unless told otherwise, the matching field.
    @discardableResult
    func postForm(
        _ uri: String, _ fields: [(String, String)], token: String? = testToken, cookie: String? = nil,
        session: String? = TestPerson.sessionID, language: String? = nil
    ) async throws -> TestResponse {
        var all = fields
        if let token { all.append(("_csrf", token)) }
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        headers[.cookie] = browserCookies(csrfCookie: cookie, session: session)
        headers[.acceptLanguage] = language
        return try await execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: formEncode(all)))
    }

    /// Posts a multipart form as a browser does: fields first (the CSRF token leading), then files.
    @discardableResult
    func postMultipart(
        _ uri: String, fields: [(String, String)] = [], files: [MultipartFile] = [], token: String? = testToken, cookie: String? = nil,
        session: String? = TestPerson.sessionID, accept: String? = nil
    ) async throws -> TestResponse {
        let boundary = "----FoodDiaryTestBoundary7MA4YWxkTrZu0gW"
        var body = ByteBuffer()
        for (name, value) in (token.map { [("_csrf", $0)] } ?? []) + fields {
            body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n")
        }
        for file in files {
            body.writeString(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.field)\"; filename=\"\(file.filename)\"\r\nContent-Type: \(file.contentType)\r\n\r\n"
            )
            body.writeBytes(file.data)
            body.writeString("\r\n")
        }
        body.writeString("--\(boundary)--\r\n")
        var headers: HTTPFields = [.contentType: "multipart/form-data; boundary=\(boundary)"]
        headers[.cookie] = browserCookies(csrfCookie: cookie, session: session)
        headers[.accept] = accept
        return try await execute(uri: uri, method: .post, headers: headers, body: body)
    }

    func get(_ uri: String, session: String? = TestPerson.sessionID, language: String? = nil) async throws -> TestResponse {
        var headers: HTTPFields = session.map { [.cookie: browserCookies(session: $0)] } ?? [:]
        headers[.acceptLanguage] = language
        return try await execute(uri: uri, method: .get, headers: headers)
    }
}

struct MultipartFile {
    var field = "photo"
    var filename: String
    var contentType = "image/jpeg"
    var data: Data
}

func formEncode(_ fields: [(String, String)]) -> String {
    fields.map { name, value in "\(formEscaped(name))=\(formEscaped(value))" }.joined(separator: "&")
}

/// Percent-encodes everything but ASCII letters, digits and `-._*`, as a browser's form does.
func formEscaped(_ text: String) -> String {
    let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._*")
    return text.addingPercentEncoding(withAllowedCharacters: allowed)!
}

extension TestResponse {
    var text: String { String(buffer: body) }
}

extension AppDatabase {
    @discardableResult
    func addMeal(_ local: String, offset: Int = 0, notes: String = "") async throws -> Int64 {
        try await createMeal(
            MealInput(eatenAt: LocalDateTime(parsing: local)!, utcOffsetMinutes: offset, notes: notes),
            now: TestEnvironment.fixedNow)
    }
}

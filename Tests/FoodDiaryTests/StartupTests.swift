import Foundation
import NIOCore
import Testing
@testable import FoodDiary
@testable import FoodDiaryApp
import FoodDiaryWeb

@Suite struct StartupTests {
    @Test func missingTemplatesStopStartUp() async throws {
        let data = try TemporaryDirectory(), templates = try TemporaryDirectory()
        defer { data.remove(); templates.remove() }
        try "{{$body}}{{/body}}".write(toFile: templates.path + "/layout.mustache", atomically: true, encoding: .utf8)
        var config = TestEnvironment.config(dataDirectory: data.path)
        config.templatesDirectory = templates.path
        await #expect(throws: PageRenderer.MissingTemplates.self) {
            _ = try await buildApplication(config: config)
        }
    }

    /// The features list their own pages (issue 61): one of theirs missing stops start-up too, by name.
    @Test func aFeaturesMissingPageStopsStartUpByName() async throws {
        let data = try TemporaryDirectory(), templates = try TemporaryDirectory()
        defer { data.remove(); templates.remove() }
        try FileManager.default.removeItem(atPath: templates.path)
        try FileManager.default.copyItem(
            atPath: TestEnvironment.packageRoot.appendingPathComponent("Templates").path, toPath: templates.path)
        try FileManager.default.removeItem(atPath: templates.path + "/recipe_import/import.mustache")
        var config = TestEnvironment.config(dataDirectory: data.path)
        config.templatesDirectory = templates.path
        await #expect { _ = try await buildApplication(config: config) } throws: { error in
            (error as? PageRenderer.MissingTemplates)?.description.hasSuffix(": recipe_import/import") == true
        }
    }

    @Test func loopbackIsRecognised() {
        #expect(AppConfig(host: "127.0.0.1").bindsLoopbackOnly)
        #expect(AppConfig(host: "localhost").bindsLoopbackOnly)
        #expect(AppConfig(host: "::1").bindsLoopbackOnly)
        #expect(!AppConfig(host: "0.0.0.0").bindsLoopbackOnly)
        #expect(!AppConfig(host: "192.168.1.20").bindsLoopbackOnly)
    }

    /// A stock Debian resolves localhost to ::1 first: `--host localhost` would then listen where
    /// nothing asking for 127.0.0.1 (its own setup link included) reaches it.
    @Test func localhostListensWhereEveryClientOfThisMachineReachesIt() async throws {
        #expect(AppConfig(host: "localhost").bindAddress == "127.0.0.1" && AppConfig(host: "LocalHost").bindAddress == "127.0.0.1")
        #expect(AppConfig(host: "[::1]").bindAddress == "::1" && AppConfig(host: "0.0.0.0").bindAddress == "0.0.0.0")
        try await TestEnvironment.withRunningApp(testing: .live, signedIn: false, configure: { $0.host = "localhost" }) {
            (client, _, _, _) async throws -> Void in
            #expect(try await client.get("/healthz").status == .ok, "reached on 127.0.0.1")
        }
        #expect(ListeningAddress.reachableFromThisMachine(try SocketAddress(ipAddress: "0.0.0.0", port: 80)) == "127.0.0.1")
        #expect(ListeningAddress.reachableFromThisMachine(try SocketAddress(ipAddress: "::", port: 80)) == "[::1]")
        #expect(ListeningAddress.reachableFromThisMachine(try SocketAddress(ipAddress: "::1", port: 80)) == "[::1]")
        #expect(ListeningAddress.reachableFromThisMachine(try SocketAddress(ipAddress: "192.168.1.20", port: 80)) == "192.168.1.20")
    }
}

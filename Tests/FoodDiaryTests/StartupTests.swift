import Foundation
import Testing
@testable import FoodDiary

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

    @Test func loopbackIsRecognised() {
        #expect(AppConfig(host: "127.0.0.1").bindsLoopbackOnly)
        #expect(AppConfig(host: "localhost").bindsLoopbackOnly)
        #expect(AppConfig(host: "::1").bindsLoopbackOnly)
        #expect(!AppConfig(host: "0.0.0.0").bindsLoopbackOnly)
        #expect(!AppConfig(host: "192.168.1.20").bindsLoopbackOnly)
    }
}

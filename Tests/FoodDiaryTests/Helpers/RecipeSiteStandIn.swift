import Foundation
import Hummingbird
import Logging
import NIOConcurrencyHelpers
import NIOCore
import ServiceLifecycle
@testable import FoodDiary

/// A local web server with recipe pages in the shapes real sites use (Fixtures/recipe-pages),
/// a photo, a page too large to read, and a redirect: the recipe sites the tests cannot reach.
final class RecipeSiteStandIn: Sendable {
    static let pages = TestEnvironment.packageRoot.appendingPathComponent("Tests/FoodDiaryTests/Fixtures/recipe-pages").path

    private let task = NIOLockedValueBox<Task<Void, any Error>?>(nil)
    private let boundPort = NIOLockedValueBox(0)
    private let requests = NIOLockedValueBox([String]())
    var port: Int { boundPort.withLockedValue { $0 } }
    /// The paths asked for, in order.
    var seen: [String] { requests.withLockedValue { $0 } }

    func address(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    func start() async throws {
        let photo = try Self.samplePhoto()
        let router = Router()
        router.get("/huge.html") { request, _ -> Response in
            self.requests.withLockedValue { $0.append(request.uri.path) }
            return Response(status: .ok, headers: [.contentType: "text/html"], body: .init(byteBuffer: ByteBuffer(repeating: UInt8(ascii: " "), count: 6_000_000)))
        }
        router.get("/moved") { request, _ -> Response in
            self.requests.withLockedValue { $0.append(request.uri.path) }
            return Response(status: .found, headers: [.location: "/plain-howtosteps.html"])
        }
        router.get("/elsewhere") { request, _ -> Response in
            self.requests.withLockedValue { $0.append(request.uri.path) }
            return Response(status: .found, headers: [.location: "file:///etc/passwd"])
        }
        router.get("/:page") { request, context -> Response in
            self.requests.withLockedValue { $0.append(request.uri.path) }
            let name = context.parameters.get("page") ?? ""
            if name.hasSuffix(".jpg") {
                return Response(status: .ok, headers: [.contentType: "image/jpeg"], body: .init(byteBuffer: ByteBuffer(bytes: photo)))
            }
            guard !name.contains("/"), let html = FileManager.default.contents(atPath: Self.pages + "/" + name) else { return Response(status: .notFound) }
            return Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(bytes: html)))
        }
        let running = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "recipe-site-stand-in")
        logger.logLevel = .critical
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                              onServerRunning: { running.continuation.yield($0.localAddress?.port ?? 0) }, logger: logger)
        task.withLockedValue { $0 = Task { try await app.runService(gracefulShutdownSignals: []) } }
        for await bound in running.stream {
            boundPort.withLockedValue { $0 = bound }
            break
        }
    }

    func stop() async {
        let running = task.withLockedValue { $0 }
        running?.cancel()
        _ = await running?.result
    }

    private static func samplePhoto() throws -> [UInt8] {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/dish.jpg"
        try ImageLibrary.writeSampleJPEG(to: path, width: 320, height: 240)
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}

import Foundation
import Hummingbird
import NIOConcurrencyHelpers
import NIOCore
@testable import FoodDiary
@testable import FoodDiaryPhotos

/// A local web server with recipe pages in the shapes real sites use (Fixtures/recipe-pages),
/// a photo, a page too large to read, and a redirect: the recipe sites the tests cannot reach.
final class RecipeSiteStandIn: Sendable {
    static let pages = TestEnvironment.packageRoot.appendingPathComponent("Tests/FoodDiaryTests/Fixtures/recipe-pages").path

    private let server = StandInServer()
    private let requests = NIOLockedValueBox([String]())
    var port: Int { server.port }
    /// The paths asked for, in order.
    var seen: [String] { requests.withLockedValue { $0 } }

    func address(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    func start() async throws {
        let photo = try Self.samplePhoto()
        let router = Router()
        router.get("/huge.html") { request, _ -> Response in
            self.requests.withLockedValue { $0.append(request.uri.path) }
            return Response(
                status: .ok, headers: [.contentType: "text/html"],
                body: .init(byteBuffer: ByteBuffer(repeating: UInt8(ascii: " "), count: 6_000_000)))
        }
        router.get("/slow.html") { request, _ -> Response in
            self.requests.withLockedValue { $0.append(request.uri.path) }
            try await Task.sleep(for: .seconds(2))
            return Response(status: .ok, headers: [.contentType: "text/html"], body: .init(byteBuffer: ByteBuffer(string: "<html></html>")))
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
            guard !name.contains("/"), let html = FileManager.default.contents(atPath: Self.pages + "/" + name) else {
                return Response(status: .notFound)
            }
            return Response(
                status: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(bytes: html)))
        }
        try await server.start(router, label: "recipe-site-stand-in")
    }

    func stop() async { await server.stop() }

    private static func samplePhoto() throws -> [UInt8] {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/dish.jpg"
        try ImageLibrary.writeSampleJPEG(to: path, width: 320, height: 240)
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}

import Foundation
import Hummingbird
import NIOCore

/// The two files of the installable app that must sit at the site's root rather than under
/// /static: the web app manifest, and the service worker, whose address bounds the pages it may
/// serve. Read once at start (a missing one stops it, like a missing template); open to everyone,
/// as they hold nothing of anyone's.
package struct AppShellController: Sendable {
    let manifest: ByteBuffer
    let serviceWorker: ByteBuffer

    package init(publicDirectory: String) throws {
        manifest = ByteBuffer(data: try Data(contentsOf: URL(fileURLWithPath: publicDirectory + "/manifest.webmanifest")))
        serviceWorker = ByteBuffer(data: try Data(contentsOf: URL(fileURLWithPath: publicDirectory + "/js/sw.js")))
    }

    package func addRoutes(to routes: Routes) {
        let manifest = manifest, serviceWorker = serviceWorker
        routes.publicGet("/manifest.webmanifest") { _, _ in Self.file(manifest, type: "application/manifest+json") }
        routes.publicGet("/sw.js") { _, _ in Self.file(serviceWorker, type: "text/javascript; charset=utf-8") }
    }

    /// Asked again on every visit, so a new version reaches an installed app at once.
    private static func file(_ body: ByteBuffer, type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type, .cacheControl: "no-cache"], body: .init(byteBuffer: body))
    }
}

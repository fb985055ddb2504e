import CMagic
import FoodDiaryBase
import Foundation

/// libmagic behind an actor: a `magic_t` is not safe to share between threads, and loading the
/// magic database once rather than per upload keeps sniffing cheap. The actor runs on a queue of
/// its own, since libmagic reads the file on the calling thread.
package actor MediaSniffer {
    package static let shared = MediaSniffer()
    private nonisolated let executor = DispatchQueueExecutor(label: "fooddiary.libmagic")
    package nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    private var cookie: magic_t?

    /// The MIME type libmagic reads from the file's bytes, e.g. "image/jpeg". Names and the
    /// Content-Type a client sent are never consulted.
    package func mimeType(ofFileAt path: String) throws -> String {
        if cookie == nil { cookie = try Self.openCookie() }
        return try Self.sniff(path, with: cookie!)
    }

    /// The same for a command that runs no server (restore): a database loaded for this call alone.
    package nonisolated static func mimeTypeOnce(ofFileAt path: String) throws -> String {
        let cookie = try openCookie()
        defer { magic_close(cookie) }
        return try sniff(path, with: cookie)
    }

    private static func sniff(_ path: String, with cookie: magic_t) throws -> String {
        guard let result = magic_file(cookie, path) else {
            throw Failure(description: magic_error(cookie).map { String(cString: $0) } ?? "libmagic could not read the file")
        }
        return String(cString: result)
    }

    private static func openCookie() throws -> magic_t {
        guard let opened = magic_open(MAGIC_MIME_TYPE | MAGIC_ERROR) else { throw Failure(description: "libmagic could not start") }
        guard magic_load(opened, nil) == 0 else {
            let message = magic_error(opened).map { String(cString: $0) } ?? "no magic database"
            magic_close(opened)
            throw Failure(description: "libmagic could not load its database: \(message)")
        }
        return opened
    }
}

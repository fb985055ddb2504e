import Foundation

/// An exclusive `flock` on `<data-dir>/fooddiary.lock` for as long as a server runs there. A second
/// server on the same data would sweep the first one's uploads in progress as leftovers; it stops
/// with a clear message instead. The kernel drops the lock when the process ends, even by kill -9.
package final class DataDirectoryLock: Sendable {
    private let descriptor: Int32

    package struct Held: Error, CustomStringConvertible {
        package let directory: String
        package var description: String {
            "Another FoodDiary is already running on the data directory \(directory). Stop it first, or start this one with another --data-dir."
        }
    }

    package init(path: String, directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXFailure(operation: "open \(path)", code: errno) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw Held(directory: directory)
        }
    }

    deinit { close(descriptor) }
}

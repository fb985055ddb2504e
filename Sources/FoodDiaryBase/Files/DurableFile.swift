import Foundation

/// The two calls every file FoodDiary places rests on (photos, archives, moved diaries, a
/// restore's swap): a rename that makes a name appear whole or not at all, and an fsync that makes
/// a file, or a folder's new names, survive a crash.
package enum DurableFile {
    package static func sync(_ path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw POSIXFailure(operation: "open \(path)", code: errno) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw POSIXFailure(operation: "fsync \(path)", code: errno) }
    }

    package static func rename(_ source: String, to destination: String) throws {
        guard Foundation.rename(source, destination) == 0 else {
            throw POSIXFailure(operation: "rename \(source) to \(destination)", code: errno)
        }
    }
}

import Foundation

/// The data folder holds people's diaries, photos, password hashes and the server's secret: only
/// the server's own user may read it, whatever umask it was started with.
package enum PrivateFiles {
    /// Every file and folder the process makes from now on is 0600 or 0700 (SQLite's journals, the
    /// diaries' folders and photos included, however and by whom they are opened).
    package static func restrictNewOnes() { umask(0o077) }

    /// Takes group and other permissions from everything under `directory` (itself included) that
    /// an earlier version or a copy left open; links are left alone. Returns how many changed.
    package static func tighten(_ directory: String) throws -> Int {
        var changed = try tightenOne(directory) ? 1 : 0
        guard let walk = FileManager.default.enumerator(atPath: directory) else { return changed }
        while let relative = walk.nextObject() as? String {
            if try tightenOne(directory + "/" + relative) { changed += 1 }
        }
        return changed
    }

    private static func tightenOne(_ path: String) throws -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0 else { return false }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG || kind == S_IFDIR, status.st_mode & 0o077 != 0 else { return false }
        guard chmod(path, status.st_mode & 0o700) == 0 else { throw POSIXFailure(operation: "chmod \(path)", code: errno) }
        return true
    }
}

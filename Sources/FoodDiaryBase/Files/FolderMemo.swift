import Foundation
import Synchronization

/// What was built from a folder's files (the language catalogues, the templates), kept for the
/// process while none of those files changes. A server builds its application once; the tests build
/// hundreds in one process, and parsing the same catalogues and templates again for each was a
/// fifth of their time. A file added, removed, resized or touched is a new key, so it is read again.
package enum FolderMemo {
    private struct Key: Hashable {
        let kind: String
        let variant: String
        let files: [FileStamp]
    }

    private struct FileStamp: Hashable {
        let path: String
        let size: Int
        let modified: Date
    }

    private static let built = Mutex([Key: any Sendable]())
    /// Past this many it starts again: a test that writes folders of its own must not grow it forever.
    private static let most = 16

    /// `build`'s answer for the files under `folder` ending in `suffix`, from an earlier call when
    /// they are unchanged. `variant` tells apart what differs beyond the files (a flag, the languages).
    /// `build` is given the files' identity, for keys of its own.
    package static func value<Value: Sendable>(
        folder: String, suffix: String, variant: String = "", build: (_ identity: String) throws -> Value
    ) throws -> Value {
        guard let files = stamps(under: folder, suffix: suffix) else { return try build("") }
        let key = Key(kind: String(describing: Value.self), variant: variant, files: files)
        if let known = built.withLock({ $0[key] }) as? Value { return known }
        let value = try build(identity(files))
        built.withLock { built in
            if built.count >= most { built.removeAll() }
            built[key] = value
        }
        return value
    }

    /// The files' paths, sizes and times in one string.
    private static func identity(_ files: [FileStamp]) -> String {
        files.map { "\($0.path):\($0.size):\($0.modified.timeIntervalSince1970)" }.joined(separator: ",")
    }

    private static func stamps(under folder: String, suffix: String) -> [FileStamp]? {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
        guard
            let files = FileManager.default.enumerator(
                at: URL(fileURLWithPath: folder, isDirectory: true), includingPropertiesForKeys: keys)
        else { return nil }
        var stamps: [FileStamp] = []
        for case let file as URL in files where file.path.hasSuffix(suffix) {
            guard let values = try? file.resourceValues(forKeys: Set(keys)), values.isRegularFile == true,
                let size = values.fileSize, let modified = values.contentModificationDate
            else { return nil }
            stamps.append(FileStamp(path: file.path, size: size, modified: modified))
        }
        return stamps.sorted { $0.path < $1.path }
    }
}

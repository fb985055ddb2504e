@preconcurrency import Crypto
import Foundation

extension SHA256Digest {
    /// SHA-256 of a file read in chunks, so a large database or photo is never held in memory.
    package static func ofFile(at path: String) throws -> (hex: String, bytes: Int64) {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw POSIXFailure(operation: "open \(path)", code: errno) }
        defer { try? handle.close() }
        var hasher = SHA256()
        var bytes: Int64 = 0
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            hasher.update(data: chunk)
            bytes += Int64(chunk.count)
        }
        return (hex(hasher.finalize()), bytes)
    }

    package static func hex(_ digest: SHA256.Digest) -> String {
        digest.map { String(format: "%02x", $0) }.joined()
    }
}

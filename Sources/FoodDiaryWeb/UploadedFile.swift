import Crypto
import FoodDiaryBase
import Foundation

/// A file part of a multipart form, already streamed to a temporary file next to the photo store.
/// `FormBodyMiddleware` deletes the file after the response unless a handler moved it away.
public struct UploadedFile: Sendable, Equatable {
    /// The form field it came in.
    public let fieldName: String
    /// What the browser called it; shown in messages only, never used as a path or a type.
    public let clientFilename: String
    public let temporaryPath: String
    public let byteCount: Int
    /// Lower-case hex SHA-256 of the bytes, computed while they streamed in.
    public let sha256: String

    package init(fieldName: String, clientFilename: String, temporaryPath: String, byteCount: Int, sha256: String) {
        self.fieldName = fieldName
        self.clientFilename = clientFilename
        self.temporaryPath = temporaryPath
        self.byteCount = byteCount
        self.sha256 = sha256
    }
}

/// Writes one file part to disk as it arrives, hashing it on the way, in 256 KiB writes.
package final class StreamingFileWriter {
    package let path: String
    private let descriptor: Int32
    private var pending: [UInt8] = []
    private var hasher = SHA256()
    private(set) var byteCount = 0
    static let flushThreshold = 256 * 1024

    package init(directory: String) throws {
        path = directory + "/upload-\(UUID().uuidString).part"
        descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXFailure(operation: "create \(path)", code: errno) }
        pending.reserveCapacity(Self.flushThreshold)
    }

    package func append(_ bytes: UnsafeRawBufferPointer) throws {
        hasher.update(bufferPointer: bytes)
        byteCount += bytes.count
        pending.append(contentsOf: bytes)
        if pending.count >= Self.flushThreshold { try flush() }
    }

    /// Writes what is buffered, syncs it to the disk and closes the file; returns the digest.
    package func finish() throws -> String {
        try flush()
        guard fsync(descriptor) == 0 else { throw POSIXFailure(operation: "fsync \(path)", code: errno) }
        close(descriptor)
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }

    /// Gives up on the file: closes and deletes it.
    package func abandon() {
        close(descriptor)
        unlink(path)
    }

    private func flush() throws {
        var offset = 0
        while offset < pending.count {
            let written = pending.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, pending.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw POSIXFailure(operation: "write \(path)", code: errno)
            }
            offset += written
        }
        pending.removeAll(keepingCapacity: true)
    }
}

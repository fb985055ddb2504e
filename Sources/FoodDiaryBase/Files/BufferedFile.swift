import Foundation

/// A new file written through a 256 KB buffer, so writing a large export row by row makes few
/// system calls; `close` syncs it to the disk.
package final class BufferedFile {
    private let handle: FileHandle
    private var buffer = Data()

    package init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw POSIXFailure(operation: "create \(path)", code: errno)
        }
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    }

    package func append(_ bytes: some Sequence<UInt8>) throws {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 18 { try flush() }
    }

    package func close() throws {
        try flush()
        try handle.synchronize()
        try handle.close()
    }

    private func flush() throws {
        try handle.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}

import Foundation

/// A TCP port on 127.0.0.1 that is open but never answers: the kernel completes a connection to
/// it without the test accepting, so `connections()` says whether anything connected at all.
final class ListeningPort: @unchecked Sendable {
    let port: Int
    private let descriptor: Int32

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && listen(descriptor, 64) == 0 && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// How many connections were made since the last call, each closed as it is counted.
    func connections() -> Int {
        var count = 0
        while case let connection = accept(descriptor, nil, nil), connection >= 0 {
            close(connection)
            count += 1
        }
        return count
    }

    /// A port on 127.0.0.1 with nothing listening: one just opened and closed again.
    static func closed() throws -> Int {
        try ListeningPort().port
    }
}

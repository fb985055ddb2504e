import NIOCore

enum ListeningAddress {
    /// How a browser on this machine reaches the address the server is bound to, for the links it
    /// prints: the address itself (bracketed when IPv6), or loopback when bound to every interface.
    static func reachableFromThisMachine(_ address: SocketAddress?) -> String {
        guard let address, let ip = address.ipAddress else { return "127.0.0.1" }
        switch address.protocol {
        case .inet6: return ip == "::" ? "[::1]" : "[\(ip)]"
        default: return ip == "0.0.0.0" ? "127.0.0.1" : ip
        }
    }
}

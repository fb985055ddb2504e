import Foundation
import Hummingbird
import HTTPTypes

/// Answers only requests addressed to a name this server goes by, which defeats DNS rebinding: a
/// page on another site whose name was made to resolve to 127.0.0.1 still sends its own name as
/// `Host`, and gets a plain refusal with nothing from the diary in it.
package struct HostGuard<Context: RequestContext>: RouterMiddleware {
    let allowed: AllowedHosts

    package init(allowed: AllowedHosts) {
        self.allowed = allowed
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // HTTP/1.0 clients may send no Host; a browser always does.
        guard let host = request.head.authority, !allowed.contains(authority: host) else {
            return try await next(request, context)
        }
        context.logger.notice("Refused a request for host \(host.prefix(100)); start with --allowed-hosts to accept that name")
        let message = """
            This FoodDiary does not answer to the name "\(host.prefix(100))". If that is how you reach it, \
            start it with --allowed-hosts \(AllowedHosts.hostPart(of: host).prefix(100)).
            """
        return Response(
            status: .misdirectedRequest, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: message)))
    }
}

/// The names and addresses a request may be addressed to: loopback, the address the server is
/// bound to, this machine's host names and interface addresses, and any the person added.
package struct AllowedHosts: Sendable {
    private let names: Set<String>

    package init(boundHost: String, extra: [String]) {
        var names: Set<String> = ["localhost", "127.0.0.1", "::1"]
        // "Listen everywhere" is not a name anyone reaches the server by; browsers that let pages
        // send requests to 0.0.0.0 are exactly what this guard is for.
        let bound = Self.normalised(boundHost)
        if bound != "0.0.0.0" && bound != "::" { names.insert(bound) }
        for name in extra { names.insert(Self.normalised(name)) }
        if let hostname = Self.hostname() {
            names.insert(hostname)
            names.insert(hostname + ".local")
            if let short = hostname.split(separator: ".").first { names.insert(String(short)); names.insert(short + ".local") }
        }
        names.formUnion(Self.interfaceAddresses())
        self.names = names
    }

    /// `authority` is a Host header: a name or address, perhaps with a port, IPv6 in brackets.
    package func contains(authority: String) -> Bool {
        let host = Self.normalised(Self.hostPart(of: authority))
        if names.contains(host) { return true }
        // Every 127.x.x.x address and *.localhost name is this machine.
        if host.hasSuffix(".localhost") { return true }
        if host.hasPrefix("127."), host.split(separator: ".").count == 4, host.split(separator: ".").allSatisfy({ UInt8($0) != nil }) {
            return true
        }
        return false
    }

    package static func hostPart(of authority: String) -> String {
        if authority.hasPrefix("["), let end = authority.firstIndex(of: "]") {
            return String(authority[authority.index(after: authority.startIndex)..<end])
        }
        if authority.filter({ $0 == ":" }).count == 1, let colon = authority.firstIndex(of: ":") {
            return String(authority[..<colon])
        }
        return authority
    }

    private static func normalised(_ host: String) -> String {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name.hasSuffix(".") { name.removeLast() }
        return name
    }

    private static func hostname() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return nil }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).lowercased()
        return name.isEmpty ? nil : name
    }

    private static func interfaceAddresses() -> Set<String> {
        var result: Set<String> = []
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return result }
        defer { freeifaddrs(list) }
        for pointer in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let address = pointer.pointee.ifa_addr else { continue }
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            guard getnameinfo(address, length, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            // A link-local IPv6 address comes back as fe80::1%eth0; a browser writes the zone as %25.
            let numeric = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).lowercased()
            result.insert(String(numeric.split(separator: "%").first ?? ""))
        }
        return result
    }
}

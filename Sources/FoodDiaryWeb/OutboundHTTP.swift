import CHTTPShim
import FoodDiaryBase
import Foundation
import NIOPosix

/// Requests to another server that it cannot turn against us. An answer is counted while it
/// arrives and stopped at `maxBytes` (buffering it whole let a 500 MB answer take the server from
/// 82 MB to 1.6 GB; FoundationNetworking queues every chunk it receives before anyone can count
/// it, so this goes to libcurl directly). A redirect is followed only on the host asked, never to
/// a private, loopback or link-local address, so headers such as an API key go nowhere else.
/// Each exchange blocks a thread kept for waiting on the network (`waits`), never a Swift task's
/// nor one other blocking work shares, and ends at `timeout`: no cancellation reaches it once it
/// has started, so none can deadlock it.
package struct OutboundHTTP: Sendable {
    package struct Response: Sendable {
        package let status: Int
        package let body: Data
        package let retryAfter: String?
    }

    package enum Failure: Error, Equatable {
        case tooLarge
        case timedOut
        case unreachable
        /// The address connected to was inside the network, which this client refuses.
        case insideNetwork
        /// Redirected somewhere this client does not follow, or too many times.
        case redirected
    }

    /// Where a redirect may lead.
    package enum Redirects: Sendable {
        /// The host asked, over the same scheme and port: an API whose key must go nowhere else.
        case sameHost
        /// Any http or https address: a page someone asked for by its address, which the connection
        /// check (`refusesInsideNetwork`) still applies to at every hop.
        case anyWebAddress
        /// None: the answer is the one asked for (a push service, whose redirect would send a
        /// person's message somewhere they did not subscribe).
        case none
    }

    static let maxRedirects = 5

    /// Threads that only wait on other servers. Dispatch's global queues add a thread for blocked
    /// work about once a second and stop at a few per core, so three stalled upstreams (a CPU-only
    /// model takes a minute) made every other exchange, and every photo and file job beside them,
    /// wait for one to end. These threads only wait. Past 64 exchanges at once, the next waits
    /// its turn within its caller's deadline, which drops it unstarted when it passes.
    static let waits: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 64)
        pool.start()
        return pool
    }()

    let timeout: Duration
    let maxBytes: Int
    let redirects: Redirects
    /// Refuse every connection whose address is loopback, private or link-local, as libcurl
    /// connects: a name that resolves inside the network is refused too.
    let refusesInsideNetwork: Bool

    package init(timeout: Duration, maxBytes: Int, redirects: Redirects = .sameHost, refusesInsideNetwork: Bool = false) {
        self.timeout = timeout
        self.maxBytes = maxBytes
        self.redirects = redirects
        self.refusesInsideNetwork = refusesInsideNetwork
    }

    package func send(_ url: URL, method: String = "GET", headers: [(String, String)] = [], body: Data? = nil) async throws(Failure)
        -> Response
    {
        var target = url
        // The time is the whole fetch's, redirects included.
        let end = ContinuousClock.now + timeout
        for _ in 0...Self.maxRedirects {
            let left = end - ContinuousClock.now
            guard left > .milliseconds(1) else { throw .timedOut }
            let answer = try await exchange(target, method: method, headers: headers, body: body, timeout: left)
            guard (300..<400).contains(answer.status), let location = answer.location else {
                return Response(status: answer.status, body: answer.body, retryAfter: answer.retryAfter)
            }
            let next = URL(string: location, relativeTo: target)?.absoluteURL
            switch redirects {
            case .sameHost:
                guard let next, Self.mayFollow(from: url, to: next) else {
                    return Response(status: answer.status, body: answer.body, retryAfter: answer.retryAfter)
                }
                target = next
            case .anyWebAddress:
                guard let next, Self.isWebAddress(next) else { throw .redirected }
                target = next
            case .none:
                throw .redirected
            }
        }
        throw redirects == .sameHost ? .unreachable : .redirected
    }

    private struct Exchange: Sendable {
        let status: Int
        let body: Data
        let location: String?
        let retryAfter: String?
    }

    private func exchange(_ url: URL, method: String, headers: [(String, String)], body: Data?, timeout: Duration) async throws(Failure)
        -> Exchange
    {
        let lines = headers.map { "\($0.0): \($0.1)" }
        let timeoutMs = Int(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        let maxBytes = maxBytes
        let refuse: Int32 = refusesInsideNetwork ? 1 : 0
        let outcome: Result<Exchange, Failure>
        do {
            outcome = try await Self.waits.runIfActive { () -> Result<Exchange, Failure> in
                var result = fd_http_result()
                defer { fd_http_result_free(&result) }
                // A NUL after the body, so an empty one still has an address: libcurl posts nothing for NULL.
                let chars = body.map { $0.map { CChar(bitPattern: $0) } + [0] }
                withCStrings(lines) { pointers in
                    if let chars {
                        chars.withUnsafeBufferPointer {
                            fd_http_exchange(
                                url.absoluteString, method, pointers, pointers.count, $0.baseAddress, chars.count - 1, timeoutMs, maxBytes,
                                refuse, &result)
                        }
                    } else {
                        fd_http_exchange(url.absoluteString, method, pointers, pointers.count, nil, 0, timeoutMs, maxBytes, refuse, &result)
                    }
                }
                switch result.outcome {
                case FD_HTTP_TOO_LARGE: return .failure(.tooLarge)
                case FD_HTTP_TIMED_OUT: return .failure(.timedOut)
                case FD_HTTP_UNREACHABLE: return .failure(.unreachable)
                case FD_HTTP_INSIDE_NETWORK: return .failure(.insideNetwork)
                default:
                    let body = result.body.map { Data(bytes: $0, count: result.body_length) } ?? Data()
                    return .success(
                        Exchange(
                            status: result.status, body: body, location: Self.text(result.location),
                            retryAfter: Self.text(result.retry_after)))
                }
            }
        } catch {
            throw .unreachable
        }
        return try outcome.get()
    }

    /// A fixed C buffer's text, nil when empty.
    private static func text<T>(_ buffer: T) -> String? {
        withUnsafeBytes(of: buffer) { raw in
            let text = String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            return text.isEmpty ? nil : text
        }
    }

    /// Same scheme, host and port as the request asked, and not an address inside the network.
    package static func mayFollow(from origin: URL?, to target: URL?) -> Bool {
        guard let origin, let target, let host = target.host?.lowercased(), origin.host?.lowercased() == host,
            origin.scheme?.lowercased() == target.scheme?.lowercased(), origin.port == target.port
        else { return false }
        return !isInsideTheNetwork(host)
    }

    /// An http or https address with a host: what a page fetched by its address may be.
    package static func isWebAddress(_ url: URL) -> Bool {
        ["http", "https"].contains(url.scheme?.lowercased() ?? "") && !(url.host ?? "").isEmpty
    }

    /// Loopback, private (RFC 1918, unique local) or link-local, written as an address or as
    /// localhost. IPv4-mapped IPv6 addresses are read as the IPv4 address they carry. The ranges
    /// are the ones the connection check uses (`fd_is_inside_network`).
    package static func isInsideTheNetwork(_ host: String) -> Bool {
        var bare = (host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host).lowercased()
        // "localhost." is localhost: a name may end in the root's dot.
        if bare.hasSuffix(".") { bare.removeLast() }
        if bare == "localhost" || bare.hasSuffix(".localhost") { return true }
        return fd_is_inside_network(bare) == 1
    }
}

/// `body` with every string as a C string, alive for the call.
private func withCStrings<T>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> T) -> T {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    return body(copies.map { UnsafePointer($0) })
}

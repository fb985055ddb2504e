import CHTTPShim
import FoodDiaryBase
import Foundation

/// Requests to another server that it cannot turn against us. An answer is counted while it
/// arrives and stopped at `maxBytes` (buffering it whole let a 500 MB answer take the server from
/// 82 MB to 1.6 GB; FoundationNetworking queues every chunk it receives before anyone can count
/// it, so this goes to libcurl directly). A redirect is followed only on the host asked, never to
/// a private, loopback or link-local address, so headers such as an API key go nowhere else.
/// Each exchange blocks a thread of its own, never a Swift task's, and ends at `timeout`: no
/// cancellation reaches it, so none can deadlock it.
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
    }

    static let maxRedirects = 3

    let timeout: Duration
    let maxBytes: Int

    package init(timeout: Duration, maxBytes: Int) {
        self.timeout = timeout
        self.maxBytes = maxBytes
    }

    package func send(_ url: URL, method: String = "GET", headers: [(String, String)] = [], body: Data? = nil) async throws(Failure) -> Response {
        var target = url
        for _ in 0...Self.maxRedirects {
            let answer = try await exchange(target, method: method, headers: headers, body: body)
            guard (300..<400).contains(answer.status), let location = answer.location,
                  let next = URL(string: location, relativeTo: target)?.absoluteURL, Self.mayFollow(from: url, to: next) else {
                return Response(status: answer.status, body: answer.body, retryAfter: answer.retryAfter)
            }
            target = next
        }
        throw .unreachable
    }

    private struct Exchange: Sendable {
        let status: Int
        let body: Data
        let location: String?
        let retryAfter: String?
    }

    private func exchange(_ url: URL, method: String, headers: [(String, String)], body: Data?) async throws(Failure) -> Exchange {
        let lines = headers.map { "\($0.0): \($0.1)" }
        let timeoutMs = Int(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        let maxBytes = maxBytes
        let outcome: Result<Exchange, Failure>
        do {
            outcome = try await offTheCooperativePool { () -> Result<Exchange, Failure> in
                var result = fd_http_result()
                defer { fd_http_result_free(&result) }
                // A NUL after the body, so an empty one still has an address: libcurl posts nothing for NULL.
                let chars = body.map { $0.map { CChar(bitPattern: $0) } + [0] }
                withCStrings(lines) { pointers in
                    if let chars {
                        chars.withUnsafeBufferPointer {
                            fd_http_exchange(url.absoluteString, method, pointers, pointers.count, $0.baseAddress, chars.count - 1, timeoutMs, maxBytes, &result)
                        }
                    } else {
                        fd_http_exchange(url.absoluteString, method, pointers, pointers.count, nil, 0, timeoutMs, maxBytes, &result)
                    }
                }
                switch result.outcome {
                case FD_HTTP_TOO_LARGE: return .failure(.tooLarge)
                case FD_HTTP_TIMED_OUT: return .failure(.timedOut)
                case FD_HTTP_UNREACHABLE: return .failure(.unreachable)
                default:
                    let body = result.body.map { Data(bytes: $0, count: result.body_length) } ?? Data()
                    return .success(Exchange(status: result.status, body: body, location: Self.text(result.location),
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
              origin.scheme?.lowercased() == target.scheme?.lowercased(), origin.port == target.port else { return false }
        return !isInsideTheNetwork(host)
    }

    /// Loopback, private (RFC 1918, unique local) or link-local, written as an address or as
    /// localhost. IPv4-mapped IPv6 addresses are read as the IPv4 address they carry.
    package static func isInsideTheNetwork(_ host: String) -> Bool {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if bare == "localhost" || bare.hasSuffix(".localhost") { return true }
        return insideRanges.contains(bare)
    }

    // Written out here, so it parses: a typo fails the first test that reaches it.
    private static let insideRanges = try! TrustedProxies(parsing: """
        0.0.0.0/8, 10.0.0.0/8, 100.64.0.0/10, 127.0.0.0/8, 169.254.0.0/16, 172.16.0.0/12, 192.168.0.0/16, \
        ::/128, ::1/128, fc00::/7, fe80::/10
        """)
}

/// `body` with every string as a C string, alive for the call.
private func withCStrings<T>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> T) -> T {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    return body(copies.map { UnsafePointer($0) })
}

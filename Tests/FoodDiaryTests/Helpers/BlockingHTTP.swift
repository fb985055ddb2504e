import Foundation

/// One HTTP/1.1 request on a connection of its own, read to the end or until `deadline`, on the
/// calling thread. For clients that must keep their own time whatever the server under test does:
/// nothing here waits on Swift's cooperative threads.
enum BlockingHTTP {
    struct Answer: Sendable {
        let status: Int
        let head: String
        var retryAfter: String? {
            head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("retry-after:") }
                .map { $0.dropFirst("retry-after:".count).trimmingCharacters(in: .whitespaces) }
        }
    }

    /// nil when no whole response head arrived in time (or the connection failed).
    static func send(
        port: Int, method: String = "GET", path: String, headers: [String: String] = [:], body: Data = Data(),
        deadline: TimeInterval
    ) -> Answer? {
        guard let descriptor = RawConnection.connected(port: port) else { return nil }
        defer { close(descriptor) }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\nContent-Length: \(body.count)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        let request = Data((head + "\r\n").utf8) + body
        let sent = request.withUnsafeBytes { Foundation.send(descriptor, $0.baseAddress, request.count, Int32(MSG_NOSIGNAL)) }
        guard sent == request.count else { return nil }
        let until = Date().addingTimeInterval(deadline)
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 16384)
        while until.timeIntervalSinceNow > 0 {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(max(1, until.timeIntervalSinceNow * 1000))) > 0 else { continue }
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received.append(contentsOf: buffer[0..<count])
        }
        let text = String(decoding: received, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { return nil }
        let headText = String(text[..<end.lowerBound])
        let statusWords = headText.prefix { $0 != "\r" }.split(separator: " ")
        guard statusWords.count >= 2, let status = Int(statusWords[1]) else { return nil }
        return Answer(status: status, head: headText)
    }
}

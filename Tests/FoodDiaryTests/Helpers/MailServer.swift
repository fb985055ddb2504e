import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// A real SMTP server on a loopback port (aiosmtpd, Tests/servers/smtp_server.py): STARTTLS
/// required with a certificate made for the test, then a sign-in; every mail it accepts is kept.
final class MailServer: Sendable {
    struct Mail: Sendable {
        let from: String
        let to: [String]
        let usedTLS: Bool
        let signedIn: Bool
        let headers: [String: String]
        let text: String

        /// The subject as written, its encoded words read.
        var subject: String {
            let raw = headers["subject"] ?? ""
            guard let match = raw.wholeMatch(of: /=\?UTF-8\?B\?([A-Za-z0-9+\/=]+)\?=/), let data = Data(base64Encoded: String(match.1))
            else { return raw }
            return String(decoding: data, as: UTF8.self)
        }
    }

    static let user = "fooddiary@home.example"
    static let password = "relay password 7"

    let folder: String
    let certificate: String
    let port: Int
    private let process: ChildProcess

    init() async throws {
        folder = NSTemporaryDirectory() + "fooddiary-mail-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        certificate = folder + "/cert.pem"
        let made = try ChildProcess(
            "/usr/bin/openssl",
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost", "-keyout", folder + "/key.pem",
                "-out", certificate, "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"
            ])
        guard made.wait() == 0 else { throw CannotStart(reason: "openssl made no certificate") }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("servers/smtp_server.py").path
        process = try ChildProcess("/usr/bin/python3", [script, folder, certificate, folder + "/key.pem", Self.user, Self.password])
        var port: Int?
        for _ in 0..<600 {
            if let text = try? String(contentsOfFile: folder + "/port", encoding: .utf8), let number = Int(text) {
                port = number
                break
            }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        guard let port else {
            kill(process.pid, SIGKILL)
            throw CannotStart(reason: "the SMTP server did not start (is python3-aiosmtpd installed? scripts/setup.sh debug installs it)")
        }
        self.port = port
    }

    struct CannotStart: Error, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }

    /// Every mail kept so far, in the order it arrived.
    var received: [Mail] {
        (1...).lazy.map { "\(self.folder)/\($0)" }.prefix { FileManager.default.fileExists(atPath: $0 + ".json") }.compactMap { base in
            guard
                let facts = try? JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: base + ".json")))
                    as? [String: Any],
                let raw = try? String(contentsOfFile: base + ".eml", encoding: .utf8)
            else { return nil }
            let parts = raw.components(separatedBy: "\r\n\r\n")
            var headers: [String: String] = [:]
            for line in parts[0].components(separatedBy: "\r\n") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            let body = parts.dropFirst().joined(separator: "\r\n\r\n").replacingOccurrences(of: "\r\n", with: "")
            let text =
                headers["content-transfer-encoding"] == "base64"
                ? Data(base64Encoded: body).map { String(decoding: $0, as: UTF8.self) } ?? "" : body
            return Mail(
                from: facts["from"] as? String ?? "", to: facts["to"] as? [String] ?? [], usedTLS: facts["tls"] as? Bool ?? false,
                signedIn: facts["signedIn"] as? Bool ?? false, headers: headers, text: text.replacingOccurrences(of: "\r\n", with: "\n"))
        }
    }

    /// The server's address for `--smtp`, signing in as its user.
    var address: String { "smtp://\(Self.user.replacingOccurrences(of: "@", with: "%40"))@127.0.0.1:\(port)" }

    func stop() {
        kill(process.pid, SIGKILL)
        process.wait()
        try? FileManager.default.removeItem(atPath: folder)
    }
}

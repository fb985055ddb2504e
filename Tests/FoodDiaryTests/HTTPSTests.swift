import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import FoodDiary
@testable import FoodDiaryApp
import FoodDiaryWeb

/// `serve --tls-cert --tls-key`: the real server on a socket, spoken to by curl trusting a
/// certificate the test makes with openssl.
@Suite struct HTTPSTests {
    /// A self-signed certificate for localhost and 127.0.0.1, and its key.
    static func makeCertificate(in directory: String) throws -> TLSFiles {
        let files = TLSFiles(certificateChain: directory + "/cert.pem", privateKey: directory + "/key.pem")
        let made = try run(
            "/usr/bin/openssl",
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=localhost",
                "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
                "-keyout", files.privateKey, "-out", files.certificateChain
            ])
        try #require(made.status == 0, "openssl: \(made.output)")
        return files
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        try ChildProcess.run(tool, arguments)
    }

    @Test func servesHTTPSWithHSTSAndSecureSessionCookies() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let tls = try Self.makeCertificate(in: directory.path)
        try await TestEnvironment.withRunningApp(testing: .live, configure: { $0.tls = tls }) { client, _, _, _ in
            let base = "https://127.0.0.1:\(try #require(client.port))"
            let curl = ["-s", "--cacert", tls.certificateChain, "-D", "-", "-o", "/dev/null"]
            let signInPage = try Self.run("/usr/bin/curl", curl + ["-c", directory.path + "/jar", base + "/signin"])
            #expect(signInPage.output.hasPrefix("HTTP/1.1 200"), "\(signInPage.output)")
            #expect(signInPage.output.lowercased().contains("strict-transport-security: max-age=31536000"))
            let csrfCookie = try #require(
                signInPage.output.split(separator: "\r\n").first { $0.lowercased().hasPrefix("set-cookie: \(CSRFTokens.cookieName)") })
            #expect(csrfCookie.contains("Secure") && csrfCookie.contains("HttpOnly"), "\(csrfCookie)")
            let csrf = try #require(
                String(contentsOfFile: directory.path + "/jar", encoding: .utf8)
                    .split(separator: "\n").first { $0.contains(CSRFTokens.cookieName) }?.split(separator: "\t").last)
            let signedIn = try Self.run(
                "/usr/bin/curl",
                curl + [
                    "-b", directory.path + "/jar", "--data-urlencode", "name=\(TestPerson.name)",
                    "--data-urlencode", "password=\(TestPerson.password)", "-d", "_csrf=\(csrf)", base + "/signin"
                ])
            let cookie = try #require(
                signedIn.output.split(separator: "\r\n").first { $0.lowercased().hasPrefix("set-cookie: \(Authentication.sessionCookie)") })
            #expect(cookie.contains("Secure") && cookie.contains("HttpOnly"), "\(cookie)")
            // Plain HTTP on the same port is not answered.
            let plain = try Self.run(
                "/usr/bin/curl",
                ["-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "5", "http://127.0.0.1:\(try #require(client.port))/healthz"])
            #expect(plain.output != "200")
        }
    }

    @Test func aCertificateThatIsNotOneStopsTheStartWithTheReason() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try Data("not a certificate".utf8).write(to: URL(fileURLWithPath: directory.path + "/cert.pem"))
        let files = TLSFiles(certificateChain: directory.path + "/cert.pem", privateKey: directory.path + "/key.pem")
        let refusal = #expect(throws: TLSFiles.Unreadable.self) { _ = try files.configuration() }
        #expect(refusal?.description.contains("cert.pem could not be read as a PEM certificate") == true)
    }
}

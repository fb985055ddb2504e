import FoodDiaryWeb
import Foundation
import Hummingbird
import NIOSSL

/// The certificate and key `serve --tls-cert --tls-key` answers HTTPS with: a phone's browser
/// gives location, "install app" and service workers only to a secure page.
public struct TLSFiles: Sendable, Equatable {
    public let certificateChain: String
    public let privateKey: String

    public init(certificateChain: String, privateKey: String) {
        self.certificateChain = certificateChain
        self.privateKey = privateKey
    }

    /// Read at start, so a wrong path or a file that is not PEM stops the server with the reason.
    func configuration() throws -> TLSConfiguration {
        let chain: [NIOSSLCertificate]
        let key: NIOSSLPrivateKey
        do {
            chain = try NIOSSLCertificate.fromPEMFile(certificateChain)
        } catch {
            throw Unreadable(path: certificateChain, what: "a PEM certificate", error: error)
        }
        do {
            key = try NIOSSLPrivateKey(file: privateKey, format: .pem)
        } catch {
            throw Unreadable(path: privateKey, what: "a PEM private key", error: error)
        }
        guard !chain.isEmpty else { throw Unreadable(path: certificateChain, what: "a PEM certificate", error: nil) }
        return .makeServerConfiguration(certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
    }

    struct Unreadable: Error, CustomStringConvertible {
        let path: String
        let what: String
        let error: (any Error)?
        var description: String { "\(path) could not be read as \(what)\(error.map { " (\($0))" } ?? ""). Check --tls-cert and --tls-key." }
    }
}

/// Over HTTPS, browsers are told to come back only over HTTPS for a year.
struct StrictTransportSecurityMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.strictTransportSecurity] = "max-age=31536000"
        return response
    }
}

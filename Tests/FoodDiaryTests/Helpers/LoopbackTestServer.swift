import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import ServiceLifecycle
@testable import FoodDiary
@testable import FoodDiaryApp
import FoodDiaryWeb

/// How a test reaches the app: in process through its router, or through a real socket.
enum AppTesting: Sendable {
    case router
    /// A real server bound to 127.0.0.1, an explicit address. HummingbirdTesting's own `.live` binds
    /// "localhost", which a stock Debian resolves to ::1 first, so a test opening its own socket or
    /// checking the peer's address would pass or fail with /etc/hosts.
    case live
}

/// Runs `app` on 127.0.0.1 and hands `body` a client whose every request goes through that socket.
/// HummingbirdTesting only builds its responses itself, so requests reach the socket through a
/// one-route router that forwards them: the server still sees a real connection from 127.0.0.1.
/// Each request opens its own: one kept for the whole test was closed by the server's idle
/// deadlines whenever the test waited longer, and its next request failed.
enum LoopbackTestServer {
    static func run<Value: Sendable>(
        _ app: FoodDiaryApplication,
        ports: AsyncStream<Int>,
        _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Value
    ) async throws -> Value {
        try await withThrowingTaskGroup(of: Void.self) { group in
            let services = ServiceGroup(configuration: .init(services: [app], logger: app.logger))
            group.addTask { try await services.run() }
            var running = ports.makeAsyncIterator()
            guard let port = await running.next() else { throw CancellationError() }
            do {
                let value = try await Application(router: forwarder(to: port)).test(.router) { inner in
                    try await body(Client(forwarding: inner, port: port))
                }
                await services.triggerGracefulShutdown()
                return value
            } catch {
                await services.triggerGracefulShutdown()
                throw error
            }
        }
    }

    struct Client: TestClientProtocol {
        let forwarding: any TestClientProtocol
        let port: Int?

        func executeRequest(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?) async throws -> TestResponse {
            try await forwarding.executeRequest(uri: uri, method: method, headers: headers, body: body)
        }
    }

    private static func forwarder(to port: Int) -> Router<BasicRequestContext> {
        let router = Router()
        let forward: @Sendable (Request, BasicRequestContext) async throws -> Response = { request, _ in
            let body = try await request.body.collect(upTo: 200_000_000)
            // The whole suite on two cores can keep a first page waiting half a minute: the server's
            // own deadlines are what the tests measure, never this client's.
            let socket = TestClient(host: "127.0.0.1", port: port, configuration: .init(timeout: .seconds(120)))
            socket.connect()
            let answer: TestClient.Response
            do {
                answer = try await socket.execute(
                    TestClient.Request(
                        request.uri.description, method: request.method, authority: "127.0.0.1",
                        headers: request.headers, body: body))
                try await socket.shutdown()
            } catch {
                try? await socket.shutdown()
                // Said as what it is: left to the test router, it became a bare 500 that looked like the app's.
                throw HTTPError(.badGateway, message: "The test client's exchange with the server failed: \(error)")
            }
            var answerHeaders = answer.headers
            // Framing is the forwarder's own to set again.
            answerHeaders[.contentLength] = nil
            answerHeaders[.transferEncoding] = nil
            return Response(status: answer.status, headers: answerHeaders, body: .init(byteBuffer: answer.body ?? ByteBuffer()))
        }
        for method in [HTTPRequest.Method.get, .head, .post, .put, .patch, .delete, .options] {
            router.on("/", method: method, use: forward)
            router.on("**", method: method, use: forward)
        }
        return router
    }
}

import FoodDiaryWeb
import Foundation
import HTTPTypes
import Hummingbird
import MCP
import NIOConcurrencyHelpers

/// `/mcp`: the Model Context Protocol over Streamable HTTP, for the assistant a person chooses.
/// Stateless: each post is answered with JSON by a server made for it, bound to the token's
/// person and diary, so nothing of one request or person reaches another. Only an access token
/// reaches it (a browser's session never does), and a token made to read is offered no tool
/// that writes.
struct AssistantController: Sendable {
    let services: AssistantServices

    static let maxBodyBytes = 1_000_000
    /// Every tool reads or writes this machine's files; one that takes longer is answered 503
    /// rather than left waiting.
    static let deadline: Duration = .seconds(30)

    func addRoutes(to routes: Routes) {
        routes.post(AuthenticationMiddleware.assistantPath, use: answer)
        // No stream from the server: the transport says so (405), as Streamable HTTP asks.
        routes.get(AuthenticationMiddleware.assistantPath, use: answer)
    }

    @Sendable func answer(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try context.person()
        guard case .token(let tokenID, let canWrite) = person.credential else {
            throw HTTPError(
                .unauthorized, headers: [.wwwAuthenticate: #"Bearer realm="FoodDiary""#],
                message: "Send an access token from your account page as “Authorization: Bearer fdt_…”.")
        }
        var request = request
        let body = request.method == .post ? Data(buffer: try await request.collectBody(upTo: Self.maxBodyBytes)) : nil
        // What the protocol reads; the token and cookies stay here.
        var headers: [String: String] = [:]
        for field in request.headers where ![.authorization, .cookie].contains(field.name) {
            headers[field.name.canonicalName] = field.value
        }
        let session = AssistantSession(person: person, tokenID: tokenID, canWrite: canWrite, services: services)
        let server = await AssistantServer.make(session)
        let transport = StatelessHTTPServerTransport(
            validationPipeline: StandardValidationPipeline(validators: [
                // The host guard in front of every route has checked the name the request used.
                AcceptHeaderValidator(mode: .jsonOnly), ContentTypeValidator(), ProtocolVersionValidator()
            ]))
        try await server.start(transport: transport)
        let overran = NIOLockedValueBox(false)
        let watchdog = Task {
            try await Task.sleep(for: Self.deadline)
            overran.withLockedValue { $0 = true }
            await server.stop()
        }
        let answer = await transport.handleRequest(
            MCP.HTTPRequest(method: request.method.rawValue, headers: headers, body: body, path: AuthenticationMiddleware.assistantPath))
        watchdog.cancel()
        await server.stop()
        if overran.withLockedValue({ $0 }) {
            throw HTTPError(
                .serviceUnavailable, headers: [.retryAfter: "5"], message: "The diary took too long to answer. Try again in a moment.")
        }
        var fields = HTTPFields()
        for (name, value) in answer.headers { if let name = HTTPField.Name(name) { fields[name] = value } }
        fields[.cacheControl] = "no-store"
        return Response(
            status: .init(code: answer.statusCode), headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: answer.bodyData ?? Data())))
    }
}

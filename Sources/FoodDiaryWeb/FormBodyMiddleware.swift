import Foundation
import Hummingbird

/// Reads form bodies before CSRF checks and handlers see them: url-encoded forms into fields,
/// multipart forms into fields plus temporary files, which are deleted once the response is made
/// unless a handler moved them into the photo store. Bytes written to temporary files count
/// against the upload budget until then.
package struct FormBodyMiddleware: RouterMiddleware {
    package typealias Context = AppRequestContext

    let maxUploadBytes: Int
    let tokens: CSRFTokens
    let budget: UploadBudget

    package init(maxUploadBytes: Int, tokens: CSRFTokens, budget: UploadBudget) {
        self.maxUploadBytes = maxUploadBytes
        self.tokens = tokens
        self.budget = budget
    }
    /// A url-encoded form holds only text; a megabyte is far more than any of ours needs.
    static let maxURLEncodedBytes = 1 << 20

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard !request.method.isSafe, let contentType = request.headers[.contentType] else {
            return try await next(request, context)
        }
        var request = request
        var context = context
        let lowered = contentType.lowercased()
        if lowered.hasPrefix("application/x-www-form-urlencoded") {
            let body = try await request.collectBody(upTo: Self.maxURLEncodedBytes)
            guard let fields = FormFields(urlEncoded: String(buffer: body)) else {
                throw HTTPError(.badRequest, message: "The form could not be read: it was not properly encoded.")
            }
            context.form = fields
            return try await next(request, context)
        }
        guard lowered.hasPrefix("multipart/form-data") else { return try await next(request, context) }
        guard let boundary = MultipartFormReader.boundary(fromContentType: contentType) else {
            throw HTTPError(.badRequest, message: "The form could not be read: its multipart boundary is missing.")
        }
        if let length = request.headers[.contentLength].flatMap(Int.init), length > maxUploadBytes {
            throw MultipartFormReader.tooLarge(maxUploadBytes)
        }
        let verify: @Sendable (String?) -> Bool
        switch tokens.expectation(request, requester: context.requester) {
        case .none: verify = { _ in true }
        case .token(let expected): verify = { [tokens] in tokens.accepts(sent: $0, cookie: expected) }
        }
        // Uploads are written beside the photos of the diary they are for, so keeping one is a rename.
        guard let uploadDirectory = context.requester?.uploadDirectory else {
            throw HTTPError(.unauthorized, message: "Sign in to upload photos.")
        }
        try FileManager.default.createDirectory(atPath: uploadDirectory, withIntermediateDirectories: true)
        let client = context.clientAddress, budget = budget
        let reader = MultipartFormReader(
            boundary: boundary, uploadDirectory: uploadDirectory, maxBodyBytes: maxUploadBytes,
            verifyToken: verify, preVerified: verify(request.headers[CSRFTokens.headerName]),
            reserve: { try budget.reserve($0, for: client) })
        let parsed: MultipartFormReader.Result
        do {
            parsed = try await reader.read(request.body)
        } catch {
            budget.release(reader.reservedBytes, for: client)
            throw error
        }
        context.form = FormFields(parsed.fields)
        context.uploads = parsed.files
        defer {
            for file in parsed.files { unlink(file.temporaryPath) }
            budget.release(reader.reservedBytes, for: client)
        }
        return try await next(request, context)
    }
}

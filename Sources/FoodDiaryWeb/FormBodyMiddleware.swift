import FoodDiaryBase
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
    /// Forms that carry a whole web page, pasted or as a saved file, by path: the most bytes of
    /// page each takes, however it is sent, stopped while reading.
    let pageForms: [String: Int]
    let largeUploads: LargeUploads?

    package init(
        maxUploadBytes: Int, tokens: CSRFTokens, budget: UploadBudget, pageForms: [String: Int] = [:], largeUploads: LargeUploads? = nil
    ) {
        self.maxUploadBytes = maxUploadBytes
        self.tokens = tokens
        self.budget = budget
        self.pageForms = pageForms
        self.largeUploads = largeUploads
    }
    /// A url-encoded form holds only text; a megabyte is far more than any of ours needs.
    static let maxURLEncodedBytes = 1 << 20
    /// Room for a page form's other fields.
    static let pageFormFieldBytes = 64 * 1024

    /// A page form's url-encoded body: percent-encoding at most triples the page.
    static func urlEncodedLimit(page bytes: Int) -> Int { 3 * bytes + pageFormFieldBytes }

    static func pageTooLarge(_ bytes: Int) -> HTTPError {
        HTTPError(
            .contentTooLarge,
            message: tr("That page is larger than \(bytes / 1_000_000) MB, more than any page of its kind, so it was not read."))
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard !request.method.isSafe, let contentType = request.headers[.contentType] else {
            return try await next(request, context)
        }
        var request = request
        var context = context
        let lowered = contentType.lowercased()
        let pageBytes = pageForms[request.uri.path]
        if lowered.hasPrefix("application/x-www-form-urlencoded") {
            let limit = pageBytes.map(Self.urlEncodedLimit(page:)) ?? Self.maxURLEncodedBytes
            if let length = request.headers[.contentLength].flatMap(Int.init), length > limit, let pageBytes {
                throw Self.pageTooLarge(pageBytes)
            }
            let body: ByteBuffer
            do {
                body = try await request.collectBody(upTo: limit)
            } catch let error as HTTPError where error.status == .contentTooLarge {
                throw pageBytes.map(Self.pageTooLarge) ?? error
            }
            guard let fields = FormFields(urlEncoded: String(buffer: body)) else {
                throw HTTPError(.badRequest, message: tr("The form could not be read: it was not properly encoded."))
            }
            context.form = fields
            return try await next(request, context)
        }
        guard lowered.hasPrefix("multipart/form-data") else { return try await next(request, context) }
        guard let boundary = MultipartFormReader.boundary(fromContentType: contentType) else {
            throw HTTPError(.badRequest, message: tr("The form could not be read: its multipart boundary is missing."))
        }
        let large = largeUploads.flatMap { $0.paths.contains(request.uri.path) ? $0 : nil }
        let maxBodyBytes = large?.maxBytes ?? pageBytes.map { min(maxUploadBytes, $0 + Self.pageFormFieldBytes) } ?? maxUploadBytes
        let tooLarge = large?.tooLarge ?? pageBytes.map(Self.pageTooLarge) ?? MultipartFormReader.tooLarge(maxUploadBytes)
        let length = request.headers[.contentLength].flatMap(Int.init)
        if let length, length > maxBodyBytes { throw tooLarge }
        let verify: @Sendable (String?) -> Bool
        switch tokens.expectation(request, requester: context.requester) {
        case .none: verify = { _ in true }
        case .token(let expected): verify = { [tokens] in tokens.accepts(sent: $0, cookie: expected) }
        }
        // Uploads are written beside the photos of the diary they are for, so keeping one is a rename.
        guard let uploadDirectory = context.requester?.uploadDirectory else {
            throw HTTPError(.unauthorized, message: tr("Sign in to upload photos."))
        }
        try FileManager.default.createDirectory(atPath: uploadDirectory, withIntermediateDirectories: true)
        if let large { try large.admit(length: length, into: uploadDirectory) }
        let client = context.clientAddress, budget = large?.budget ?? budget
        let reader = MultipartFormReader(
            boundary: boundary, uploadDirectory: uploadDirectory, maxBodyBytes: maxBodyBytes, tooLarge: tooLarge,
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

import FoodDiaryBase
import Foundation
import Hummingbird
import MultipartKit

/// Reads a `multipart/form-data` body as it streams in: text fields into memory (small, bounded),
/// file parts straight to temporary files. The body is never held whole, and a body over the limit
/// is refused with 413 the moment it passes it.
package struct MultipartFormReader {
    let boundary: String
    let uploadDirectory: String
    let maxBodyBytes: Int
    /// What a body over `maxBodyBytes` is refused with.
    let tooLarge: HTTPError
    /// Checks the CSRF token a `_csrf` field carries; files are only written after it passed,
    /// unless `preVerified` says a header token already did.
    let verifyToken: (String?) -> Bool
    let preVerified: Bool
    /// Claims upload budget for bytes about to be written to a temporary file; throws to stop.
    let reserve: (Int) throws -> Void
    private let reserved = ReservedBytes()

    /// What this body has claimed from the budget so far, to be given back by the caller.
    var reservedBytes: Int { reserved.count }

    init(
        boundary: String, uploadDirectory: String, maxBodyBytes: Int, tooLarge: HTTPError, verifyToken: @escaping (String?) -> Bool,
        preVerified: Bool,
        reserve: @escaping (Int) throws -> Void
    ) {
        self.boundary = boundary
        self.uploadDirectory = uploadDirectory
        self.maxBodyBytes = maxBodyBytes
        self.tooLarge = tooLarge
        self.verifyToken = verifyToken
        self.preVerified = preVerified
        self.reserve = reserve
    }

    private final class ReservedBytes {
        var count = 0
    }

    static let maxFieldBytes = 64 * 1024
    static let maxFieldsBytes = 1 << 20
    static let maxParts = 64

    struct Result {
        var fields: [String: String] = [:]
        var files: [UploadedFile] = []
    }

    /// The boundary parameter of a multipart Content-Type, quoted or not.
    static func boundary(fromContentType header: String) -> String? {
        for parameter in header.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, parts[0].lowercased() == "boundary" else { continue }
            let value =
                parts[1].hasPrefix("\"") && parts[1].hasSuffix("\"") && parts[1].count >= 2
                ? String(parts[1].dropFirst().dropLast()) : parts[1]
            return (1...70).contains(value.utf8.count) ? value : nil
        }
        return nil
    }

    func read(_ body: RequestBody) async throws -> Result {
        let collector = Collector(reader: self)
        let parser = MultipartParser(boundary: boundary)
        parser.onHeader = { name, value in collector.header(name: name, value: value) }
        parser.onBody = { buffer in collector.body(&buffer) }
        parser.onPartComplete = { collector.completePart() }
        var received = 0
        do {
            for try await chunk in body {
                received += chunk.readableBytes
                guard received <= maxBodyBytes else { throw tooLarge }
                do {
                    try parser.execute(chunk)
                } catch {
                    throw HTTPError(.badRequest, message: tr("The form could not be read: its multipart encoding is broken."))
                }
                if let failure = collector.failure { throw failure }
            }
            guard !collector.inPart else {
                throw HTTPError(.badRequest, message: tr("The form arrived incomplete. Please send it again."))
            }
        } catch {
            collector.abandonAll()
            throw error
        }
        return collector.result
    }

    static func tooLarge(_ limit: Int) -> HTTPError {
        HTTPError(
            .contentTooLarge,
            message:
                tr(
                    "That upload is larger than the \(limit / 1_000_000) MB this diary accepts, so nothing was saved. Phone photos are usually 2–15 MB; try a smaller copy."
                )
        )
    }

    /// The parser's callbacks cannot throw, so the first failure is kept here and thrown after.
    private final class Collector {
        let reader: MultipartFormReader
        var result = Result()
        var failure: Error?
        var inPart = false
        var tokenVerified: Bool
        private var headers: [String: String] = [:]
        private var fieldBytes: [UInt8] = []
        private var fieldsTotal = 0
        private var parts = 0
        private var writer: StreamingFileWriter?
        private var fileName: String?
        private var fieldName: String?
        private var started = false

        init(reader: MultipartFormReader) {
            self.reader = reader
            tokenVerified = reader.preVerified
        }

        func header(name: String, value: String) {
            headers[name.lowercased()] = value
            inPart = true
        }

        func body(_ buffer: inout ByteBuffer) {
            guard failure == nil else { return }
            if !started { startPart() }
            guard failure == nil else { return }
            if let writer {
                do {
                    try reader.reserve(buffer.readableBytes)
                    reader.reserved.count += buffer.readableBytes
                    try buffer.withUnsafeReadableBytes { try writer.append($0) }
                } catch {
                    failure = error
                }
            } else if fieldName != nil {
                fieldsTotal += buffer.readableBytes
                guard fieldBytes.count + buffer.readableBytes <= MultipartFormReader.maxFieldBytes else {
                    failure = HTTPError(
                        .contentTooLarge,
                        message: tr(
                            "A text field of this form is longer than \(MultipartFormReader.maxFieldBytes / 1024) KB, more than any of its fields takes, so nothing was saved."
                        ))
                    return
                }
                guard fieldsTotal <= MultipartFormReader.maxFieldsBytes else {
                    failure = HTTPError(
                        .contentTooLarge,
                        message:
                            tr(
                                "This form's text is longer than \(MultipartFormReader.maxFieldsBytes >> 20) MB in all, so nothing was saved."
                            ))
                    return
                }
                fieldBytes += buffer.readableBytesView
            }
        }

        func completePart() {
            if !started { startPart() }
            defer { reset() }
            guard failure == nil, let name = fieldName else { return }
            if let writer {
                self.writer = nil
                do {
                    let digest = try writer.finish()
                    // A file input left empty still sends a part, with no name and no bytes.
                    if writer.byteCount == 0 && (fileName ?? "").isEmpty {
                        unlink(writer.path)
                    } else {
                        result.files.append(
                            UploadedFile(
                                fieldName: name, clientFilename: fileName ?? "", temporaryPath: writer.path,
                                byteCount: writer.byteCount, sha256: digest))
                    }
                } catch {
                    writer.abandon()
                    failure = error
                }
            } else {
                // Refused like a url-encoded form with bad bytes: a replacement character saved
                // in place of what was typed would be a silent change.
                guard let value = String(validating: fieldBytes, as: UTF8.self) else {
                    failure = HTTPError(
                        .badRequest, message: tr("The form could not be read: a field is not valid UTF-8 text, so nothing was saved."))
                    return
                }
                if name == CSRFTokens.fieldName && !tokenVerified {
                    guard reader.verifyToken(value) else {
                        failure = CSRFRejection()
                        return
                    }
                    tokenVerified = true
                }
                result.fields[name] = value
            }
        }

        func abandonAll() {
            writer?.abandon()
            writer = nil
            for file in result.files { unlink(file.temporaryPath) }
            result.files = []
        }

        private func startPart() {
            started = true
            parts += 1
            guard parts <= MultipartFormReader.maxParts else {
                failure = HTTPError(.badRequest, message: tr("This form has too many fields."))
                return
            }
            let disposition = ContentDisposition(headers["content-disposition"] ?? "")
            fieldName = disposition.name
            fileName = disposition.filename
            // A part is a file when it has a filename, or a type other than text: a client that leaves
            // the filename out still has its photo checked rather than silently dropped.
            let isFile = disposition.filename != nil || !Self.isTextType(headers["content-type"])
            guard fieldName != nil, isFile else { return }
            // No file is written for a request whose token has not been checked yet.
            guard tokenVerified else {
                failure = CSRFRejection()
                return
            }
            do {
                writer = try StreamingFileWriter(directory: reader.uploadDirectory)
            } catch {
                failure = error
            }
        }

        private static func isTextType(_ contentType: String?) -> Bool {
            guard let contentType else { return true }
            return contentType.lowercased().hasPrefix("text/plain")
        }

        private func reset() {
            headers = [:]
            fieldBytes = []
            fieldName = nil
            fileName = nil
            started = false
            inPart = false
        }
    }
}

/// `form-data; name="photo"; filename="IMG_0001.HEIC"`, with quoted strings and their escapes.
package struct ContentDisposition {
    var name: String?
    var filename: String?

    init(_ header: String) {
        var index = header.startIndex
        var parameters: [String: String] = [:]
        while index < header.endIndex {
            guard let semicolon = header[index...].firstIndex(of: ";") else { break }
            index = header.index(after: semicolon)
            let rest = header[index...].drop { $0 == " " }
            guard let equals = rest.firstIndex(of: "=") else { break }
            let key = rest[rest.startIndex..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            var cursor = rest.index(after: equals)
            var value = ""
            if cursor < header.endIndex, header[cursor] == "\"" {
                cursor = header.index(after: cursor)
                while cursor < header.endIndex, header[cursor] != "\"" {
                    if header[cursor] == "\\", header.index(after: cursor) < header.endIndex { cursor = header.index(after: cursor) }
                    value.append(header[cursor])
                    cursor = header.index(after: cursor)
                }
                if cursor < header.endIndex { cursor = header.index(after: cursor) }
            } else {
                while cursor < header.endIndex, header[cursor] != ";" {
                    value.append(header[cursor])
                    cursor = header.index(after: cursor)
                }
                value = value.trimmingCharacters(in: .whitespaces)
            }
            parameters[key] = value
            index = cursor
        }
        name = parameters["name"]
        filename = parameters["filename"]
    }
}

import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import HTTPTypes
import Hummingbird
import FoodDiaryPhotos

/// Serves stored photos: only hashes the diary knows, with the type sniffed at upload, `nosniff`,
/// a strong ETag and a year of caching (the bytes behind a hash never change). Every size but
/// `untouched` is a copy without metadata, so a shared photo link gives away no location.
struct PhotoPagesController: Sendable {
    let fileIO = FileIO()

    func addRoutes(to routes: Routes) {
        routes.get("/photos/:sha256/:size", use: serve)
    }

    @Sendable func serve(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        guard let sha256 = context.parameters.get("sha256"), PhotoStore.isSHA256(sha256),
            let size = context.parameters.get("size").flatMap(PhotoSize.init(rawValue:)),
            let photo = try await diary.database.read({ db in try Photo.fetch(db, sha256: sha256) })
        else { throw Self.notFound }
        guard
            let path = try await PhotoRejection.answered({
                try await diary.photos.servedFile(sha256: sha256, size: size, mediaType: photo.mediaType)
            }),
            let attributes = try? FileManager.default.attributesOfItem(atPath: path), let length = attributes[.size] as? Int
        else {
            throw Self.notFound
        }
        let etag = "\"\(sha256)-\(size.rawValue)\""
        var headers: HTTPFields = [
            .contentType: size == .untouched ? photo.mediaType : "image/jpeg",
            .eTag: etag,
            .cacheControl: "private, max-age=31536000, immutable",
            HTTPField.Name("X-Content-Type-Options")!: "nosniff",
            .contentSecurityPolicy: "default-src 'none'; sandbox"
        ]
        if let match = request.headers[.ifNoneMatch],
            match.split(separator: ",").contains(where: {
                $0.trimmingCharacters(in: .whitespaces) == etag || $0.trimmingCharacters(in: .whitespaces) == "*"
            })
        {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentLength] = String(length)
        if size == .untouched {
            headers[.contentDisposition] =
                "attachment; filename=\"meal-photo.\(PhotoStore.accepted[photo.mediaType]?.fileExtension ?? "bin")\""
        }
        let body = try await fileIO.loadFile(path: path, context: context)
        return Response(status: .ok, headers: headers, body: body)
    }

    static var notFound: HTTPError { HTTPError(.notFound, message: tr("There is no such photo. It may have been removed from its meal.")) }
}

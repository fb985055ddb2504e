import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import Hummingbird

extension ArchiveFolder {
    /// The archive called `name` as a download (never cached: it holds a diary), or 404 with
    /// `missing` for a name that is not one of ours or not there.
    package func download(_ name: String?, context: AppRequestContext, missing: String) async throws -> Response {
        guard let name, let path = path(of: name),
            let length = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue
        else {
            throw HTTPError(.notFound, message: missing)
        }
        let headers: HTTPFields = [
            .contentType: "application/zip",
            .contentLength: String(length),
            .contentDisposition: "attachment; filename=\"\(name)\"",
            .cacheControl: "no-store"
        ]
        return Response(status: .ok, headers: headers, body: try await FileIO().loadFile(path: path, context: context))
    }
}

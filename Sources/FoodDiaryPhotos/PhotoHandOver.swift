import FoodDiaryBase
import Foundation

extension PhotoStore {
    /// A photo this diary holds, readied for `other`'s `committing` as if just uploaded, and admitted
    /// by `other` as an upload is: a photo that came in before a check existed is not spread by
    /// sharing. The file is hard-linked into `other`'s `tmp/`, or copied where links are
    /// impossible; the caller removes that path once committed. The thumbnail and large copy
    /// `other` lacks are linked into place too, so committing finds them made. Nil when the
    /// original is no longer on disk: the meal is shared without it. A refusal is the upload's
    /// `PhotoRejection`, which the page says as an upload's refusal is.
    package func handOver(_ photo: Photo, to other: PhotoStore) async throws -> IngestedPhoto? {
        let store = self
        // A link, or a copy across file systems: off the threads that serve pages.
        guard let destination = try await offTheCooperativePool({ try store.placeForHandOver(photo, to: other) }) else { return nil }
        do {
            let admitted = try await other.admission.admit(destination)
            guard admitted.mediaType == photo.mediaType else { throw PhotoRejection.unsupportedType(admitted.mediaType) }
            let exif = ImageLibrary.Exif(
                taken: photo.takenAt, utcOffsetMinutes: photo.takenUTCOffsetMinutes,
                latitude: photo.latitude, longitude: photo.longitude)
            return IngestedPhoto(
                sha256: photo.sha256, mediaType: photo.mediaType, byteCount: photo.byteCount, width: admitted.width,
                height: admitted.height, exif: exif, temporaryPath: destination)
        } catch {
            unlink(destination)
            throw error
        }
    }

    private func placeForHandOver(_ photo: Photo, to other: PhotoStore) throws -> String? {
        let source = path(sha256: photo.sha256, size: .untouched, mediaType: photo.mediaType)
        guard FileManager.default.fileExists(atPath: source) else { return nil }
        try FileManager.default.createDirectory(atPath: other.temporaryDirectory, withIntermediateDirectories: true)
        let destination = other.temporaryDirectory + "/shared-\(UUID().uuidString)"
        try Self.place(source, at: destination)
        for size in [PhotoSize.large, .thumb] {
            let derived = path(sha256: photo.sha256, size: size, mediaType: photo.mediaType)
            let target = other.path(sha256: photo.sha256, size: size, mediaType: photo.mediaType)
            guard FileManager.default.fileExists(atPath: derived), !FileManager.default.fileExists(atPath: target) else { continue }
            try FileManager.default.createDirectory(
                atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            // Another request may have placed it meanwhile; then that one serves.
            try? Self.place(derived, at: target)
        }
        return destination
    }

    /// A hard link (a copy across file systems), modified now: the sweep removes only files that
    /// are both unrecorded and old, and a link would otherwise carry the original's age.
    private static func place(_ source: String, at destination: String) throws {
        if link(source, destination) != 0 { try FileManager.default.copyItem(atPath: source, toPath: destination) }
        guard utimes(destination, nil) == 0 else { throw POSIXFailure(operation: "touch \(destination)", code: errno) }
    }
}

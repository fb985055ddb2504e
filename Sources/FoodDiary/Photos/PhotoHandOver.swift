import Foundation

extension PhotoStore {
    /// A photo this diary holds, readied for `other`'s `committing` as if just uploaded (it was
    /// checked when it first came in). The file is hard-linked into `other`'s `tmp/`, or copied
    /// where links are impossible; the caller removes that path once committed. Nil when the
    /// original is no longer on disk: the meal is shared without it.
    func handOver(_ photo: Photo, to other: PhotoStore) throws -> IngestedPhoto? {
        let source = path(sha256: photo.sha256, size: .untouched, mediaType: photo.mediaType)
        guard FileManager.default.fileExists(atPath: source) else { return nil }
        try FileManager.default.createDirectory(atPath: other.temporaryDirectory, withIntermediateDirectories: true)
        let destination = other.temporaryDirectory + "/shared-\(UUID().uuidString)"
        if link(source, destination) != 0 { try FileManager.default.copyItem(atPath: source, toPath: destination) }
        let exif = ImageLibrary.Exif(taken: photo.takenAt, utcOffsetMinutes: photo.takenUTCOffsetMinutes,
                                     latitude: photo.latitude, longitude: photo.longitude)
        return IngestedPhoto(sha256: photo.sha256, mediaType: photo.mediaType, byteCount: photo.byteCount, width: photo.width,
                             height: photo.height, exif: exif, temporaryPath: destination)
    }
}

import CPhotoShim
import Foundation

/// The one check every photo passes before a diary keeps it, whichever way it came (upload, snap,
/// share, import, restore): its bytes sniff as a type we keep and open with that type's loader
/// only, its header is within the pixel cap and its metadata within a bound (both before a pixel
/// is decoded), and then every pixel decodes.
package struct PhotoAdmission: Sendable {
    /// What a PNG's compressed text and profiles may unpack to. libpng inflates them every time the
    /// file is opened (five times on the way in), at about 7 ms per megabyte on a home server; the
    /// largest ICC profiles a camera or editor writes are well under this.
    package static let maxMetadataBytes: Int64 = 4 << 20
    /// Chunks beside the pixels; libpng itself stops keeping them after 1,000.
    package static let maxMetadataChunks: Int64 = 1_000

    package struct Admitted: Sendable, Equatable {
        package let mediaType: String
        package let width: Int
        package let height: Int
        package let exif: ImageLibrary.Exif
    }

    package let maxPixels: Int

    package init(maxPixels: Int) { self.maxPixels = maxPixels }

    /// Everything after sniffing, on the calling thread: request paths run it through
    /// `ImageWorkLimiter`, never on a thread that serves pages.
    package func examine(_ path: String, mediaType: String) throws(PhotoRejection) -> Admitted {
        let header = try checkBeforeDecoding(path, mediaType: mediaType)
        do {
            try ImageLibrary.verifyDecodes(path)
        } catch {
            throw .undecodable
        }
        return Admitted(
            mediaType: mediaType, width: header.width, height: header.height,
            exif: (try? ImageLibrary.exif(path)) ?? ImageLibrary.Exif())
    }

    /// What can be known without decoding a pixel: the loader, the pixel count and the metadata's
    /// cost. Also asked before a kept photo is decoded to serve it, so a file that came in before
    /// these checks existed cannot cost a minute and gigabytes to show.
    package func checkBeforeDecoding(_ path: String, mediaType: String) throws(PhotoRejection) -> ImageLibrary.Header {
        guard let kind = PhotoStore.accepted[mediaType] else { throw .unsupportedType(mediaType) }
        // First: libpng inflates what sits before the pixels even to read the header.
        let cost = ImageLibrary.metadataCost(path, limit: Self.maxMetadataBytes)
        guard let cost, cost.inflatedBytes <= Self.maxMetadataBytes, cost.chunks <= Self.maxMetadataChunks else {
            throw .tooMuchMetadata(limitBytes: Self.maxMetadataBytes)
        }
        let header: ImageLibrary.Header
        do {
            header = try ImageLibrary.header(path)
        } catch {
            throw .undecodable
        }
        guard kind.loaders.contains(header.loader) else { throw .unsupportedType(mediaType) }
        guard header.width * header.height <= maxPixels else {
            throw .tooManyPixels(width: header.width, height: header.height, limit: maxPixels)
        }
        return header
    }

    /// Sniffs and examines a file on the server's behalf, off the threads that serve pages.
    package func admit(_ path: String) async throws -> Admitted {
        try await admit(path) { _ in () }.admitted
    }

    /// The same, then `work` on the admitted file in the same slot of the image pool (reading a
    /// barcode decodes it again: it waits for no other photo in between).
    package func admit<T: Sendable>(_ path: String, then work: @escaping @Sendable (Admitted) throws -> T) async throws -> (
        admitted: Admitted, result: T
    ) {
        let mediaType = try await MediaSniffer.shared.mimeType(ofFileAt: path)
        guard PhotoStore.accepted[mediaType] != nil else { throw PhotoRejection.unsupportedType(mediaType) }
        let admission = self
        return try await ImageWorkLimiter.shared.run {
            let admitted = try admission.examine(path, mediaType: mediaType)
            return (admitted, try work(admitted))
        }
    }

    /// The same for a command that runs no server, blocking its caller.
    package func admitNow(_ path: String) throws -> Admitted {
        let mediaType = try MediaSniffer.mimeTypeOnce(ofFileAt: path)
        return try examine(path, mediaType: mediaType)
    }
}

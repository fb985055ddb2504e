import CPhotoShim
import FoodDiaryBase
import Foundation

/// libvips and libexif, through our C shim: header probes, full decodes, thumbnails and EXIF.
package enum ImageLibrary {
    package struct Failure: Error, CustomStringConvertible {
        package let operation: String
        package let detail: String
        package var description: String { "\(operation) failed: \(detail)" }
    }

    package struct Header: Sendable, Equatable {
        package let width: Int
        package let height: Int
        /// The libvips loader that would decode the file, e.g. "jpegload".
        package let loader: String
    }

    /// When and where the camera says the photo was taken.
    package struct Exif: Sendable, Equatable {
        /// Wall-clock time as the camera recorded it, without zone.
        package var taken: LocalDateTime?
        /// From OffsetTimeOriginal, when the camera wrote it.
        package var utcOffsetMinutes: Int?
        package var latitude: Double?
        package var longitude: Double?
    }

    /// Starts libvips once; safe to call many times.
    package static func start() throws {
        guard fd_photo_init() == 0 else { throw Failure(operation: "Starting libvips", detail: lastError()) }
    }

    package static func header(_ path: String) throws -> Header {
        try start()
        var width: Int32 = 0, height: Int32 = 0
        var loader = [CChar](repeating: 0, count: 64)
        guard fd_photo_probe(path, &width, &height, &loader, loader.count) == 0 else {
            throw Failure(operation: "Reading the image header", detail: lastError())
        }
        return Header(width: Int(width), height: Int(height), loader: text(loader))
    }

    /// Decodes every pixel; throws for truncated or corrupt files.
    package static func verifyDecodes(_ path: String) throws {
        try start()
        guard fd_photo_verify(path) == 0 else { throw Failure(operation: "Decoding the image", detail: lastError()) }
    }

    package struct MetadataCost: Sendable, Equatable {
        /// What compressed metadata unpacks to, counted no further than just past the limit asked.
        package let inflatedBytes: Int64
        package let chunks: Int64
    }

    /// What reading a PNG's metadata costs (nothing for other types); nil when the file is unreadable.
    package static func metadataCost(_ path: String, limit: Int64) -> MetadataCost? {
        var inflated: Int64 = 0, chunks: Int64 = 0
        guard fd_png_metadata_cost(path, limit, &inflated, &chunks) == 0 else { return nil }
        return MetadataCost(inflatedBytes: inflated, chunks: chunks)
    }

    package static func writeThumbnail(from source: String, to destination: String, size: Int, quality: Int = 82) throws {
        try start()
        guard fd_photo_thumbnail(source, destination, Int32(size), Int32(quality)) == 0 else {
            throw Failure(operation: "Making a \(size) px copy", detail: lastError())
        }
    }

    package static func exif(_ path: String) throws -> Exif {
        try start()
        var info = fd_exif_info()
        guard fd_photo_read_exif(path, &info) == 0 else { throw Failure(operation: "Reading EXIF", detail: lastError()) }
        var exif = Exif()
        let taken = withUnsafeBytes(of: info.taken) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        exif.taken = parseExifDate(taken)
        let offset = withUnsafeBytes(of: info.offset) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        exif.utcOffsetMinutes = parseExifOffset(offset)
        if info.has_gps != 0 {
            exif.latitude = info.latitude
            exif.longitude = info.longitude
        }
        return exif
    }

    /// A JPEG of smooth noise for tests and benchmarks, optionally with EXIF time, GPS and orientation.
    package static func writeSampleJPEG(
        to path: String, width: Int, height: Int, quality: Int = 90, smoothness: Int = 8, taken: String? = nil,
        latitude: Double? = nil, longitude: Double? = nil, orientation: Int = 0
    ) throws {
        try start()
        let result = fd_photo_write_sample_jpeg(
            path, Int32(width), Int32(height), Int32(quality), Int32(smoothness), taken,
            latitude != nil && longitude != nil ? 1 : 0, latitude ?? 0, longitude ?? 0, Int32(orientation))
        guard result == 0 else { throw Failure(operation: "Writing a sample JPEG", detail: lastError()) }
    }

    /// The same picture in another format, chosen by the destination's extension.
    package static func convert(_ source: String, to destination: String) throws {
        try start()
        guard fd_photo_convert(source, destination) == 0 else {
            throw Failure(operation: "Converting to \(destination)", detail: lastError())
        }
    }

    /// "2026:03:09 12:31:05" → 2026-03-09T12:31; cameras with no clock write zeros or spaces.
    package static func parseExifDate(_ text: String) -> LocalDateTime? {
        guard text.count >= 16 else { return nil }
        let characters = Array(text)
        let date = String(characters[0..<10]).replacingOccurrences(of: ":", with: "-")
        return LocalDateTime(parsing: date + "T" + String(characters[11..<16]))
    }

    /// "+05:30" → 330.
    package static func parseExifOffset(_ text: String) -> Int? {
        guard let match = text.wholeMatch(of: /([+-])([0-9]{2}):([0-9]{2})/), let hours = Int(match.2), let minutes = Int(match.3) else {
            return nil
        }
        let total = hours * 60 + minutes
        guard LocalDateTime.storableUTCOffsetMinutes.contains(total) else { return nil }
        return match.1 == "-" ? -total : total
    }

    private static func lastError() -> String {
        var buffer = [CChar](repeating: 0, count: 1024)
        fd_photo_last_error(&buffer, buffer.count)
        let message = text(buffer).trimmingCharacters(in: .whitespacesAndNewlines)
        return message.isEmpty ? "no detail from libvips" : message
    }

    /// A NUL-terminated C buffer as a Swift string.
    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

import FoodDiaryBase
import Foundation
import Testing
@testable import FoodDiary
@testable import FoodDiaryPhotos

/// libvips, libexif and libmagic on real files.
@Suite struct PhotoLibraryTests {
    @Test func exifTimeAndGPSRoundTrip() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/sample.jpg"
        try ImageLibrary.writeSampleJPEG(
            to: path, width: 640, height: 480, taken: "2026:03:08 19:42:10", latitude: -33.85678, longitude: 151.21530)
        let exif = try ImageLibrary.exif(path)
        #expect(exif.taken == LocalDateTime(parsing: "2026-03-08T19:42"))
        #expect(abs(exif.latitude! - -33.85678) < 1e-5)
        #expect(abs(exif.longitude! - 151.21530) < 1e-5)
        #expect(exif.utcOffsetMinutes == nil)

        try ImageLibrary.writeSampleJPEG(to: path, width: 64, height: 64)
        #expect(try ImageLibrary.exif(path) == ImageLibrary.Exif(), "no EXIF, nothing invented")
    }

    @Test func thumbnailsAreUprightSmallAndCarryNoMetadata() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = directory.path + "/rotated.jpg", thumbnail = directory.path + "/thumb.jpg"
        // Orientation 6: the camera was turned; the stored pixels are landscape, the photo portrait.
        try ImageLibrary.writeSampleJPEG(
            to: source, width: 1200, height: 800, taken: "2026:03:08 19:42:10",
            latitude: 51.5, longitude: -0.12, orientation: 6)
        try ImageLibrary.writeThumbnail(from: source, to: thumbnail, size: 320)
        let header = try ImageLibrary.header(thumbnail)
        #expect(header.width == 213 && header.height == 320, "turned upright: \(header)")
        #expect(header.loader == "jpegload")
        #expect(try ImageLibrary.exif(thumbnail) == ImageLibrary.Exif(), "GPS and time are stripped")
    }

    @Test func verifyingRefusesTruncatedFiles() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/whole.jpg"
        try ImageLibrary.writeSampleJPEG(to: path, width: 800, height: 600)
        try ImageLibrary.verifyDecodes(path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: directory.path + "/half.jpg"))
        #expect(throws: ImageLibrary.Failure.self) { try ImageLibrary.verifyDecodes(directory.path + "/half.jpg") }
    }

    @Test func libmagicReadsBytesNotNames() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let jpeg = directory.path + "/photo.txt"
        try ImageLibrary.writeSampleJPEG(to: jpeg, width: 32, height: 32)
        try "<html><script>alert(1)</script></html>".write(toFile: directory.path + "/photo.jpg", atomically: true, encoding: .utf8)
        #expect(try await MediaSniffer.shared.mimeType(ofFileAt: jpeg) == "image/jpeg")
        #expect(try await MediaSniffer.shared.mimeType(ofFileAt: directory.path + "/photo.jpg") == "text/html")
    }

    @Test(arguments: ["2026:03:09 12:31:05", "2026:03:09 12:31"])
    func exifDatesParse(text: String) {
        #expect(ImageLibrary.parseExifDate(text) == LocalDateTime(parsing: "2026-03-09T12:31"))
    }

    @Test(arguments: ["0000:00:00 00:00:00", "    :  :     :  :  ", "", "2026:13:01 10:00:00"])
    func blankOrImpossibleExifDatesAreIgnored(text: String) {
        #expect(ImageLibrary.parseExifDate(text) == nil)
    }

    @Test func exifOffsetsParse() {
        #expect(ImageLibrary.parseExifOffset("+05:30") == 330)
        #expect(ImageLibrary.parseExifOffset("-04:00") == -240)
        #expect(ImageLibrary.parseExifOffset("+15:00") == nil)
        #expect(ImageLibrary.parseExifOffset("Z") == nil)
    }
}

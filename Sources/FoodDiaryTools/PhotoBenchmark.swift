import FoodDiary
import Foundation
import FoodDiaryPhotos

/// Times the photo pipeline's pieces on real files, each beside a baseline from the same run.
public enum PhotoBenchmark {
    public struct ThumbnailFigures: Sendable {
        public let quality: Int
        public let sourceBytes: Int
        /// The list thumbnail straight from the 12 MP original.
        public let thumbnailP50Milliseconds: Double
        public let thumbnailMaxMilliseconds: Double
        /// Both derivatives as the store makes them: large from the original, thumbnail from large.
        public let derivativesP50Milliseconds: Double
        /// Decoding every pixel of the same file: what a resize without shrink-on-load must at least do.
        public let fullDecodeP50Milliseconds: Double
    }

    /// Writes a 12 MP sample JPEG at `quality` in `directory`, then times a 320 px thumbnail, the
    /// store's two derivatives, and a full decode.
    public static func thumbnails(in directory: String, quality: Int, rounds: Int) throws -> ThumbnailFigures {
        let source = directory + "/12mp-q\(quality).jpg", output = directory + "/thumb.jpg"
        try ImageLibrary.writeSampleJPEG(to: source, width: 4000, height: 3000, quality: quality)
        // Nothing is ever removed from this scratch store.
        let store = PhotoStore(root: directory + "/store-q\(quality)", maxPixels: 100_000_000, isRecorded: { _ in true })
        try FileManager.default.createDirectory(atPath: store.temporaryDirectory, withIntermediateDirectories: true)
        var thumbnail: [Double] = [], derivatives: [Double] = [], decode: [Double] = []
        for round in 0..<rounds {
            thumbnail.append(try milliseconds { try ImageLibrary.writeThumbnail(from: source, to: output, size: PhotoSize.thumb.pixels!) })
            let name = String(format: "%064x", round)
            derivatives.append(try milliseconds { try store.writeDerivatives(sha256: name, original: source, mediaType: "image/jpeg") })
            decode.append(try milliseconds { try ImageLibrary.verifyDecodes(source) })
        }
        let size = (try FileManager.default.attributesOfItem(atPath: source)[.size] as? Int) ?? 0
        return ThumbnailFigures(
            quality: quality, sourceBytes: size, thumbnailP50Milliseconds: median(thumbnail),
            thumbnailMaxMilliseconds: thumbnail.max() ?? 0, derivativesP50Milliseconds: median(derivatives),
            fullDecodeP50Milliseconds: median(decode))
    }

    /// A 12 MP JPEG of at least `targetBytes` for upload timing: the least smooth noise that gets
    /// there, the way a detailed phone photo at high quality does.
    public static func writeUploadSample(to path: String, targetBytes: Int) throws -> Int {
        var size = 0
        for smoothness in [4, 3, 2, 1] {
            try ImageLibrary.writeSampleJPEG(to: path, width: 4000, height: 3000, quality: 95, smoothness: smoothness)
            size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            if size >= targetBytes { break }
        }
        return size
    }

    /// Peak resident memory of this process since start or the last reset (VmHWM), in bytes.
    public static func peakResidentBytes() -> Int { statusBytes("VmHWM:") }

    /// Resident memory now (VmRSS), in bytes.
    public static func residentBytes() -> Int { statusBytes("VmRSS:") }

    private static func statusBytes(_ field: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
            let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { return 0 }
        return kilobytes * 1024
    }

    /// Resets the peak to the current resident size, so a later reading covers only what follows.
    public static func resetPeakResident() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    public static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}

import CPhotoShim
import Foundation

/// The product barcodes a photo shows, read by ZBar from its pixels after the photo has passed
/// `PhotoAdmission` like every other: EAN-13, EAN-8, UPC-A and UPC-E, as the digits a lookup asks
/// for (a UPC-E as the UPC-A it stands for).
package enum BarcodeReader {
    /// The sizes the photo is scanned at, smallest first, and how many rows and columns apart the
    /// scanner looks. Shrunk, a package's stripes are a few pixels each and a soft photo comes out
    /// sharper; a code small in the frame needs more pixels, which only a photo with nothing found
    /// at the first size pays for; its stripes still run the height of dozens of rows
    /// (docs/BENCHMARKS.md).
    package static let scanSizes = [1_280, 2_560]
    static let densities = [1_280: 2, 2_560: 4]

    /// The codes found, in the order the scanner met them, each once; empty when none.
    package static func codes(in path: String) throws -> [String] {
        try ImageLibrary.start()
        var last: [String] = []
        for size in scanSizes {
            last = try codes(in: path, size: size)
            if !last.isEmpty { break }
        }
        return last
    }

    /// One scan of the photo shrunk to fit `size` × `size`.
    package static func codes(in path: String, size: Int) throws -> [String] {
        var buffer = [CChar](repeating: 0, count: 512)
        var found: Int32 = 0
        guard fd_photo_read_barcodes(path, Int32(size), Int32(densities[size] ?? 1), &buffer, buffer.count, &found) == 0 else {
            throw ImageLibrary.Failure(operation: "Reading barcodes", detail: "the photo could not be scanned")
        }
        let lines = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).split(separator: "\n")
        var codes: [String] = []
        for line in lines {
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, let digits = digits(kind: String(parts[0]), data: String(parts[1])), !codes.contains(digits) else {
                continue
            }
            codes.append(digits)
        }
        return codes
    }

    /// What a lookup asks for: a UPC-E's eight digits stand for a UPC-A's twelve, and no catalog or
    /// service keeps the short form.
    static func digits(kind: String, data: String) -> String? {
        guard data.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return kind == "UPC-E" ? upcA(fromUPCE: data) : data
    }

    /// The standard expansion: number system, five or six digits with zeros where the last digit
    /// says, and the same check digit.
    package static func upcA(fromUPCE code: String) -> String? {
        let digits = Array(code)
        guard digits.count == 8, digits[0] == "0" || digits[0] == "1" else { return nil }
        let (system, body, check) = (String(digits[0]), digits[1...6].map(String.init), String(digits[7]))
        let middle: String
        switch body[5] {
        case "0", "1", "2": middle = body[0] + body[1] + body[5] + "0000" + body[2] + body[3] + body[4]
        case "3": middle = body[0] + body[1] + body[2] + "00000" + body[3] + body[4]
        case "4": middle = body[0] + body[1] + body[2] + body[3] + "00000" + body[4]
        default: middle = body[0] + body[1] + body[2] + body[3] + body[4] + "0000" + body[5]
        }
        return system + middle + check
    }
}

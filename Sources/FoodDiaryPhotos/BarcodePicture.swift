import CPhotoShim
import Foundation

/// Product barcodes drawn as a phone might photograph them, for tests and benchmarks: the stripes
/// of EAN-13 (UPC-A is one with a leading zero), EAN-8 and UPC-E from their digits, on a page of
/// any size, turned, softened and saved as JPEG or PNG.
package enum BarcodePicture {
    /// Odd-parity ("L") patterns; "G" is each reversed and inverted, "R" each inverted.
    private static let left = ["0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111", "0111011", "0110111", "0001011"]
    /// Which of an EAN-13's first six digits use G, chosen by the digit it does not draw.
    private static let ean13Parity = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL"]
    /// Which of a UPC-E's six digits use G ("E"ven), chosen by its check digit, number system 0.
    private static let upcEParity = ["GGGLLL", "GGLGLL", "GGLLGL", "GGLLLG", "GLGGLL", "GLLGGL", "GLLLGG", "GLGLGL", "GLGLLG", "GLLGLG"]

    private static func pattern(_ digit: Int, _ set: Character) -> String {
        let odd = left[digit]
        switch set {
        case "L": return odd
        case "R": return String(odd.map { $0 == "0" ? "1" : "0" })
        default: return String(odd.map { $0 == "0" ? "1" : "0" }.reversed())
        }
    }

    private static func numbers(_ text: String) -> [Int] { text.compactMap { $0.wholeNumberValue } }

    /// The 95 modules of a 13-digit code (true is a bar).
    package static func ean13(_ code: String) -> [Bool] {
        let digits = numbers(code)
        precondition(digits.count == 13)
        let parity = Array(ean13Parity[digits[0]])
        var bits = "101"
        for (index, digit) in digits[1...6].enumerated() { bits += pattern(digit, parity[index]) }
        bits += "01010"
        for digit in digits[7...12] { bits += pattern(digit, "R") }
        return (bits + "101").map { $0 == "1" }
    }

    /// The 67 modules of an 8-digit code.
    package static func ean8(_ code: String) -> [Bool] {
        let digits = numbers(code)
        precondition(digits.count == 8)
        var bits = "101"
        for digit in digits[0...3] { bits += pattern(digit, "L") }
        bits += "01010"
        for digit in digits[4...7] { bits += pattern(digit, "R") }
        return (bits + "101").map { $0 == "1" }
    }

    /// The 51 modules of a UPC-E ("0" + six digits + check).
    package static func upcE(_ code: String) -> [Bool] {
        let digits = numbers(code)
        precondition(digits.count == 8 && digits[0] == 0)
        let parity = Array(upcEParity[digits[7]])
        var bits = "101"
        for (index, digit) in digits[1...6].enumerated() { bits += pattern(digit, parity[index]) }
        return (bits + "010101").map { $0 == "1" }
    }

    /// Writes the modules as stripes `moduleWidth` pixels each and `barHeight` tall, centred on a
    /// white page of `width` × `height`, turned by `angle` degrees and blurred by `blur`.
    package static func write(
        _ modules: [Bool], to path: String, width: Int, height: Int, moduleWidth: Int, barHeight: Int,
        angle: Double = 0, blur: Double = 0, quality: Int = 90
    ) throws {
        try ImageLibrary.start()
        var pixels = [UInt8](repeating: 242, count: width * height)
        let left = (width - modules.count * moduleWidth) / 2, top = (height - barHeight) / 2
        precondition(left >= 0 && top >= 0, "the code must fit the page")
        for (index, isBar) in modules.enumerated() where isBar {
            for row in top..<(top + barHeight) {
                let start = row * width + left + index * moduleWidth
                for column in start..<(start + moduleWidth) { pixels[column] = 24 }
            }
        }
        guard fd_photo_write_grey(path, pixels, Int32(width), Int32(height), angle, blur, Int32(quality)) == 0 else {
            throw ImageLibrary.Failure(operation: "Writing a barcode picture", detail: path)
        }
    }
}

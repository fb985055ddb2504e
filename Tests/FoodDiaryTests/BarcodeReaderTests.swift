import Foundation
import Testing
@testable import FoodDiaryPhotos

/// ZBar through libvips on pictures the tests draw: what a phone's photo of a package gives.
@Suite struct BarcodeReaderTests {
    /// Nutella's EAN-13, a UPC-A (a US product), an EAN-8 and a UPC-E, with their check digits.
    static let ean13 = "3017620422003", upcA = "036800403710", ean8 = "96385074", upcE = "01234565"

    private func read(
        _ modules: [Bool], _ name: String, angle: Double = 0, blur: Double = 0, quality: Int = 90,
        moduleWidth: Int = 4, width: Int = 800, height: Int = 600
    ) throws -> [String] {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/" + name
        try BarcodePicture.write(
            modules, to: path, width: width, height: height, moduleWidth: moduleWidth, barHeight: modules.count * moduleWidth * 2 / 3,
            angle: angle, blur: blur, quality: quality)
        return try BarcodeReader.codes(in: path)
    }

    @Test func readsEachKindAPackageCarries() throws {
        #expect(try read(BarcodePicture.ean13(Self.ean13), "ean13.jpg") == [Self.ean13])
        #expect(try read(BarcodePicture.ean13("0" + Self.upcA), "upca.png") == [Self.upcA], "a UPC-A is asked for by its twelve digits")
        #expect(try read(BarcodePicture.ean8(Self.ean8), "ean8.jpg") == [Self.ean8])
        #expect(try read(BarcodePicture.upcE(Self.upcE), "upce.jpg") == ["012345000065"], "a UPC-E is looked up as the UPC-A it stands for")
    }

    @Test func readsAPhotoTakenAskewSoftAndSmall() throws {
        let code = BarcodePicture.ean13(Self.ean13)
        #expect(try read(code, "askew.jpg", angle: 14) == [Self.ean13])
        #expect(try read(code, "upside-down.jpg", angle: 180) == [Self.ean13])
        #expect(try read(code, "soft.jpg", blur: 2.2, quality: 60) == [Self.ean13])
    }

    /// A 12-megapixel photo with the code a twentieth of its width: too fine for the first size, so
    /// the second is tried.
    @Test func aCodeSmallInTheFrameIsReadAtTheLargerSize() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/far.jpg"
        try BarcodePicture.write(BarcodePicture.ean13(Self.ean13), to: path, width: 4000, height: 3000, moduleWidth: 2, barHeight: 130)
        #expect(try BarcodeReader.codes(in: path, size: BarcodeReader.scanSizes[0]) == [])
        #expect(try BarcodeReader.codes(in: path) == [Self.ean13])
    }

    @Test func aPictureWithNoCodeGivesNone() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/meal.jpg"
        try ImageLibrary.writeSampleJPEG(to: path, width: 1600, height: 1200)
        #expect(try BarcodeReader.codes(in: path) == [])
        // Stripes that break the code's own rules (a wrong check digit) are no code.
        var wrong = BarcodePicture.ean13(Self.ean13)
        wrong[50] = !wrong[50]
        #expect(try read(wrong, "broken.jpg") == [])
    }

    @Test func aUPCEStandsForItsUPCA() {
        #expect(BarcodeReader.upcA(fromUPCE: "01234565") == "012345000065")
        #expect(BarcodeReader.upcA(fromUPCE: "04252614") == "042100005264")
        #expect(BarcodeReader.upcA(fromUPCE: "21234565") == nil, "number systems 0 and 1 only")
    }
}

import FoodDiaryPhotos
import Foundation

/// What reading a barcode costs on top of a photo's admission, for a phone's 12-megapixel photo:
/// the checks alone (sniffed, counted, every pixel decoded) are the baseline, measured in the same
/// run; then the checks and the scan as the barcode route runs them, a package photo and a meal
/// photo with no code (both sizes scanned, the worst case), and a snapped meal's one scan of the
/// large copy its page shows (made at upload anyway), against scanning the original.
package enum BarcodePhotoBenchmark {
    package struct Figures: Sendable {
        package let width: Int
        package let height: Int
        package let admissionMilliseconds: [Double]
        package let packageMilliseconds: [Double]
        package let mealAdmissionMilliseconds: [Double]
        package let noCodeMilliseconds: [Double]
        package let snapScanMilliseconds: [Double]
        package let snapOriginalScanMilliseconds: [Double]
    }

    package static let code = "4000000035022"

    package static func run(width: Int = 4_000, height: Int = 3_000, runs: Int = 5) throws -> Figures {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fooddiary-bench-barcode-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A package held a forearm away: the code a quarter of the frame, a little turned and soft.
        let package = directory + "/package.jpg", meal = directory + "/meal.jpg", mealLarge = directory + "/meal-large.jpg"
        try BarcodePicture.write(
            BarcodePicture.ean13(code), to: package, width: width, height: height, moduleWidth: 10, barHeight: 700,
            angle: 6, blur: 1.5, quality: 88)
        try ImageLibrary.writeSampleJPEG(to: meal, width: width, height: height, quality: 88)
        try ImageLibrary.writeThumbnail(from: meal, to: mealLarge, size: PhotoSize.large.pixels!, quality: 82)
        let admission = PhotoAdmission(maxPixels: 100_000_000)
        let found = try BarcodeReader.codes(in: package)
        precondition(found == [code], "the package's code is read")
        var figures = (
            admission: [Double](), package: [Double](), mealAdmission: [Double](), none: [Double](), snap: [Double](),
            snapOriginal: [Double]()
        )
        for _ in 0..<runs {
            figures.admission.append(try milliseconds { _ = try admission.admitNow(package) })
            figures.package.append(
                try milliseconds {
                    _ = try admission.admitNow(package)
                    _ = try BarcodeReader.codes(in: package)
                })
            figures.mealAdmission.append(try milliseconds { _ = try admission.admitNow(meal) })
            figures.none.append(
                try milliseconds {
                    _ = try admission.admitNow(meal)
                    let none = try BarcodeReader.codes(in: meal)
                    precondition(none.isEmpty)
                })
            figures.snap.append(try milliseconds { _ = try BarcodeReader.codes(in: mealLarge, size: BarcodeReader.scanSizes[0]) })
            figures.snapOriginal.append(try milliseconds { _ = try BarcodeReader.codes(in: meal, size: BarcodeReader.scanSizes[0]) })
        }
        return Figures(
            width: width, height: height, admissionMilliseconds: figures.admission, packageMilliseconds: figures.package,
            mealAdmissionMilliseconds: figures.mealAdmission, noCodeMilliseconds: figures.none, snapScanMilliseconds: figures.snap,
            snapOriginalScanMilliseconds: figures.snapOriginal)
    }
}

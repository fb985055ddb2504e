import ArgumentParser
import FoodDiaryTools
import Foundation

struct BenchBarcodePhoto: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-barcode-photo",
        abstract: "Time reading a barcode from a phone's 12-megapixel photo, against the photo's admission alone.")

    @Option(help: "How many times each is timed.")
    var runs: Int = 5

    func run() throws {
        let figures = try BarcodePhotoBenchmark.run(runs: runs)
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        func line(_ name: String, _ values: [Double]) -> String {
            "\(name)  median \(Int(median(values).rounded())) ms (\(values.map { String(Int($0.rounded())) }.joined(separator: ", ")))"
        }
        let package = median(figures.admissionMilliseconds), meal = median(figures.mealAdmissionMilliseconds)
        print("a \(figures.width) × \(figures.height) JPEG, \(runs) runs each")
        print(line("package photo: admission alone (baseline)", figures.admissionMilliseconds))
        print(
            line("package photo: admission + barcode read  ", figures.packageMilliseconds)
                + String(format: "  %.2f× its baseline", median(figures.packageMilliseconds) / package))
        print(line("meal photo: admission alone (baseline)   ", figures.mealAdmissionMilliseconds))
        print(
            line("meal photo, no code: admission + 2 scans ", figures.noCodeMilliseconds)
                + String(format: "  %.2f× its baseline", median(figures.noCodeMilliseconds) / meal))
        print(
            line("snapped meal's scan of its large copy     ", figures.snapScanMilliseconds)
                + String(format: "  +%.0f%% on its admission", 100 * median(figures.snapScanMilliseconds) / meal))
        print(
            line("(the same scan of the original, before)   ", figures.snapOriginalScanMilliseconds)
                + String(
                    format: "  %.1f× the large copy's", median(figures.snapOriginalScanMilliseconds) / median(figures.snapScanMilliseconds))
        )
    }
}

import FoodDiaryBase
import FoodDiaryWeb

/// A barcode that led nowhere, said where the person is looking: no code in the photo, a file
/// that is no photo, a code no one knows, or a service that did not answer; with the camera and
/// the typed box again, and the way back.
struct BarcodePhotoView: Sendable {
    let title = tr("Scan a barcode")
    let problem: String
    let barcodePhoto: BarcodePhotoForm
    /// The digits, for a code that was read or typed but found nothing.
    let barcode: String
    let backURL: String
    let backLabel: String
}

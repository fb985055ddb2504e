import FoodDiaryBase
import Foundation

/// What the add-food and add-ingredient pages offer beyond the offline catalog: "Search FoodData
/// Central too", and a barcode typed, photographed or scanned, matched against kept foods first.
struct OnlineSearchBox: Sendable {
    /// Another code the same photo showed, one tap from being looked up instead.
    struct OtherBarcode: Sendable {
        let digits: String
        let url: String
    }

    let checked: Bool
    let slot: OnlineSlotView?
    let barcode: String
    let barcodeError: String?
    let barcodeResults: [CatalogResultRow]
    let hasBarcodeResults: Bool
    let barcodeSummary: String?
    let barcodeAction: String
    let barcodePhoto: BarcodePhotoForm
    let otherBarcodes: [OtherBarcode]
    let hasOtherBarcodes: Bool
}

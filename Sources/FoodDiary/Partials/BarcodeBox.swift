import FoodDiaryBase
import Foundation

/// What the add-food and add-ingredient pages offer beyond the offline catalog: "Search FoodData
/// Central too", and a barcode typed or scanned, matched against kept foods first.
struct OnlineSearchBox: Sendable {
    let checked: Bool
    let slot: OnlineSlotView?
    let barcode: String
    let barcodeError: String?
    let barcodeResults: [CatalogResultRow]
    let hasBarcodeResults: Bool
    let barcodeSummary: String?
    let barcodeAction: String
}

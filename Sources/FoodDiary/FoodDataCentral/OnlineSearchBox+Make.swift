import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryStorage
import FoodDiaryWeb
import Foundation

extension OnlineSearchBox {
    /// Reads `online` and `barcode` from the page's query; asks the network nothing, and reads the
    /// diary's key only when there is something to ask online.
    static func make(
        target: OnlineTarget, parameters: FormFields, query: String, catalog: CatalogDatabase,
        online: FoodDataCentralOnline, openFoodFacts: OpenFoodFactsOnline, diary: AppDatabase,
        serverKey: String?, csrfToken: String
    ) async throws -> OnlineSearchBox {
        let checked = parameters["online"] == "1"
        let barcode = String((parameters["barcode"] ?? "").prefix(40))
        let digits = Barcode.digits(barcode)
        var kept: [FoodSummary] = []
        if let digits { kept = try await catalog.foods(barcode: digits) }
        let wantsOnline = (checked && !Words.split(query).isEmpty) || (digits != nil && kept.isEmpty)
        var slot: OnlineSlotView?
        if wantsOnline {
            // A barcode may go on to Open Food Facts, and a search asks both, each behind a guard that
            // answers the slot at once when it is known to be offline: only both offline is said here.
            let key = try await FoodDataCentralKey.current(in: diary, server: serverKey)
            let centralProblem = await online.knownProblem(key: key.value),
                productsProblem = await openFoodFacts.knownProblem(searching: true)
            let bothOffline = digits == nil && centralProblem == .unreachable && productsProblem == .unreachable
            slot = OnlineSlotView(
                url: target.onlineURL(query: digits == nil ? query : "", barcode: digits ?? ""),
                problem: bothOffline ? OnlineSlotView.offline : nil)
        }
        // The other codes a barcode photo showed.
        let others = (parameters["also"] ?? "").split(separator: ",").prefix(Barcode.mostAtOnce - 1).compactMap {
            Barcode.digits(String($0))
        }.filter { $0 != digits }
        let rows = kept.map { CatalogResultRow($0, url: target.chooseURL(catalogID: $0.id, query: "")) }
        return OnlineSearchBox(
            checked: checked, slot: slot, barcode: barcode, barcodeError: !barcode.isEmpty && digits == nil ? Barcode.problem : nil,
            barcodeResults: rows, hasBarcodeResults: !rows.isEmpty,
            barcodeSummary: digits.map { digits in kept.isEmpty ? nil : tr("Barcode \(digits): kept here, works offline.") } ?? nil,
            barcodeAction: target.base + "/new", barcodePhoto: BarcodePhotoForm(action: target.base + "/barcode", csrfToken: csrfToken),
            otherBarcodes: others.map { OtherBarcode(digits: $0, url: target.base + "/new" + queryString(["barcode": $0])) },
            hasOtherBarcodes: !others.isEmpty)
    }
}

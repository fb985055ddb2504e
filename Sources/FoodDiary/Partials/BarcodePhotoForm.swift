import FoodDiaryWeb

/// "Scan a barcode": a photo of the package sent to be read (the camera opens straight away on a
/// phone), or the digits a browser's own scanner read; one form for ＋, the add-food and
/// add-ingredient pages, and the page that says a photo showed no code.
struct BarcodePhotoForm: Sendable {
    struct Field: Sendable {
        let name: String
        let value: String
    }

    let action: String
    let csrfToken: String
    /// Where a food goes from ＋ (its meal, or the day and slot of one still to make).
    let fields: [Field]

    init(action: String, csrfToken: String, fields: [(key: String, value: String)] = []) {
        self.action = action
        self.csrfToken = csrfToken
        self.fields = fields.map { Field(name: $0.key, value: $0.value) }
    }
}

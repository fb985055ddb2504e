import FoodDiaryBase
import FoodDiaryWeb
import Foundation

/// On the page of a meal with no foods: past meals like it to copy in one tap, and a quick estimate.
struct ItemiseHelpView: Sendable {
    struct Like: Sendable {
        let action: String
        let url: String
        let thumbnailURL: String?
        let whenText: String
        let placeName: String?
        let foodsText: String
        let kcalText: String
        let timesText: String?
        let buttonLabel: String
    }

    /// A product's barcode the photo shows, proposed: its page finds the product, and nothing is
    /// added until the person chooses how much.
    struct PhotoBarcode: Sendable {
        let digits: String
        let url: String
    }

    let csrfToken: String
    let likenessText: String
    let likes: [Like]
    let hasLikes: Bool
    let estimateAction: String
    let estimate: String
    let estimateError: String?
    /// "Suggest foods": the owner's model, when this person opted in and the meal has a photo.
    var suggestAction: String?
    var suggestNote: String?
    var photoBarcodes: [PhotoBarcode] = []
    var hasPhotoBarcodes: Bool { !photoBarcodes.isEmpty }

    mutating func proposeBarcodes(_ codes: [String], mealID: Int64) {
        photoBarcodes = codes.map { PhotoBarcode(digits: $0, url: "/meals/\(mealID)/foods/new" + queryString(["barcode": $0])) }
    }

    mutating func offerSuggestions(mealID: Int64, model: String) {
        suggestAction = "/meals/\(mealID)/suggest"
        suggestNote = tr("Sends the photo to \(model), which you run; you check each food before it is added.")
    }
}

import FoodDiaryBase
import Foundation

/// `/settings/model`: whether the owner set a model, exactly what would be sent and where, and
/// this person's choice.
struct ModelSettingsView: Sendable {
    let title = tr("Suggestions from a model")
    let notice: String?
    let csrfToken: String
    let isSet: Bool
    let modelName: String
    let address: String
    let chosen: Bool
    let photoPixels = MealPhotoForModel.pixels

    init(endpoint: ModelEndpoint?, chosen: Bool, notice: String?, csrfToken: String) {
        isSet = endpoint != nil
        modelName = endpoint?.model ?? ""
        address = endpoint?.shownAddress ?? ""
        self.chosen = chosen && endpoint != nil
        self.notice = notice
        self.csrfToken = csrfToken
    }
}

import FoodDiaryBase
import Foundation

/// Share with the household, or stop (`partials/household_toggle`), on a food or recipe of your own.
struct HouseholdToggleView: Sendable {
    let action: String
    let value: String
    let text: String
    let button: String

    init(action: String, isShared: Bool, what: String) {
        self.action = action
        value = isShared ? "0" : "1"
        text =
            isShared
            ? tr("Shared with your household: the others can log this \(what) and copy it; only you can change it.")
            : tr("Only you see this \(what). Share it and the others here can log it and copy it, but not change it.")
        button = isShared ? tr("Stop sharing") : tr("Share with household")
    }
}

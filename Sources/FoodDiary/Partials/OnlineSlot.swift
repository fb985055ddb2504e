import FoodDiaryBase
import Foundation

/// The place on the add-food page where online results will appear.
struct OnlineSlotView: Sendable {
    let url: String
    /// Known already without asking the network: every source offline a moment ago.
    let problem: String?

    static var offline: String { tr("Neither FoodData Central nor Open Food Facts can be reached; these are your offline results.") }
}

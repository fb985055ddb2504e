import FoodDiaryBase
import Foundation

/// The place on the add-food page where online results will appear.
struct OnlineSlotView: Sendable {
    let url: String
    /// Known already without asking the network (offline a moment ago, or a limit reached).
    let problem: String?
}

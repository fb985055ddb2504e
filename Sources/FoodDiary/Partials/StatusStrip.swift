import FoodDiaryBase
import Foundation

/// The strip under the top bar on every page: today's energy and macros against the goals.
package struct StatusStripView: Sendable {
    let kcalText: String
    let goalText: String?
    let fill: String
    let isOver: Bool
    let macros: String
    /// Named apart from the day page's own: a missing key would be looked up in the page behind.
    let todayNotItemisedText: String?
}

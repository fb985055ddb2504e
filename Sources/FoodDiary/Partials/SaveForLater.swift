import FoodDiaryBase
import Foundation

/// The small form that keeps a food in "My saved foods", or says it is already there.
struct SaveForLaterView: Sendable {
    let csrfToken: String
    let fieldName: String
    let fieldValue: String
    let returnTo: String
    let alreadySaved: Bool
}

import Foundation

/// `/settings/food-data-central`: which key online searches use, never shown whole.
struct FoodDataCentralSettingsView: Sendable {
    let title = "FoodData Central online"
    let notice: String?
    let csrfToken: String
    let error: String?
    /// The key in use, masked, and whose it is.
    let currentKey: String
    let hasOwnKey: Bool
    let usesDemoKey: Bool
    let hasErrors: Bool
    let errorSummary = ErrorSummary.nothingChanged

    init(key: FoodDataCentralKey, csrfToken: String, notice: String?, error: String?) {
        self.notice = notice
        self.csrfToken = csrfToken
        self.error = error
        hasErrors = error != nil
        hasOwnKey = key.origin == .diary
        usesDemoKey = key.isDemo
        currentKey = switch key.origin {
        case .diary: "This diary’s own key, \(FoodDataCentralKey.masked(key.value))."
        case .server: "The server’s key (FOODDIARY_FDC_API_KEY), \(FoodDataCentralKey.masked(key.value))."
        case .demo: "The shared DEMO_KEY."
        }
    }
}

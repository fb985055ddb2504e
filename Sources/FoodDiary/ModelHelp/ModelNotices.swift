import FoodDiaryBase
/// What a page says when the model could not help, by a fixed key: the model's own words are never echoed.
enum ModelNotices {
    static func key(_ problem: OnlineProblem) -> String {
        switch problem {
        case .notFound: "suggest_nothing"
        case .unreachable: "suggest_unreachable"
        case .timedOut: "suggest_timed_out"
        case .unusable: "suggest_declined"
        case .malformed: "suggest_unreadable"
        case .rateLimited, .keyRefused, .refused, .failed: "suggest_failed"
        }
    }

    static var meal: [String: String] {
        [
            "suggest_nothing": tr("The model saw no food in the photo. Add the foods by name instead."),
            "suggest_unreachable": tr("The model can’t be reached just now, so nothing was suggested."),
            "suggest_timed_out": tr("The model took too long to answer, so nothing was suggested. Try again, or add the foods by name."),
            "suggest_declined": tr("The model declined to describe this photo. Add the foods by name instead."),
            "suggest_unreadable": tr("The model’s answer could not be read as a list of foods, so nothing was suggested."),
            "suggest_failed": tr("The model’s server refused or failed, so nothing was suggested. The owner can check its log.")
        ]
    }
}

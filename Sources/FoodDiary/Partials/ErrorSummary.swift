/// The box at the top of a form sent back with mistakes (`partials/error_summary`): what did not
/// happen, and that nothing changed because of it.
struct ErrorSummary: Sendable {
    let heading: String
    let advice: String

    static let nothingChanged = ErrorSummary(
        heading: "That could not be saved yet",
        advice: "Please correct the fields marked below. Nothing has been changed.")
    static let nothingAdded = ErrorSummary(
        heading: "That could not be added yet",
        advice: "Please correct the fields marked below. Nothing has been added.")
    static let amountNotAdded = ErrorSummary(
        heading: "That could not be added yet",
        advice: "Please correct the amount below. Nothing has been added.")
    static let amountNotChanged = ErrorSummary(
        heading: "That amount could not be saved",
        advice: "Please correct it below. The entry has not changed.")
    static let nothingLogged = ErrorSummary(
        heading: "That could not be logged yet",
        advice: "Please correct the fields marked below. Nothing has been added.")
    static let goalsUnchanged = ErrorSummary(
        heading: "The goals could not be saved yet",
        advice: "Please correct the fields marked below. Nothing has been changed.")
    static let nothingShared = ErrorSummary(
        heading: "That meal could not be shared yet",
        advice: "Please correct the fields marked below. Nothing has been logged or changed.")
}

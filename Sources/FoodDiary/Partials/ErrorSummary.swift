import FoodDiaryBase
/// The box at the top of a form sent back with mistakes (`partials/error_summary`): what did not
/// happen, and that nothing changed because of it.
struct ErrorSummary: Sendable {
    let heading: String
    let advice: String

    static var nothingChanged: ErrorSummary {
        ErrorSummary(
            heading: tr("That could not be saved yet"),
            advice: tr("Please correct the fields marked below. Nothing has been changed."))
    }
    static var nothingAdded: ErrorSummary {
        ErrorSummary(
            heading: tr("That could not be added yet"),
            advice: tr("Please correct the fields marked below. Nothing has been added."))
    }
    static var amountNotAdded: ErrorSummary {
        ErrorSummary(
            heading: tr("That could not be added yet"),
            advice: tr("Please correct the amount below. Nothing has been added."))
    }
    static var amountNotChanged: ErrorSummary {
        ErrorSummary(
            heading: tr("That amount could not be saved"),
            advice: tr("Please correct it below. The entry has not changed."))
    }
    static var nothingLogged: ErrorSummary {
        ErrorSummary(
            heading: tr("That could not be logged yet"),
            advice: tr("Please correct the fields marked below. Nothing has been added."))
    }
    static var goalsUnchanged: ErrorSummary {
        ErrorSummary(
            heading: tr("The goals could not be saved yet"),
            advice: tr("Please correct the fields marked below. Nothing has been changed."))
    }
    static var nothingShared: ErrorSummary {
        ErrorSummary(
            heading: tr("That meal could not be shared yet"),
            advice: tr("Please correct the fields marked below. Nothing has been logged or changed."))
    }
}

/// The form that adds a reading: a number in the person's units and the day it was taken.
struct ReadingFormView: Sendable {
    let action: String
    let label: String
    let unit: String
    let value: String
    let date: String
    let error: String?
    /// Where the page goes back to after saving.
    let back: String
}

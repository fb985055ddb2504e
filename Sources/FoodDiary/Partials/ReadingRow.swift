/// A reading in a history list, with its delete form's address.
struct ReadingRowView: Sendable {
    let dateText: String
    let timeText: String
    let valueText: String
    /// The trend that day, for a weigh-in.
    let trendText: String?
    let deleteURL: String
}

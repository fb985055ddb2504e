/// Keys every page shares, answered beneath each page's own view model.
struct PageFrame: Sendable {
    let statusStrip: StatusStripView?
    /// The navigation, the add button and today's strip are for signed-in people only.
    let signedIn: Bool
    /// The open diary's name, shown in the top bar with the way to the others.
    let diaryName: String?
}

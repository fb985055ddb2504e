/// Keys every page shares, answered beneath each page's own view model.
struct PageFrame: Sendable {
    let statusStrip: StatusStripView?
}

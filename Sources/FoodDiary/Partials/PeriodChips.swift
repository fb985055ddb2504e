import Foundation

/// One of a chart's periods ("30 days"), a link to the page showing it, the chosen one marked.
struct PeriodChipView: Sendable {
    let label: String
    let url: String
    let selected: Bool

    /// A chip for each of `periods` days, linking to `path?days=N`.
    static func chips(_ periods: [Int], chosen: Int, path: String) -> [PeriodChipView] {
        periods.map { PeriodChipView(label: "\($0) days", url: "\(path)?days=\($0)", selected: $0 == chosen) }
    }
}

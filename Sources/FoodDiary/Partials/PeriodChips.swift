import FoodDiaryBase
import Foundation

/// One of a chart's periods ("30 days"), a link to the page showing it, the chosen one marked.
struct PeriodChipView: Sendable {
    let label: String
    let url: String
    let selected: Bool

    /// A chip for each of `periods` days, linking to `path?days=N`.
    static func chips(_ periods: [Int], chosen: Int, path: String) -> [PeriodChipView] {
        periods.map {
            PeriodChipView(label: tr(one: "\($0) day", other: "\($0) days", count: $0), url: "\(path)?days=\($0)", selected: $0 == chosen)
        }
    }
}

import FoodDiaryBase
import Foundation

/// A working report link as its maker sees it, on the report and on the account page: the days
/// it shows, until when, and the button that stops it.
struct ReportShareRow: Sendable {
    let rangeText: String
    let expiresText: String
    let revokeURL: String

    init(_ share: ReportShare, timeZone: TimeZone) {
        rangeText = "\(share.first.dayMonthYearText) – \(share.last.dayMonthYearText)"
        let expires = LocalDateTime(share.expiresAt, in: timeZone)
        expiresText = tr("Works until \(expires.date.dayMonthYearText), \(expires.clockText).")
        revokeURL = "/reports/shares/\(share.id)/revoke"
    }
}

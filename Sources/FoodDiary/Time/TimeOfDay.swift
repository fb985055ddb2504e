import Foundation
import GRDB

/// When in the day something happened, whatever the date: what "the same time as usual" means
/// when suggesting past meals and foods.
enum TimeOfDay {
    /// Breakfast at 07:30 and at 08:45 are alike; 07:30 and 12:00 are not.
    static let similarWithinMinutes = 90
    private static let minutesInDay = 24 * 60

    static func minutes(_ time: LocalDateTime) -> Int { time.hour * 60 + time.minute }

    /// Whether the time in `column` (a `LocalDateTime` as text) is within `similarWithinMinutes` of
    /// `time`'s, around the clock (23:30 and 00:15 are 45 minutes apart), as SQL, so a query can
    /// filter before it groups.
    static func similarSQL(_ column: String, to time: LocalDateTime) -> (sql: String, arguments: StatementArguments) {
        let minutes = "(CAST(substr(\(column), 12, 2) AS INTEGER) * 60 + CAST(substr(\(column), 15, 2) AS INTEGER))"
        let target = Self.minutes(time)
        return ("min((\(minutesInDay) + \(minutes) - ?) % \(minutesInDay), (\(minutesInDay) + ? - \(minutes)) % \(minutesInDay)) <= ?",
                [target, target, similarWithinMinutes])
    }
}

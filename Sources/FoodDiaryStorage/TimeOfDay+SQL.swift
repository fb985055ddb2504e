import FoodDiaryBase
import GRDB

extension TimeOfDay {
    /// Whether the time in `column` (a `LocalDateTime` as text) is within `similarWithinMinutes` of
    /// `time`'s, around the clock (23:30 and 00:15 are 45 minutes apart), as SQL, so a query can
    /// filter before it groups.
    package static func similarSQL(_ column: String, to time: LocalDateTime) -> (sql: String, arguments: StatementArguments) {
        let minutes = "(CAST(substr(\(column), 12, 2) AS INTEGER) * 60 + CAST(substr(\(column), 15, 2) AS INTEGER))"
        let target = Self.minutes(time)
        return (
            "min((\(minutesInDay) + \(minutes) - ?) % \(minutesInDay), (\(minutesInDay) + ? - \(minutes)) % \(minutesInDay)) <= ?",
            [target, target, similarWithinMinutes]
        )
    }
}

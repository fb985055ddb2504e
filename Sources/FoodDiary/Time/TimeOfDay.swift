import Foundation

/// When in the day something happened, whatever the date: what "the same time as usual" means
/// when suggesting past meals and foods.
enum TimeOfDay {
    /// Breakfast at 07:30 and at 08:45 are alike; 07:30 and 12:00 are not.
    static let similarWithinMinutes = 90
    private static let minutesInDay = 24 * 60

    static func minutes(_ time: LocalDateTime) -> Int { time.hour * 60 + time.minute }

    /// Around the clock: 23:30 and 00:15 are 45 minutes apart.
    static func minutesApart(_ first: LocalDateTime, _ second: LocalDateTime) -> Int {
        let difference = abs(minutes(first) - minutes(second)) % minutesInDay
        return min(difference, minutesInDay - difference)
    }

    static func isSimilar(_ first: LocalDateTime, _ second: LocalDateTime) -> Bool {
        minutesApart(first, second) <= similarWithinMinutes
    }
}

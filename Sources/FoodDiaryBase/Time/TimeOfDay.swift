import Foundation

/// When in the day something happened, whatever the date: what "the same time as usual" means
/// when suggesting past meals and foods.
package enum TimeOfDay {
    /// Breakfast at 07:30 and at 08:45 are alike; 07:30 and 12:00 are not.
    package static let similarWithinMinutes = 90
    package static let minutesInDay = 24 * 60

    package static func minutes(_ time: LocalDateTime) -> Int { time.hour * 60 + time.minute }
}

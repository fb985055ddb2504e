import FoodDiaryBase

/// A day's page, and when a thing added from it (a reading, a drink, a run) is kept.
enum DayAddress {
    static func url(_ date: LocalDate, today: LocalDate) -> String { date == today ? "/today" : "/days/\(date)" }

    /// Now, for today; the same clock time on an earlier day.
    static func time(on date: LocalDate, now: LocalDateTime) -> LocalDateTime {
        LocalDateTime(date: date, hour: now.hour, minute: now.minute) ?? now
    }
}

import FoodDiaryBase
import Foundation

/// A time as a phone's health app writes it, read as the wall clock where it was taken with that
/// place's UTC offset: Health Auto Export's `2026-03-09 07:12:00 +0100`, ISO 8601's
/// `2026-03-09T07:12:00+01:00` or `…Z`, or a bare day `2026-03-09` for a whole day's count, which
/// takes the diary's time zone.
enum HealthTime {
    static func parse(_ text: String, timeZone: TimeZone) -> (time: LocalDateTime, utcOffsetMinutes: Int)? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.count == 10, let date = LocalDate(parsing: trimmed), let time = LocalDateTime(date: date, hour: 0, minute: 0) {
            return (time, time.utcOffsetMinutes(in: timeZone))
        }
        guard let match = trimmed.wholeMatch(of: /([0-9]{4}-[0-9]{2}-[0-9]{2})[ T]([0-9]{2}):([0-9]{2})(?::[0-9]{2}(?:\.[0-9]+)?)? ?(Z|[+-][0-9]{2}:?[0-9]{2})?/),
              let date = LocalDate(parsing: String(match.1)), let hour = Int(match.2), let minute = Int(match.3),
              let time = LocalDateTime(date: date, hour: hour, minute: minute) else { return nil }
        guard let zone = match.4 else { return (time, time.utcOffsetMinutes(in: timeZone)) }
        if zone == "Z" { return (time, 0) }
        let digits = zone.dropFirst().filter(\.isNumber)
        guard digits.count == 4, let hours = Int(digits.prefix(2)), let minutes = Int(digits.suffix(2)), minutes < 60 else { return nil }
        let offset = (hours * 60 + minutes) * (zone.first == "-" ? -1 : 1)
        return abs(offset) <= 840 ? (time, offset) : nil
    }
}

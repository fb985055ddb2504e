import FoodDiaryBase
import Foundation

/// A time as a phone's health app writes it, read as the wall clock where it was taken with that
/// place's UTC offset: Health Auto Export's `2026-03-09 07:12:00 +0100`, ISO 8601's
/// `2026-03-09T07:12:00+01:00` or `…Z`, or a bare day `2026-03-09` for a whole day's count, which
/// takes the diary's time zone.
enum HealthTime {
    static func parse(_ text: String, timeZone: TimeZone) -> (time: LocalDateTime, utcOffsetMinutes: Int)? {
        // By hand over the bytes: a week of minute-by-minute readings is tens of thousands of times,
        // and a regular expression took 150 µs a time, most of the request.
        let bytes = Array(text.utf8.drop { $0 == UInt8(ascii: " ") }.reversed().drop { $0 == UInt8(ascii: " ") }.reversed())
        guard bytes.count >= 10, let date = LocalDate(parsing: String(decoding: bytes[0..<10], as: UTF8.self)) else { return nil }
        if bytes.count == 10 {
            guard let time = LocalDateTime(date: date, hour: 0, minute: 0) else { return nil }
            return (time, time.utcOffsetMinutes(in: timeZone))
        }
        var index = 10
        func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += count
            return value
        }
        func skip(_ byte: Character) -> Bool {
            guard index < bytes.count, bytes[index] == byte.asciiValue else { return false }
            index += 1
            return true
        }
        guard skip(" ") || skip("T"), let hour = digits(2), skip(":"), let minute = digits(2),
            let time = LocalDateTime(date: date, hour: hour, minute: minute)
        else { return nil }
        if skip(":") {
            guard digits(2) != nil else { return nil }
            if skip(".") { while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 } }
        }
        _ = skip(" ")
        if index == bytes.count { return (time, time.utcOffsetMinutes(in: timeZone)) }
        if skip("Z") { return index == bytes.count ? (time, 0) : nil }
        let sign = skip("-") ? -1 : skip("+") ? 1 : 0
        guard sign != 0, let hours = digits(2) else { return nil }
        _ = skip(":")
        guard let minutes = digits(2), minutes < 60, index == bytes.count else { return nil }
        let offset = sign * (hours * 60 + minutes)
        return abs(offset) <= 840 ? (time, offset) : nil
    }
}

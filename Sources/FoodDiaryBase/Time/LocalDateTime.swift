import Foundation

/// A wall-clock date and time to the minute, as the person saw it where they ate.
///
/// Stored as `YYYY-MM-DDTHH:MM`, which sorts chronologically as text.
public struct LocalDateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let date: LocalDate
    public let hour: Int
    public let minute: Int

    public init?(date: LocalDate, hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.date = date
        self.hour = hour
        self.minute = minute
    }

    /// Accepts what `<input type="datetime-local">` sends: `YYYY-MM-DDTHH:MM`, optionally with
    /// seconds (dropped) and with a space instead of `T`.
    public init?(parsing text: String) {
        // Every stored time has exactly this shape; reading its digits directly keeps a page of
        // 50 meals from paying Foundation's trimming 50 times.
        if let stored = FixedDigits(text, shape: "dddd-dd-ddTdd:dd") {
            guard let date = LocalDate(year: stored[0...3], month: stored[5...6], day: stored[8...9]) else { return nil }
            self.init(date: date, hour: stored[11...12], minute: stored[14...15])
            return
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "T" || $0 == " " })
        guard parts.count == 2, let date = LocalDate(parsing: String(parts[0])) else { return nil }
        let clock = parts[1].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 2 || clock.count == 3,
            clock.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCIIDigit) }),
            let hour = Int(clock[0]), let minute = Int(clock[1])
        else { return nil }
        if clock.count == 3, let seconds = Int(clock[2]), seconds > 59 { return nil }
        self.init(date: date, hour: hour, minute: minute)
    }

    /// The wall-clock time at `instant` in `timeZone`.
    public init(_ instant: Date, in timeZone: TimeZone) {
        // The zone's offset at that instant, then calendar arithmetic: every page asks for "today",
        // and Calendar's date components cost more than the rest of a small page.
        let local = Int((instant.timeIntervalSince1970).rounded(.down)) + timeZone.secondsFromGMT(for: instant)
        let days = Int((Double(local) / 86_400).rounded(.down))
        let secondsIntoDay = local - days * 86_400
        self.date = LocalDate(daysSince1970: days)
        self.hour = secondsIntoDay / 3_600
        self.minute = secondsIntoDay % 3_600 / 60
    }

    /// The UTC offsets the diary's tables take (±14:00, the widest any place keeps): a time outside
    /// them came from a broken file.
    package static let storableUTCOffsetMinutes = -14 * 60...14 * 60

    /// The instant this wall-clock time was, `utcOffsetMinutes` ahead of UTC.
    public func instant(utcOffsetMinutes: Int) -> Date {
        Date(timeIntervalSince1970: Double(date.daysSince1970 * 86_400 + hour * 3_600 + minute * 60 - utcOffsetMinutes * 60))
    }

    /// The wall-clock time `minutes` later (earlier when negative), across midnight and months.
    public func adding(minutes: Int) -> LocalDateTime {
        LocalDateTime(instant(utcOffsetMinutes: 0).addingTimeInterval(Double(minutes) * 60), in: .gmt)
    }

    /// The form `datetime-local` inputs and the database use.
    public var description: String { "\(date)T\(Self.twoDigits(hour)):\(Self.twoDigits(minute))" }

    /// "13:05", or "1:05 PM" where the browser's language reads a 12-hour clock.
    public var clockText: String {
        guard ClockConvention.current.twelveHour else { return "\(Self.twoDigits(hour)):\(Self.twoDigits(minute))" }
        return "\(hour % 12 == 0 ? 12 : hour % 12):\(Self.twoDigits(minute))\u{202F}\(hour < 12 ? "AM" : "PM")"
    }

    /// The UTC offset `timeZone` had at this wall-clock time (DST-aware).
    public func utcOffsetMinutes(in timeZone: TimeZone) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: date.year, month: date.month, day: date.day, hour: hour, minute: minute)
        guard let instant = calendar.date(from: components) else { return timeZone.secondsFromGMT() / 60 }
        return timeZone.secondsFromGMT(for: instant) / 60
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.date != rhs.date ? lhs.date < rhs.date : lhs.hour != rhs.hour ? lhs.hour < rhs.hour : lhs.minute < rhs.minute
    }

    package static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

/// A calendar day with no time zone, the unit the diary groups meals by.
public struct LocalDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Parses `YYYY-MM-DD`, rejecting days that do not exist (2026-02-30).
    public init?(parsing text: String) {
        guard let digits = FixedDigits(text, shape: "dddd-dd-dd") else { return nil }
        self.init(year: digits[0...3], month: digits[5...6], day: digits[8...9])
    }

    package init?(year: Int, month: Int, day: Int) {
        guard year >= 1, (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day) else { return nil }
        self.init(uncheckedYear: year, month: month, day: day)
    }

    package init(uncheckedYear year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    public var description: String {
        let paddedYear = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return "\(paddedYear)-\(LocalDateTime.twoDigits(month))-\(LocalDateTime.twoDigits(day))"
    }

    /// The next calendar day, for half-open date ranges.
    public var next: LocalDate {
        if day < Self.daysIn(month: month, year: year) { return LocalDate(uncheckedYear: year, month: month, day: day + 1) }
        if month < 12 { return LocalDate(uncheckedYear: year, month: month + 1, day: 1) }
        return LocalDate(uncheckedYear: year + 1, month: 1, day: 1)
    }

    /// The calendar day before.
    public var previous: LocalDate {
        if day > 1 { return LocalDate(uncheckedYear: year, month: month, day: day - 1) }
        if month > 1 { return LocalDate(uncheckedYear: year, month: month - 1, day: Self.daysIn(month: month - 1, year: year)) }
        return LocalDate(uncheckedYear: year - 1, month: 12, day: 31)
    }

    /// `count` days later (earlier when negative).
    public func adding(days count: Int) -> LocalDate {
        var date = self
        for _ in 0..<abs(count) { date = count > 0 ? date.next : date.previous }
        return date
    }

    /// "Mon 9 Mar": short enough for a chart axis.
    public var shortText: String {
        let weekday = CalendarWords.shortWeekday(weekdayIndex)
        if ClockConvention.current.monthFirst { return "\(weekday) \(shortDayMonthText)" }
        return translatedWords(.short) {
            tr("\(weekday) \(day) \(CalendarWords.shortMonth(month))", context: "date: short weekday, day, short month")
        }
    }

    /// "9 Mar" ("Mar 9" where the browser's language puts the month first): a chart's axis over months.
    public var shortDayMonthText: String {
        if ClockConvention.current.monthFirst { return "\(CalendarWords.shortMonth(month)) \(day)" }
        return translatedWords(.dayMonth) { tr("\(day) \(CalendarWords.shortMonth(month))", context: "date: day, short month") }
    }

    /// "9 Mar 2026" ("Mar 9, 2026"): when something happened, in a list of settings.
    public var dayMonthYearText: String {
        if ClockConvention.current.monthFirst { return "\(shortDayMonthText), \(year)" }
        return translatedWords(.dayMonthYear) {
            tr("\(day) \(CalendarWords.shortMonth(month)) \(year)", context: "date: day, short month, year")
        }
    }

    /// "Monday 9 March 2026" ("Monday, March 9, 2026"): the heading of a day in the meal list.
    public var longText: String {
        if ClockConvention.current.monthFirst {
            return "\(CalendarWords.weekday(weekdayIndex)), \(CalendarWords.month(month)) \(day), \(year)"
        }
        return translatedWords(.long) {
            tr(
                "\(CalendarWords.weekday(weekdayIndex)) \(day) \(CalendarWords.month(month)) \(year)",
                context: "date: weekday, day, month, year")
        }
    }

    /// The ways a date is written in words.
    private enum Style: UInt8 { case short, dayMonth, dayMonthYear, long }

    private struct WordsKey: Hashable, Sendable {
        let language: String
        let date: LocalDate
        let style: Style
    }

    /// A date's words in a language with a catalogue, worked out once for the server: three
    /// lookups and a fill each time made a month's trends a tenth slower in German. English
    /// builds them directly, as cheaply as a lookup here.
    private func translatedWords(_ style: Style, _ words: () -> String) -> String {
        let language = RequestConventions.current.language
        guard language.hasMessages else { return words() }
        return Self.wordsInLanguages.value(WordsKey(language: language.code, date: self, style: style), words)
    }

    private static let wordsInLanguages = ServerMemo<WordsKey, String>(most: 50_000)

    /// 0 = Sunday, by Zeller-style arithmetic so no time zone is involved.
    package var weekdayIndex: Int {
        let offsets = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4]
        let y = month < 3 ? year - 1 : year
        return (y + y / 4 - y / 100 + y / 400 + offsets[month - 1] + day) % 7
    }

    /// By the numbers, not the text: a year's trend compares dates thousands of times a page.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.year != rhs.year ? lhs.year < rhs.year : lhs.month != rhs.month ? lhs.month < rhs.month : lhs.day < rhs.day
    }

    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

}

/// Formats a UTC offset the way ISO 8601 and people both read it: `+01:00`, `-05:30`.
/// ASCII text of a fixed shape, `d` standing for a digit and anything else for itself, read as
/// numbers by position.
package struct FixedDigits {
    private let bytes: [UInt8]

    package init?(_ text: String, shape: StaticString) {
        let bytes = Array(text.utf8)
        guard bytes.count == shape.utf8CodeUnitCount else { return nil }
        let pattern = UnsafeBufferPointer(start: shape.utf8Start, count: shape.utf8CodeUnitCount)
        for (byte, expected) in zip(bytes, pattern) {
            let matches = expected == UInt8(ascii: "d") ? (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) : byte == expected
            guard matches else { return nil }
        }
        self.bytes = bytes
    }

    package subscript(range: ClosedRange<Int>) -> Int {
        bytes[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
}

public func formatUTCOffset(minutes: Int) -> String {
    let sign = minutes < 0 ? "-" : "+"
    let magnitude = abs(minutes)
    return "\(sign)\(LocalDateTime.twoDigits(magnitude / 60)):\(LocalDateTime.twoDigits(magnitude % 60))"
}

extension Character {
    package var isASCIIDigit: Bool { ("0"..."9").contains(self) && isASCII }
}

extension LocalDate {
    /// Whole days from `self` to `other`: positive when `other` is later.
    package func days(to other: LocalDate) -> Int { other.daysSince1970 - daysSince1970 }
}

/// Where a page of things in time order ends: the last one's wall-clock time and id, written
/// `2026-03-09T12:30_42`, for the next page to start after.
public struct TimeCursor: Sendable, Equatable, CustomStringConvertible {
    public let at: LocalDateTime
    public let id: Int64

    public init(at: LocalDateTime, id: Int64) {
        self.at = at
        self.id = id
    }

    public init?(parsing text: String) {
        let parts = text.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 2, let at = LocalDateTime(parsing: String(parts[0])), let id = Int64(parts[1]), id > 0 else { return nil }
        self.init(at: at, id: id)
    }

    public var description: String { "\(at)_\(id)" }
}

extension LocalDate {
    /// The first day a diary keeps a reading or a drink on: a day before it is a mistyped year.
    package static let firstDiaryDay = LocalDate(uncheckedYear: 1900, month: 1, day: 1)

    /// Why a reading or a drink cannot be kept on this day, or nil: not before 1900, not after today.
    package func diaryDayProblem(today: LocalDate) -> String? {
        if self > today { return tr("That day has not come yet: pick today or a day before.") }
        if self < Self.firstDiaryDay { return tr("That day is before 1900: check the year.") }
        return nil
    }
}
